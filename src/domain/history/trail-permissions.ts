// Who may bring a record back from Deleted, and who may purge it for good (docs/decisions/034):
// office staff and admins restore, admins purge (docs/decisions/035). One function each, so the
// server's check and the screens' buttons cannot disagree.
import { can } from '../accounts/role-abilities';

/** The caller as these rules see them: an account, with its `role`. */
export type TrailCaller = object;

function roleOf(user: TrailCaller): string | null {
  const role = 'role' in user ? user.role : undefined;
  return typeof role === 'string' && role !== '' ? role : null;
}

/** Office staff and admins restore deleted orders and runs. */
export function canRestore(user: TrailCaller | null | undefined): boolean {
  return !!user && can(roleOf(user), 'restore');
}

/** Admins purge deleted orders and runs for good. */
export function canPurge(user: TrailCaller | null | undefined): boolean {
  return !!user && can(roleOf(user), 'purge');
}

export const RESTORE_REFUSED = 'Only office staff and admins can restore deleted orders and runs.';
export const PURGE_REFUSED = 'Only admins can purge deleted orders and runs.';
