import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { checkEmail, validatePasswordPair } from '#domain/accounts/validate-signup';
import { BLANK, type FieldError } from '#domain/validation';
import type { Config } from '../config';
import type { UsersTable } from '../db/schema';
import { badRequest, forbidden, validationFailed } from '../errors';
import { formatTimestamp } from '../records/ids';
import type { Outbox } from '../mail/outbox';
import { emailChangeMail, passwordResetMail, verificationMail } from '../mail/messages';
import { fieldValidator } from '../plugins/field-validator';
import type { RecordService } from '../records/record-service';
import { SIGNED_IN } from '../records/access-rules';
import { EMAIL_TAKEN, newTokenKey, usersCollection } from '../records/collections/users';
import type { UsersRepository } from '../users/users-repository';
import { requireUser } from './auth-context';
import { LoginThrottle } from './login-throttle';
import { requireAccess } from './require-access';
import { hashPassword, isBcryptHash, verifyPasswordOf } from './passwords';
import type { Throttles } from './throttles';
import type { TokenService } from './token-service';

export interface AuthRoutesOptions {
  users: UsersRepository;
  /** Every write (verification, password reset) goes through the one write path. */
  records: RecordService;
  config: Config;
  /** The server's clock (last sign-in times). */
  now: () => Date;
  tokens: TokenService;
  /** Every mail, within the mail limits (docs/decisions/055). */
  outbox: Outbox;
  throttles: Throttles;
}

const BASE = '/api/collections/users';
/** Sign-in of an account an admin disabled (docs/decisions/035). */
export const DISABLED = 'This account has been disabled by an admin of your nursery. Ask them if you need it again.';
const VERIFICATION_TTL = 7 * 24 * 3600;
const RESET_TTL = 3600;
const EMAIL_CHANGE_TTL = 24 * 3600;

// Bodies, read by their schemas (field-validator.ts): each wrong field gets PocketBase's error on
// that field, and a body that is no object is wrong in every field. Other names are ignored, as
// PocketBase ignores them.
const INVALID_EMAIL: FieldError = { code: 'validation_invalid_email', message: 'Must be a valid email address.' };
const INVALID_VERIFICATION: FieldError = { code: 'validation_invalid_token', message: 'Invalid or expired verification token.' };
const INVALID_RESET: FieldError = { code: 'validation_invalid_token', message: 'Invalid or expired password reset token.' };
const INVALID_EMAIL_CHANGE: FieldError = {
  code: 'validation_invalid_token',
  message: 'Invalid or expired link. Ask for a new one on Settings.',
};
/** Only an account without an address adds one (docs/decisions/056); an address, once there, stays. */
const HAS_EMAIL: FieldError = {
  code: 'validation_forbidden',
  message: 'Your email address cannot be changed here. Please contact support.',
};
const WRONG_PASSWORD: FieldError = { code: 'validation_invalid_password', message: 'Your password is not correct.' };
/** A 400 whose message is the field's own sentence, for forms that show one line. */
const fieldRefused = (field: string, error: FieldError) => badRequest(error.message, { [field]: error });
/** An address, with spaces around it allowed (they are trimmed). Deliberately loose: the mail is the real check. */
const EMAIL_PATTERN = '^\\s*[^\\s@<>]+@[^\\s@<>]+\\.[^\\s@<>]+\\s*$';

const PasswordSignIn = Type.Object(
  // Not blank: an identity with something besides spaces, a password of one character or more.
  { identity: Type.String({ pattern: '\\S' }), password: Type.String({ minLength: 1 }) },
  { additionalProperties: true },
);
const EmailRequest = Type.Object({ email: Type.String({ pattern: EMAIL_PATTERN }) }, { additionalProperties: true });
const TokenConfirm = Type.Object({ token: Type.String() }, { additionalProperties: true });
// The address is read by checkEmail, with sign-up's messages (SIGNUP_ALLOWED_DOMAINS too).
const EmailChangeRequest = Type.Object({ newEmail: Type.Optional(Type.Unknown()) }, { additionalProperties: true });
const EmailChangeConfirm = Type.Object({ token: Type.String(), password: Type.String({ minLength: 1 }) }, { additionalProperties: true });
// The new password is read by validatePasswordPair, with the messages of every password form.
const PasswordResetConfirm = Type.Object(
  { token: Type.String(), password: Type.Optional(Type.Unknown()), passwordConfirm: Type.Optional(Type.Unknown()) },
  { additionalProperties: true },
);

const signInFields = fieldValidator({ identity: BLANK, password: BLANK });
const emailField = fieldValidator({ email: INVALID_EMAIL });

/** PocketBase's auth endpoints for the users collection. */
export async function authRoutes(fastify: FastifyInstance, options: AuthRoutesOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { users, records, config, tokens, outbox, now } = options;
  // Only the auth endpoints are rate-limited; ordinary API use is never throttled (docs/decisions/005).
  const AUTH_RATE_LIMIT = { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } };
  const throttle = new LoginThrottle(options.throttles);

  const authResponse = async (user: UsersTable) => ({
    token: await tokens.issue('auth', user, config.tokenTtlSeconds),
    record: usersCollection.toRecord(user as unknown as Record<string, unknown>),
  });

  /** E-mail addresses are stored lower-case. */
  const normalEmail = (email: string): string => email.trim().toLowerCase();

  app.get(`${BASE}/auth-methods`, async () => ({
    password: { enabled: true, identityFields: ['username', 'email'] },
    oauth2: { enabled: false, providers: [] },
    mfa: { enabled: false, duration: 0 },
    otp: { enabled: false, duration: 0 },
  }));

  app.post(
    `${BASE}/auth-with-password`,
    { config: AUTH_RATE_LIMIT, schema: { body: PasswordSignIn }, validatorCompiler: signInFields },
    async (request) => {
      const identity = request.body.identity.trim();
      const { password } = request.body;
      const user = await users.findByIdentity(identity);
      await throttle.assertOpen(request.ip, user?.id ?? null, identity);
      // An unknown name costs a (dummy) hash check too, so timing does not reveal which names exist.
      const passwordMatches = await verifyPasswordOf(user, password);
      if (!user || !passwordMatches) {
        await throttle.recordFailure(request.ip, user?.id ?? null, identity);
        throw badRequest('Failed to authenticate.');
      }
      await throttle.recordSuccess(request.ip, user.id);
      // Said only to whoever knows the password: it reveals nothing to anyone else (docs/decisions/035).
      if (user.disabled) throw forbidden(DISABLED);
      // When they last signed in, for their nursery's admins (the Team page). Bookkeeping: a
      // sign-in that cannot record it (a full disk, another sign-in racing on the record) still
      // signs in. A password imported from PocketBase (bcrypt) is rehashed to ours now that we
      // know it (docs/decisions/048).
      const rehashed = isBcryptHash(user.passwordHash) ? { passwordHash: await hashPassword(password, config.passwordHashCost) } : {};
      const signedIn = await records
        .systemUpdate('users', user.id, { lastSignIn: formatTimestamp(now()), ...rehashed })
        .then((row) => row as unknown as UsersTable)
        .catch((error: unknown) => {
          request.log.warn({ err: error }, 'The time of a sign-in could not be recorded');
          return user;
        });
      // Unverified users and users without terms still sign in (docs/decisions/005): the app tells them what to do next.
      return authResponse(signedIn);
    },
  );

  // Any signed-in user, verified or not (their own account): the access gate answers a visitor.
  app.post(`${BASE}/auth-refresh`, { preHandler: requireAccess(SIGNED_IN, 'auth-refresh') }, async (request) =>
    authResponse(requireUser(request.auth)),
  );

  app.post(
    `${BASE}/request-verification`,
    { config: AUTH_RATE_LIMIT, schema: { body: EmailRequest }, validatorCompiler: emailField },
    async (request, reply) => {
      const user = await users.findByEmail(normalEmail(request.body.email));
      // 204 whether or not the address exists, so nobody can discover accounts (issue 2).
      if (user && !user.verified) {
        // Quietly: over a mail limit nothing is sent, and the answer stays 204 (docs/decisions/055).
        outbox.sendQuietly(
          verificationMail(config.appUrl, user.email, user.username, await tokens.issue('verification', user, VERIFICATION_TTL)),
          { nursery: user.nursery },
        );
      }
      return reply.code(204).send();
    },
  );

  app.post(
    `${BASE}/confirm-verification`,
    { config: AUTH_RATE_LIMIT, schema: { body: TokenConfirm }, validatorCompiler: fieldValidator({ token: INVALID_VERIFICATION }) },
    async (request, reply) => {
      const user = await tokens.userOf(request.body.token, 'verification');
      if (!user) throw validationFailed({ token: INVALID_VERIFICATION });
      if (!user.verified) await records.systemUpdate('users', user.id, { verified: true }, { ifMatch: user.updated });
      return reply.code(204).send();
    },
  );

  // PocketBase's e-mail change, for one case only: a yard account (no address, e.g. one an admin
  // added in the original app) adds an address; the mailed link proves it (docs/decisions/056).
  app.post(
    `${BASE}/request-email-change`,
    { config: AUTH_RATE_LIMIT, schema: { body: EmailChangeRequest }, preHandler: requireAccess(SIGNED_IN, 'request-email-change') },
    async (request, reply) => {
      const user = requireUser(request.auth);
      if (user.email !== '') throw fieldRefused('newEmail', HAS_EMAIL);
      const checked = checkEmail(request.body.newEmail, config.signupAllowedDomains);
      if (!checked.ok) throw fieldRefused('newEmail', checked.error);
      // 204 whether or not the address has an account, so nobody learns whose it is (docs/decisions/018):
      // the link goes to the address, and only its owner can see that it is taken.
      outbox.sendQuietly(
        emailChangeMail(
          config.appUrl,
          checked.email,
          user.username,
          await tokens.issue('emailChange', user, EMAIL_CHANGE_TTL, checked.email),
        ),
        { nursery: user.nursery },
      );
      return reply.code(204).send();
    },
  );

  app.post(
    `${BASE}/confirm-email-change`,
    {
      config: AUTH_RATE_LIMIT,
      schema: { body: EmailChangeConfirm },
      validatorCompiler: fieldValidator({ token: INVALID_EMAIL_CHANGE, password: BLANK }),
    },
    async (request, reply) => {
      const found = await tokens.claimsOf(request.body.token, 'emailChange');
      const newEmail = found?.claims.newEmail ?? '';
      if (!found || newEmail === '' || found.user.email !== '') throw fieldRefused('token', INVALID_EMAIL_CHANGE);
      const { user } = found;
      // A check of the password is a sign-in by another door: the same budget of failures.
      await throttle.assertOpen(request.ip, user.id, user.username);
      if (!(await verifyPasswordOf(user, request.body.password))) {
        await throttle.recordFailure(request.ip, user.id, user.username);
        throw fieldRefused('password', WRONG_PASSWORD);
      }
      await throttle.recordSuccess(request.ip, user.id);
      if (await users.findByEmail(newEmail)) throw fieldRefused('newEmail', EMAIL_TAKEN);
      // The link proved the address; a yard account is verified already, and stays so.
      await records.systemUpdate('users', user.id, { email: newEmail, verified: true }, { ifMatch: user.updated });
      return reply.code(204).send();
    },
  );

  app.post(
    `${BASE}/request-password-reset`,
    { config: AUTH_RATE_LIMIT, schema: { body: EmailRequest }, validatorCompiler: emailField },
    async (request, reply) => {
      const user = await users.findByEmail(normalEmail(request.body.email));
      if (user) {
        outbox.sendQuietly(
          passwordResetMail(config.appUrl, user.email, user.username, await tokens.issue('passwordReset', user, RESET_TTL)),
          {
            nursery: user.nursery,
          },
        );
      }
      return reply.code(204).send();
    },
  );

  app.post(
    `${BASE}/confirm-password-reset`,
    { config: AUTH_RATE_LIMIT, schema: { body: PasswordResetConfirm }, validatorCompiler: fieldValidator({ token: INVALID_RESET }) },
    async (request, reply) => {
      const { body } = request;
      const user = await tokens.userOf(body.token, 'passwordReset');
      if (!user) throw validationFailed({ token: INVALID_RESET });
      const pair = validatePasswordPair(body.password, body.passwordConfirm);
      if (!pair.ok) throw validationFailed(pair.errors);
      // A new token key signs out every earlier session (docs/decisions/005); the mailed link proved the address.
      await records.systemUpdate(
        'users',
        user.id,
        { passwordHash: await hashPassword(pair.value.password, config.passwordHashCost), tokenKey: newTokenKey(), verified: true },
        { ifMatch: user.updated },
      );
      // The mailed link proved the owner: lift the login locks on the account, from every address.
      await throttle.clearAccount(user.id);
      return reply.code(204).send();
    },
  );
}
