import { randomBytes } from 'node:crypto';
import { readTermsAgreementChange } from '#domain/accounts/terms';
import { validatePasswordPair, validateSignup, validateUsername } from '#domain/accounts/validate-signup';
import { users } from '#domain/collections/users';
import type { TermsAgreement } from '#domain/records';
import { BLANK, type FieldErrors } from '#domain/validation';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { signUpAttemptMail } from '../../mail/messages';
import { validationFailed } from '../../errors';
import { ANYONE, SIGNED_IN, type AccessRules } from '../access-rules';
import { NotStored, serverCollection } from '../collection';
import { jsonColumn } from '../record-mapping';
import type { Row } from '../record-store';

export const newTokenKey = (): string => randomBytes(24).toString('base64url');

const USERNAME_TAKEN = { code: 'validation_not_unique', message: 'This username is already taken.' };
/** Said only to the operator, and to a client whose sign-up raced another one with the same new address. */
export const EMAIL_TAKEN = { code: 'validation_not_unique', message: 'An account with this email already exists.' };

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
 * Accounts (fields: src/domain/collections/users.ts). Anyone may sign up (subject to
 * SIGNUP_ALLOWED_DOMAINS); a user sees and updates only their own record. Sign-up, renames,
 * password changes and the terms agreement have rules of their own, so this collection replaces
 * the generic create and update.
 */
export const usersCollection = serverCollection(users, {
  rules,
  needsDeletePassword: false,
  async prepareCreate(body, { system, deps: { users, config, now, passwordHashCost, sendMail } }) {
    const result = validateSignup(body, config.signupAllowedDomains);
    if (!result.ok) throw validationFailed(result.errors);
    const { email, username, password, termsAgreement } = result.value;
    // The e-mail address is looked up last, once every other field is right, so that no refusal
    // depends on whether an address has an account (docs/decisions/018).
    if (await users.findByUsername(username)) throw validationFailed({ username: USERNAME_TAKEN });
    const row: Row = {
      username,
      email,
      emailVisibility: Boolean((body as { emailVisibility?: unknown }).emailVisibility),
      verified: false,
      // Hashed before the lookup: a taken address costs the same time as a new account.
      passwordHash: await hashPassword(password, passwordHashCost),
      tokenKey: newTokenKey(),
      termsAgreement: jsonColumn(stampAgreement(termsAgreement, now())),
    };
    const owner = await users.findByEmail(email);
    if (!owner) return row;
    // The operator (CLI, seed) is told plainly.
    if (system) throw validationFailed({ email: EMAIL_TAKEN });
    // A client gets the answer of a new account, so nobody can test addresses through sign-up;
    // the owner of the address is told by mail what happened and how to get in.
    sendMail(signUpAttemptMail(config.appUrl, owner.email, owner.username));
    return new NotStored(row);
  },
  async prepareUpdate(body, existing, { address, deps: { users, now, passwordHashCost, loginThrottle } }) {
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw validationFailed({ body: { code: 'validation_invalid_body', message: 'The account details could not be read.' } });
    const input = body as Record<string, unknown>;
    const errors: FieldErrors = {};
    const changes: Row = {};
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
      if (terms.ok) changes.termsAgreement = jsonColumn(stampAgreement(terms.value, now()));
      else errors.termsAgreement = terms.error;
    }
    if ('password' in input) {
      const pair = validatePasswordPair(input.password, input.passwordConfirm);
      if (!pair.ok) Object.assign(errors, pair.errors);
      else if (typeof input.oldPassword !== 'string' || input.oldPassword === '') errors.oldPassword = BLANK;
      else {
        // A check of the current password is a sign-in by another door: one budget of failures
        // per address and account for both, kept in the database (docs/decisions/028), so a session left open on
        // a yard tablet cannot be used to guess the password behind it.
        const userId = String(existing.id);
        await loginThrottle.assertOpen(address, userId, '');
        if (!(await verifyPassword(String(existing.passwordHash), input.oldPassword))) {
          await loginThrottle.recordFailure(address, userId, '');
          errors.oldPassword = { code: 'validation_invalid_old_password', message: 'Your current password is not correct.' };
        } else {
          await loginThrottle.recordSuccess(address, userId);
          changes.passwordHash = await hashPassword(pair.value.password, passwordHashCost);
          changes.tokenKey = newTokenKey();
        }
      }
    }
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
    return changes;
  },
  describeConflict(error): FieldErrors | null {
    const text = String(error instanceof Error ? error.message : error);
    if (/username/i.test(text)) return { username: USERNAME_TAKEN };
    if (/email/i.test(text)) return { email: EMAIL_TAKEN };
    return null;
  },
});

/** The agreement is recorded at the server's time, so the timestamp can be trusted. */
function stampAgreement(terms: TermsAgreement, now: Date): TermsAgreement {
  return { agreed: terms.agreed, version: terms.version, timestamp: now.toISOString() };
}
