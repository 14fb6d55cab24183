import { ClientResponseError } from 'pocketbase';
import type { UserRecord } from '#domain/records';
import { pb } from '../../lib/pb';
import { isTermsAccepted } from '../../lib/session';

/** Login outcomes (docs/product.md#messages), plus the server's rate limit. */
export type SignInOutcome =
  | { kind: 'success' }
  | { kind: 'unverified' }
  | { kind: 'no_terms' }
  /** `message`: the server's own sentence (a disabled account says who can help). */
  | { kind: 'forbidden'; message: string }
  | { kind: 'credentials' }
  | { kind: 'rate_limited'; message: string }
  | { kind: 'unknown' };

/** The words of docs/product.md#messages, character for character. */
export const signInMessages = {
  missingFields: 'Please enter both username and password',
  success: 'Login successful!',
  unverified: 'Please verify your email before logging in.',
  noTerms: 'You must agree to the Terms and Privacy Policy before logging in.',
  forbidden: 'Access denied. Please check your email or account status.',
  credentials: 'Incorrect username or password.',
  unknown: 'Unexpected error occurred.',
} as const;

/**
 * Signs in with a username or e-mail. The server accepts unverified users and users without
 * terms, so the checks happen here: unverified users are signed straight out again, users
 * without terms keep their session so /accept-terms can record their consent.
 */
export async function signIn(identity: string, password: string): Promise<SignInOutcome> {
  try {
    const auth = await pb.collection('users').authWithPassword<UserRecord>(identity, password);
    if (!auth.record.verified) {
      pb.authStore.clear();
      return { kind: 'unverified' };
    }
    if (!isTermsAccepted(auth.record)) return { kind: 'no_terms' };
    return { kind: 'success' };
  } catch (err) {
    if (!(err instanceof ClientResponseError)) return { kind: 'unknown' };
    if (err.status === 403) return { kind: 'forbidden', message: err.message || signInMessages.forbidden };
    if (err.status === 400) return { kind: 'credentials' };
    if (err.status === 429) return { kind: 'rate_limited', message: err.message || signInMessages.unknown };
    return { kind: 'unknown' };
  }
}

/** The sentence the screen shows for an outcome other than success. */
export function describeSignInOutcome(outcome: SignInOutcome): string {
  switch (outcome.kind) {
    case 'success':
      return signInMessages.success;
    case 'unverified':
      return signInMessages.unverified;
    case 'no_terms':
      return signInMessages.noTerms;
    case 'forbidden':
      return outcome.message;
    case 'credentials':
      return signInMessages.credentials;
    case 'rate_limited':
      return outcome.message;
    case 'unknown':
      return signInMessages.unknown;
  }
}
