import { can, type Ability } from '#domain/accounts/role-abilities';
import { useCurrentUser } from './use-current-user';

/**
 * Whether the signed-in person's role may do `ability` (docs/decisions/035): screens hide what it
 * may not. The server refuses it regardless; this only spares people buttons that cannot work.
 */
export function useCan(ability: Ability): boolean {
  return can(useCurrentUser()?.role, ability);
}
