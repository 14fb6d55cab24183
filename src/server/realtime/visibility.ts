import { hasAcceptedCurrentTerms } from '#domain/accounts/current-terms';
import { COLLECTIONS } from '#domain/records';
import { parseTerms, type AuthContext } from '../auth/auth-context';
import type { Collection } from '../records/collection';

/**
 * Whether `auth` may see `record` of `collection` through a list (`*` topics) or a view (`{id}`
 * topics): today's read rules, in the predicate form realtime needs (the SQL form lives in each
 * collection's readScope). The integrator swaps this for server-core's `canRead` (access rules as
 * data), which has the same signature, so realtime and lists can never disagree.
 */
export function canRead(collection: Collection, _action: 'list' | 'view', auth: AuthContext, record: Record<string, unknown>): boolean {
  const user = auth.user;
  if (!user) return false;
  if (collection.name === COLLECTIONS.users) return record.id === user.id;
  // Staff collections: verified e-mail and the current terms (D3, auth-context requireStaff).
  if (!user.verified || !hasAcceptedCurrentTerms(parseTerms(user.termsAgreement))) return false;
  if (collection.name === COLLECTIONS.userSettings) return record.user === user.id;
  return collection.name === COLLECTIONS.tasks || collection.name === COLLECTIONS.trolleyExports;
}
