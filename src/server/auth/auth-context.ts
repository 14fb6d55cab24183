import type { TermsAgreement } from '#domain/records';
import { unauthorized } from '../errors';
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

// Who may use staff data (verified, terms v1.0) is an access rule: STAFF in records/access-rules.ts.

export function requireUser(auth: AuthContext): UsersTable {
  if (!auth.user) throw unauthorized();
  return auth.user;
}
