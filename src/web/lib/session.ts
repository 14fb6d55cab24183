import { hasAcceptedCurrentTerms } from '#domain/accounts/current-terms';
import type { TermsAgreement, UserRecord } from '#domain/records';
import { loadPb } from './lazy-pb';
import { forgetDevice } from './offline/keep-on-device';
import { OUTBOX_STORAGE_KEY } from './outbox/outbox-store';
import { AUTH_STORAGE_KEY, parseStoredAuth, readStoredAuthText } from './stored-auth';

export const USER_SETTINGS_CACHE_KEY = 'user_settings_cache';
/** The nursery's route headings, kept for the board's first paint (lib/settings/settings-cache.ts). */
export const NURSERY_HEADINGS_CACHE_KEY = 'nursery_headings_cache';

/** True when the record carries an agreement to the current terms (agreed, version v1.0). */
export function isTermsAccepted(record: { termsAgreement?: TermsAgreement | null } | null | undefined): boolean {
  return hasAcceptedCurrentTerms(record?.termsAgreement);
}

/**
 * The signed-in user, or null when there is no valid session. Same answer as
 * `pb.authStore.isValid ? pb.authStore.record : null` (the SDK's store reads the same storage),
 * but usable before the SDK has loaded.
 */
export function currentUser(): UserRecord | null {
  return parseStoredAuth(readStoredAuthText())?.record ?? null;
}

/** Where a session stands against the access gate (docs/product.md#access-gate, in the gate's order). */
export type SessionState = 'logged-out' | 'unverified' | 'no-terms' | 'new-password' | 'no-nursery' | 'ready';

export function sessionState(user: UserRecord | null = currentUser()): SessionState {
  if (!user) return 'logged-out';
  if (!user.verified) return 'unverified';
  if (!isTermsAccepted(user)) return 'no-terms';
  // An admin gave a temporary password: the person chooses their own before anything else.
  if (user.mustChangePassword) return 'new-password';
  // Taken out of their nursery by its admin: nothing to show until an invitation brings them into one.
  if (!user.nursery) return 'no-nursery';
  return 'ready';
}

/**
 * Ends the session: drops the cached settings, everything kept on the device (docs/decisions/046)
 * and the auth store, then reloads the page.
 */
export function logout(): void {
  try {
    localStorage.removeItem(USER_SETTINGS_CACHE_KEY);
    localStorage.removeItem(NURSERY_HEADINGS_CACHE_KEY);
    // Changes not sent belong to the device's session: the next person must not send them.
    localStorage.removeItem(OUTBOX_STORAGE_KEY);
    // Also removed directly, so the reload starts logged out even if the SDK chunk cannot load.
    localStorage.removeItem(AUTH_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode); the SDK's store is still cleared below.
  }
  const forgotten = forgetDevice().catch((err: unknown) => console.warn('Could not clear what this device kept.', err));
  void Promise.all([forgotten, loadPb().then((pb) => pb.authStore.clear())])
    .catch(() => undefined)
    .finally(() => window.location.reload());
}
