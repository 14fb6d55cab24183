// Who may bring a record back from Deleted, and who may purge it for good (docs/decisions/034).
// One function each, so the server's check and the screens' buttons cannot disagree; the roles
// (admin, office, staff, viewer) decide once accounts have them.

/** The caller as these rules see them: an account (with a `role` once accounts have roles). */
export type TrailCaller = object;

function roleOf(user: TrailCaller): string | null {
  const role = 'role' in user ? user.role : undefined;
  return typeof role === 'string' && role !== '' ? role : null;
}

/** Office staff and admins restore deleted orders and runs; until accounts have roles, anyone signed in. */
export function canRestore(user: TrailCaller | null | undefined): boolean {
  if (!user) return false;
  const role = roleOf(user);
  return role === null || role === 'office' || role === 'admin';
}

/** Admins purge deleted orders and runs for good; until accounts have roles, anyone signed in. */
export function canPurge(user: TrailCaller | null | undefined): boolean {
  if (!user) return false;
  const role = roleOf(user);
  return role === null || role === 'admin';
}

export const RESTORE_REFUSED = 'Only office staff and admins can restore deleted orders and runs.';
export const PURGE_REFUSED = 'Only admins can purge deleted orders and runs.';
