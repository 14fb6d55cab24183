import type { FastifyInstance } from 'fastify';
import { validatePasswordPair } from '#domain/accounts/validate-signup';
import type { Config } from '../config';
import type { UsersTable } from '../db/schema';
import { badRequest, validationFailed } from '../errors';
import { sendInBackground, type Mailer } from '../mail/mailer';
import { passwordResetMail, verificationMail } from '../mail/messages';
import type { RecordService } from '../records/record-service';
import { newTokenKey, usersCollection } from '../records/collections/users';
import type { UsersRepository } from '../users/users-repository';
import { requireUser } from './auth-context';
import { LoginThrottle } from './login-throttle';
import { hashPassword, verifyPasswordOf } from './passwords';
import type { Throttles } from './throttles';
import type { TokenService } from './token-service';

export interface AuthRoutesOptions {
  users: UsersRepository;
  /** Every write (verification, password reset) goes through the one write path. */
  records: RecordService;
  config: Config;
  tokens: TokenService;
  mailer: Mailer;
  throttles: Throttles;
}

const BASE = '/api/collections/users';
const VERIFICATION_TTL = 7 * 24 * 3600;
const RESET_TTL = 3600;
const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

/** PocketBase's auth endpoints for the users collection. */
export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions): Promise<void> {
  const { users, records, config, tokens, mailer } = options;
  // Only the auth endpoints are rate-limited; ordinary API use is never throttled (docs/decisions/005).
  const AUTH_RATE_LIMIT = { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } };
  const throttle = new LoginThrottle(options.throttles);

  const authResponse = async (user: UsersTable) => ({
    token: await tokens.issue('auth', user, config.tokenTtlSeconds),
    record: usersCollection.toRecord(user as unknown as Record<string, unknown>),
  });

  const readEmail = (body: unknown): string => {
    const email = typeof (body as { email?: unknown })?.email === 'string' ? (body as { email: string }).email.trim().toLowerCase() : '';
    if (!EMAIL.test(email))
      throw validationFailed({ email: { code: 'validation_invalid_email', message: 'Must be a valid email address.' } });
    return email;
  };

  const sendMail = sendInBackground(mailer, app.log);

  app.get(`${BASE}/auth-methods`, async () => ({
    password: { enabled: true, identityFields: ['username', 'email'] },
    oauth2: { enabled: false, providers: [] },
    mfa: { enabled: false, duration: 0 },
    otp: { enabled: false, duration: 0 },
  }));

  app.post(`${BASE}/auth-with-password`, { config: AUTH_RATE_LIMIT }, async (request) => {
    const body = (request.body ?? {}) as { identity?: unknown; password?: unknown };
    const identity = typeof body.identity === 'string' ? body.identity.trim() : '';
    const password = typeof body.password === 'string' ? body.password : '';
    if (!identity || !password) {
      throw validationFailed({
        ...(identity ? {} : { identity: { code: 'validation_required', message: 'Cannot be blank.' } }),
        ...(password ? {} : { password: { code: 'validation_required', message: 'Cannot be blank.' } }),
      });
    }
    const user = await users.findByIdentity(identity);
    await throttle.assertOpen(request.ip, user?.id ?? null, identity);
    // An unknown name costs a (dummy) hash check too, so timing does not reveal which names exist.
    const passwordMatches = await verifyPasswordOf(user, password);
    if (!user || !passwordMatches) {
      await throttle.recordFailure(request.ip, user?.id ?? null, identity);
      throw badRequest('Failed to authenticate.');
    }
    await throttle.recordSuccess(request.ip, user.id);
    // Unverified users and users without terms still sign in (docs/decisions/005): the app tells them what to do next.
    return authResponse(user);
  });

  app.post(`${BASE}/auth-refresh`, async (request) => authResponse(requireUser(request.auth)));

  app.post(`${BASE}/request-verification`, { config: AUTH_RATE_LIMIT }, async (request, reply) => {
    const user = await users.findByEmail(readEmail(request.body));
    // 204 whether or not the address exists, so nobody can discover accounts (issue 2).
    if (user && !user.verified) {
      sendMail(verificationMail(config.appUrl, user.email, user.username, await tokens.issue('verification', user, VERIFICATION_TTL)));
    }
    return reply.code(204).send();
  });

  app.post(`${BASE}/confirm-verification`, { config: AUTH_RATE_LIMIT }, async (request, reply) => {
    const user = await tokens.userOf((request.body as { token?: unknown } | undefined)?.token, 'verification');
    if (!user) throw validationFailed({ token: { code: 'validation_invalid_token', message: 'Invalid or expired verification token.' } });
    if (!user.verified) await records.systemUpdate('users', user.id, { verified: true }, { ifMatch: user.updated });
    return reply.code(204).send();
  });

  app.post(`${BASE}/request-password-reset`, { config: AUTH_RATE_LIMIT }, async (request, reply) => {
    const user = await users.findByEmail(readEmail(request.body));
    if (user) {
      sendMail(passwordResetMail(config.appUrl, user.email, user.username, await tokens.issue('passwordReset', user, RESET_TTL)));
    }
    return reply.code(204).send();
  });

  app.post(`${BASE}/confirm-password-reset`, { config: AUTH_RATE_LIMIT }, async (request, reply) => {
    const body = (request.body ?? {}) as { token?: unknown; password?: unknown; passwordConfirm?: unknown };
    const user = await tokens.userOf(body.token, 'passwordReset');
    if (!user) throw validationFailed({ token: { code: 'validation_invalid_token', message: 'Invalid or expired password reset token.' } });
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
  });
}
