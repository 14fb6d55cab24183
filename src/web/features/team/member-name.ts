import type { UserRecord } from '#domain/records';

/** How teammates read a person: their display name, else their username. */
export function memberName(member: Pick<UserRecord, 'name' | 'username'>): string {
  return member.name.trim() || member.username;
}
