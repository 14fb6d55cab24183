import { hasAcceptedCurrentTerms } from '#domain/accounts/current-terms';
import type { TermsAgreement } from '#domain/records';
import { forbidden, unauthorized } from '../errors';
import type { UsersTable } from '../db/schema';

/** Who is calling: the signed-in user's row, or null for a visitor. */
export interface AuthContext {
  user: UsersTable | null;
}

export function parseTerms(stored: string): TermsAgreement | null {
  if (!stored) return null;
  try {
    return JSON.parse(stored) as TermsAgreement;
  } catch {
    return null;
  }
}

/**
 * Staff screens' data (orders, settings, runs) is for signed-in users with a verified e-mail who
 * accepted the current terms (DECISIONS D3). Throws 401/403 with a message the web app can show.
 */
export function requireStaff(auth: AuthContext): UsersTable {
  const user = auth.user;
  if (!user) throw unauthorized();
  if (!user.verified) throw forbidden('Please verify your email before using Trolleyboard.');
  if (!hasAcceptedCurrentTerms(parseTerms(user.termsAgreement))) {
    throw forbidden('You must agree to the Terms and Privacy Policy before using Trolleyboard.');
  }
  return user;
}

export function requireUser(auth: AuthContext): UsersTable {
  if (!auth.user) throw unauthorized();
  return auth.user;
}
