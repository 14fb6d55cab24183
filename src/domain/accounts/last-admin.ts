// A nursery always keeps an admin who can sign in (docs/decisions/035): nobody can demote,
// disable or remove its last one, or the nursery's people and settings would be out of reach.

/** What of a member the rule reads. */
export interface TeamMember {
  id: string;
  role: string;
  disabled: boolean;
}

/** A change an admin makes to one member: a new role, disabling or enabling, or taking them out of the nursery. */
export type TeamChange = { role: string } | { disabled: boolean } | { remove: true };

/** An admin who can still sign in. */
const isActiveAdmin = (member: TeamMember): boolean => member.role === 'admin' && !member.disabled;

function applied(member: TeamMember, change: TeamChange): TeamMember | null {
  if ('remove' in change) return null;
  if ('role' in change) return { ...member, role: change.role };
  return { ...member, disabled: change.disabled };
}

/**
 * The sentence refusing `change` to member `targetId` when it would leave the nursery (`members`,
 * everyone in it) without an active admin; null when the change may go ahead.
 */
export function lastAdminRefusal(members: readonly TeamMember[], targetId: string, change: TeamChange): string | null {
  const target = members.find((member) => member.id === targetId);
  if (!target || !isActiveAdmin(target)) return null;
  const after = members.flatMap((member) => {
    if (member.id !== targetId) return [member];
    const changed = applied(member, change);
    return changed ? [changed] : [];
  });
  if (after.some(isActiveAdmin)) return null;
  const what = 'remove' in change ? 'removing them' : 'role' in change ? 'changing their role' : 'disabling them';
  return `This is the nursery's only admin. Make someone else an admin first, before ${what}: a nursery always needs an admin.`;
}
