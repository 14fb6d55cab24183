// Route guards that enforce who may see which screen (docs/product.md#access-gate).
// They judge the stored session synchronously, so the board paints without waiting for the
// network; app.tsx runs them again once the page load's auth refresh has seen the server's record.
// Each returns the path to send the user to instead, or null to let the screen show. What a
// role may open is not a guard: the screen says so in a sentence (routes.tsx, onlyFor).
import { currentUser, sessionState } from '../lib/session';
import type { Path } from '../lib/router/location';
import { paths } from '../lib/paths';
import { returnPathFrom, withReturnPath } from '../lib/return-path';

const RESET_HASH_PREFIX = '#/auth/confirm-password-reset/';

/** Protected screens, in the order of docs/product.md#access-gate: login, then verification, then terms. */
export function requireReady(target: Path): string | null {
  switch (sessionState()) {
    case 'logged-out':
      return withReturnPath(paths.login, target);
    case 'unverified':
      return paths.resendVerification;
    case 'no-terms':
      return withReturnPath(paths.acceptTerms, target);
    case 'new-password':
      return paths.changePassword;
    case 'no-nursery':
      return paths.noNursery;
    case 'ready':
      return null;
  }
}

/** /accept-terms: any signed-in user, whether or not verified and agreed. */
export function requireLogin(): string | null {
  return currentUser() ? null : paths.login;
}

/** Logged-out-only screens send a fully signed-in user to the board, or to the page the login was asked for. */
export function loggedOutOnly(target: Path): string | null {
  return sessionState() === 'ready' ? (returnPathFrom(target.search, paths.login) ?? paths.board) : null;
}

/**
 * `/_/`: reset links in PocketBase's admin form (`/_/#/auth/confirm-password-reset/<token>`)
 * land on our reset page; anything else goes to login.
 */
export function adminHashRedirect({ hash }: Path): string {
  if (hash.startsWith(RESET_HASH_PREFIX)) {
    const token = decodeURIComponent(hash.slice(RESET_HASH_PREFIX.length));
    return `${paths.resetPassword}?${new URLSearchParams({ token }).toString()}`;
  }
  return paths.login;
}

/** Any path not in the route table: the login page, never the unknown path's content. */
export function unknownPath(): string {
  return paths.login;
}
