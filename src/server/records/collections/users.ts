import { randomBytes } from 'node:crypto';
import { readTermsAgreementChange } from '#domain/accounts/terms';
import {
  defaultNurseryName,
  DISPLAY_NAME_MAX_LENGTH,
  validatePasswordPair,
  validateSignup,
  validateUsername,
} from '#domain/accounts/validate-signup';
import { users } from '#domain/collections/users';
import { ROLES, TERMS_VERSION, type Role, type TermsAgreement } from '#domain/records';
import { BLANK, readText, type FieldErrors } from '#domain/validation';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { signUpAttemptMail } from '../../mail/messages';
import { forbidden, validationFailed } from '../../errors';
import { openInvitation, useInvitation } from '../../team/invitation-use';
import { ANYONE, SIGNED_IN, type AccessRules } from '../access-rules';
import { CreateWith, NotStored, serverCollection, type WriteContext } from '../collection';
import { jsonColumn } from '../record-mapping';
import type { Row } from '../record-store';
import { newNurseryRow } from './nurseries';

export const newTokenKey = (): string => randomBytes(24).toString('base64url');

const USERNAME_TAKEN = { code: 'validation_not_unique', message: 'This username is already taken.' };
/** Said only to the operator, and to a client whose sign-up raced another one with the same new address. */
export const EMAIL_TAKEN = { code: 'validation_not_unique', message: 'An account with this email already exists.' };

const OWNER_OR_ADMIN = 'id = @request.auth.id || (@request.auth.role = "admin" && nursery = @request.auth.nursery)';

/** The people of the caller's nursery, once the caller may use it (verified, terms agreed). */
const TEAMMATES = `(nursery = @request.auth.nursery && @request.auth.nursery != "" && @request.auth.verified = true && @request.auth.termsVersion = "${TERMS_VERSION}")`;

/**
 * Anyone may sign up; a user sees their own record and their teammates' (to show who did what),
 * and updates only their own; an account's e-mail address is shown to its owner and the admins of
 * its nursery only; support deletes accounts (docs/decisions/036).
 */
const rules: AccessRules = {
  list: { gate: SIGNED_IN, condition: `id = @request.auth.id || ${TEAMMATES}` },
  view: { gate: SIGNED_IN, condition: `id = @request.auth.id || ${TEAMMATES}` },
  create: { gate: ANYONE, condition: null },
  update: { gate: SIGNED_IN, condition: 'id = @request.auth.id' },
  delete: {
    gate: SIGNED_IN,
    condition: 'id = @request.auth.id',
    deny: 'Accounts are deleted by support. Please contact the support address on the Settings page.',
  },
  // What only the person and their nursery's admins see (the Team page, docs/decisions/035).
  fields: { email: OWNER_OR_ADMIN, lastSignIn: OWNER_OR_ADMIN },
};

/**
 * Where a new account belongs: an existing nursery (its id and the person's role there; by
 * invitation, which invitation and the address it was sent to), or a new one it makes.
 */
type Membership = { nursery: string; role: Role; invitation?: { id: string; email: string } } | { newNursery: string };

/** SIGNUP=invite (docs/decisions/035): said to anyone who signs up without an invitation. */
export const SIGNUP_BY_INVITATION = 'Sign-up on this server is by invitation only. Ask an admin of your nursery to invite you.';

/**
 * Joining an existing nursery by invitation (`invite`, the token of the mailed link,
 * docs/decisions/035): its nursery and role, if it may be used now; else the invitation's sentence.
 */
async function joinByInvitation(token: string, context: WriteContext): Promise<Membership> {
  const invitation = await openInvitation(context.deps.store, token, context.deps.now());
  return { nursery: invitation.nursery, role: invitation.role, invitation: { id: invitation.id, email: invitation.email } };
}

/**
 * The nursery of a new account: the one a trusted caller (the operator, the demo seed) names with
 * the person's role, the one an invitation joins, or else a new one named `nurseryName` (or after
 * the person), of which they are the admin (docs/decisions/036).
 */
async function membershipOf(
  input: Record<string, unknown>,
  signup: { name: string; username: string; nurseryName: string; invite: string },
  context: WriteContext,
): Promise<Membership> {
  if (context.system && typeof input.nursery === 'string' && input.nursery !== '') {
    const role = (input.role ?? 'staff') as Role;
    if (!ROLES.includes(role)) throw new Error(`users: no such role "${String(input.role)}"`);
    if (!(await context.deps.store.findById('nurseries', input.nursery)))
      throw new Error(`users: no nursery has the id "${input.nursery}"`);
    return { nursery: input.nursery, role };
  }
  if (signup.invite !== '') return joinByInvitation(signup.invite, context);
  return { newNursery: signup.nurseryName || defaultNurseryName(signup.name, signup.username) };
}

/**
 * Accounts (fields: src/domain/collections/users.ts). Anyone may sign up (subject to
 * SIGNUP_ALLOWED_DOMAINS), making a new nursery; a user updates only their own record. Sign-up,
 * renames, password changes and the terms agreement have rules of their own, so this collection
 * replaces the generic create and update.
 */
export const usersCollection = serverCollection(users, {
  rules,
  needsDeletePassword: false,
  async prepareCreate(body, context) {
    const { system, deps } = context;
    const { users, config, now, passwordHashCost, outbox } = deps;
    // First of all: on an invitation-only server nothing else about an uninvited sign-up matters.
    const invite = typeof body === 'object' && body !== null ? (body as { invite?: unknown }).invite : undefined;
    if (!system && config.signup === 'invite' && (typeof invite !== 'string' || invite.trim() === ''))
      throw forbidden(SIGNUP_BY_INVITATION);
    const result = validateSignup(body, config.signupAllowedDomains);
    if (!result.ok) throw validationFailed(result.errors);
    const { email, username, password, termsAgreement, name } = result.value;
    // The e-mail address is looked up last, once every other field is right, so that no refusal
    // depends on whether an address has an account (docs/decisions/018).
    if (await users.findByUsername(username)) throw validationFailed({ username: USERNAME_TAKEN });
    const membership = await membershipOf(body as Record<string, unknown>, result.value, context);
    // Made (and its password hashed) before the lookup too, for the same reason.
    const nursery = 'newNursery' in membership ? await newNurseryRow(membership.newNursery, deps) : null;
    const invitation = 'invitation' in membership ? membership.invitation : undefined;
    const row: Row = {
      username,
      name,
      email,
      emailVisibility: Boolean((body as { emailVisibility?: unknown }).emailVisibility),
      // The invitation's link, mailed to this very address, proved it.
      verified: invitation !== undefined && invitation.email === email,
      // Hashed before the lookup: a taken address costs the same time as a new account.
      passwordHash: await hashPassword(password, passwordHashCost),
      tokenKey: newTokenKey(),
      termsAgreement: jsonColumn(stampAgreement(termsAgreement, now())),
      nursery: nursery ? nursery.id : 'nursery' in membership ? membership.nursery : '',
      role: nursery ? 'admin' : 'role' in membership ? membership.role : 'viewer',
    };
    const owner = await users.findByEmail(email);
    if (!owner) {
      if (nursery) return new CreateWith(row, [{ collection: 'nurseries', row: nursery }]);
      // Used in the same transaction as the account is made: one link, one account.
      if (invitation) return new CreateWith(row, [], (batch, made) => useInvitation(batch, invitation.id, String(made.id), now()));
      return row;
    }
    // The operator (CLI, seed) is told plainly.
    if (system) throw validationFailed({ email: EMAIL_TAKEN });
    // A client gets the answer of a new account, so nobody can test addresses through sign-up;
    // the owner of the address is told by mail what happened and how to get in.
    outbox.sendQuietly(signUpAttemptMail(config.appUrl, owner.email, owner.username), { nursery: owner.nursery });
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
    if ('name' in input) {
      const read = readText(input.name, DISPLAY_NAME_MAX_LENGTH);
      if (read.ok) changes.name = read.text.trim();
      else errors.name = read.error;
    }
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
          if (existing.mustChangePassword && pair.value.password === input.oldPassword)
            errors.password = {
              code: 'validation_same_password',
              message: 'Choose a password of your own, not the temporary one an admin gave you.',
            };
          changes.passwordHash = await hashPassword(pair.value.password, passwordHashCost);
          changes.tokenKey = newTokenKey();
          // The temporary password is replaced: the person may use the app again (docs/decisions/035).
          changes.mustChangePassword = false;
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
