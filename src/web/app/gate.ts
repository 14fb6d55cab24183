// Route loaders that enforce who may see which screen (spec section 2, "Access gate").
// They judge the stored session synchronously, so the board paints without waiting for the
// network; app.tsx re-runs them once the page load's auth refresh has seen the server's record.
import { redirect } from 'react-router';
import { currentUser, sessionState } from '../lib/session';
import { paths } from './paths';

const RESET_HASH_PREFIX = '#/auth/confirm-password-reset/';

/** Protected screens, in the spec's order: login, then verification, then terms. */
export function requireReadyLoader(): null {
  switch (sessionState()) {
    case 'logged-out':
      throw redirect(paths.login);
    case 'unverified':
      throw redirect(paths.resendVerification);
    case 'no-terms':
      throw redirect(paths.acceptTerms);
    case 'ready':
      return null;
  }
}

/** /accept-terms: any signed-in user, whether or not verified and agreed. */
export function requireLoginLoader(): null {
  if (!currentUser()) throw redirect(paths.login);
  return null;
}

/** Logged-out-only screens send a fully signed-in user to the board. */
export function loggedOutOnlyLoader(): null {
  if (sessionState() === 'ready') throw redirect(paths.board);
  return null;
}

/**
 * `/_/`: reset links in PocketBase's admin form (`/_/#/auth/confirm-password-reset/<token>`)
 * land on our reset page; anything else goes to login. The hash never reaches the loader's
 * request, so it is read from the window.
 */
export function adminHashRedirectLoader(): never {
  loggedOutOnlyLoader();
  const hash = window.location.hash;
  if (hash.startsWith(RESET_HASH_PREFIX)) {
    const token = decodeURIComponent(hash.slice(RESET_HASH_PREFIX.length));
    throw redirect(`${paths.resetPassword}?${new URLSearchParams({ token }).toString()}`);
  }
  throw redirect(paths.login);
}

/** Any path not in the route table: the login page, never the unknown path's content. */
export function unknownPathLoader(): never {
  throw redirect(paths.login);
}

/** Gate routes answer from the current session on every navigation (login/terms change it). */
export const alwaysRevalidate = (): boolean => true;
