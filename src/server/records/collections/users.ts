import { randomBytes } from 'node:crypto';
import { readTermsAgreementChange } from '#domain/accounts/terms';
import { validatePasswordPair, validateSignup, validateUsername } from '#domain/accounts/validate-signup';
import { COLLECTIONS, type TermsAgreement } from '#domain/records';
import type { FieldErrors } from '#domain/validation';
import { parseTerms } from '../../auth/auth-context';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { validationFailed } from '../../errors';
import { ANYONE, SIGNED_IN, type AccessRules } from '../access-rules';
import type { Collection } from '../collection';
import type { Row } from '../record-store';
import { BASE_FIELDS } from './base-fields';

export const USERS_COLLECTION_ID = '_pb_users_auth_';

export const newTokenKey = (): string => randomBytes(24).toString('base64url');

const USERNAME_TAKEN = { code: 'validation_not_unique', message: 'This username is already taken.' };
const EMAIL_TAKEN = { code: 'validation_not_unique', message: 'An account with this email already exists.' };

/** Anyone may sign up; a user sees and updates only their own record; support deletes accounts. */
const rules: AccessRules = {
  list: { gate: SIGNED_IN, condition: 'id = @request.auth.id' },
  view: { gate: SIGNED_IN, condition: 'id = @request.auth.id' },
  create: { gate: ANYONE, condition: null },
  update: { gate: SIGNED_IN, condition: 'id = @request.auth.id' },
  delete: {
    gate: SIGNED_IN,
    condition: 'id = @request.auth.id',
    deny: 'Accounts are deleted by support. Please contact the support address on the Settings page.',
  },
};

/**
 * Accounts. Anyone may sign up (subject to SIGNUP_ALLOWED_DOMAINS); a user sees and updates only
 * their own record, and can never set `verified` or change their e-mail here (docs/decisions/005).
 */
export const usersCollection: Collection = {
  name: COLLECTIONS.users,
  id: USERS_COLLECTION_ID,
  table: 'users',
  fields: {
    ...BASE_FIELDS,
    username: { column: 'username', type: 'text' },
    email: { column: 'email', type: 'text' },
    verified: { column: 'verified', type: 'bool' },
  },
  toRecord: (row) => ({
    id: row.id,
    collectionId: USERS_COLLECTION_ID,
    collectionName: COLLECTIONS.users,
    username: row.username,
    email: row.email,
    emailVisibility: Boolean(row.emailVisibility),
    verified: Boolean(row.verified),
    termsAgreement: parseTerms(String(row.termsAgreement ?? '')),
    created: row.created,
    updated: row.updated,
  }),
  rules,
  async prepareCreate(body, { deps: { users, config, now, passwordHashCost } }) {
    const result = validateSignup(body, config.signupAllowedDomains);
    if (!result.ok) throw validationFailed(result.errors);
    const { email, username, password, termsAgreement } = result.value;
    const taken: FieldErrors = {};
    if (await users.findByUsername(username)) taken.username = USERNAME_TAKEN;
    if (await users.findByEmail(email)) taken.email = EMAIL_TAKEN;
    if (Object.keys(taken).length > 0) throw validationFailed(taken);
    return {
      username,
      email,
      emailVisibility: false,
      verified: false,
      passwordHash: await hashPassword(password, passwordHashCost),
      tokenKey: newTokenKey(),
      termsAgreement: JSON.stringify(stampAgreement(termsAgreement, now())),
    };
  },
  async prepareUpdate(body, existing, { deps: { users, now, passwordHashCost } }) {
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw validationFailed({ body: { code: 'validation_invalid_body', message: 'The account details could not be read.' } });
    const input = body as Record<string, unknown>;
    const errors: FieldErrors = {};
    const changes: Row = {};
    if ('verified' in input && Boolean(input.verified) !== Boolean(existing.verified)) {
      errors.verified = { code: 'validation_forbidden', message: 'Your email is verified through the link we send you.' };
    }
    if ('email' in input && String(input.email ?? '').toLowerCase() !== existing.email) {
      errors.email = { code: 'validation_forbidden', message: 'Your email address cannot be changed here. Please contact support.' };
    }
    if ('username' in input) {
      const checked = validateUsername(input.username);
      if (!checked.ok) Object.assign(errors, checked.errors);
      else if (checked.value !== existing.username) {
        // A change of letter case only is a rename of one's own name, not a clash.
        if (checked.value.toLowerCase() !== String(existing.username).toLowerCase() && (await users.findByUsername(checked.value)))
          errors.username = USERNAME_TAKEN;
        else changes.username = checked.value;
      }
    }
    if ('emailVisibility' in input) changes.emailVisibility = Boolean(input.emailVisibility);
    if ('termsAgreement' in input) {
      const terms = readTermsAgreementChange(input.termsAgreement);
      if (terms.ok) changes.termsAgreement = JSON.stringify(stampAgreement(terms.value, now()));
      else errors.termsAgreement = terms.error;
    }
    if ('password' in input) {
      const pair = validatePasswordPair(input.password, input.passwordConfirm);
      if (!pair.ok) Object.assign(errors, pair.errors);
      else if (typeof input.oldPassword !== 'string' || !(await verifyPassword(String(existing.passwordHash), input.oldPassword))) {
        errors.oldPassword = { code: 'validation_invalid_old_password', message: 'Your current password is not correct.' };
      } else {
        changes.passwordHash = await hashPassword(pair.value.password, passwordHashCost);
        changes.tokenKey = newTokenKey();
      }
    }
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
    return changes;
  },
  needsDeletePassword: false,
  describeConflict(error): FieldErrors | null {
    const text = String(error instanceof Error ? error.message : error);
    if (/username/i.test(text)) return { username: USERNAME_TAKEN };
    if (/email/i.test(text)) return { email: EMAIL_TAKEN };
    return null;
  },
};

/** The agreement is recorded at the server's time, so the timestamp can be trusted. */
function stampAgreement(terms: TermsAgreement, now: Date): TermsAgreement {
  return { agreed: terms.agreed, version: terms.version, timestamp: now.toISOString() };
}
