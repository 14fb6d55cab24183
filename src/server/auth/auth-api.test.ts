import { ClientResponseError, type RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, failure, startTestServer, type TestServer } from '../../../tests/support/server';

// Sign-up, sign-in and the mailed-link flows, through the SDK against the real server. The auth
// endpoints are rate-limited per address, so each block runs its own server.

let counter = 0;
function newPerson(domain = 'nursery.test') {
  const n = `${process.pid}x${++counter}x${Math.floor(Math.random() * 1e6)}`;
  const password = 'potting-shed-7';
  return {
    username: `grower${n}`,
    email: `grower${n}@${domain}`,
    password,
    passwordConfirm: password,
    termsAgreement: { agreed: true, version: 'v1.0', timestamp: new Date().toISOString() },
  };
}

/** The link of the next mail to `email` with `path`, waiting for it to arrive. */
function lastLink(server: TestServer, email: string, path: string, seenBefore = 0): Promise<string> {
  return server.waitForLink(email, path, seenBefore);
}

const tokenOf = (link: string, path: string) => link.split(path)[1] ?? '';

describe('sign-up', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('creates an unverified account and never returns secrets', async () => {
    const person = newPerson();
    const record = await server
      .client()
      .collection('users')
      .create({ ...person, email: person.email.toUpperCase() });
    expect(record).toMatchObject({
      username: person.username,
      email: person.email,
      verified: false,
      collectionName: 'users',
      termsAgreement: { agreed: true, version: 'v1.0' },
    });
    expect(record.id).toMatch(/^[a-z0-9]{15}$/);
    // `mustChangePassword` is a flag, not a secret.
    expect(JSON.stringify({ ...record, mustChangePassword: undefined })).not.toMatch(/password|tokenKey|argon/i);
  });

  it.each([
    ['an invalid e-mail', { email: 'not-an-address' }, 'email'],
    ['a blank e-mail', { email: '' }, 'email'],
    ['a short password', { password: 'short', passwordConfirm: 'short' }, 'password'],
    ['a username with spaces', { username: 'green fields' }, 'username'],
    ['no terms agreement', { termsAgreement: undefined }, 'termsAgreement'],
    ['terms not agreed', { termsAgreement: { agreed: false, version: 'v1.0', timestamp: new Date().toISOString() } }, 'termsAgreement'],
    ['an old terms version', { termsAgreement: { agreed: true, version: 'v0.9', timestamp: new Date().toISOString() } }, 'termsAgreement'],
  ])('refuses %s with a field error', async (_name, change, field) => {
    const error = await failure(
      server
        .client()
        .collection('users')
        .create({ ...newPerson(), ...change }),
    );
    expect(error.status).toBe(400);
    expect(error.response.data).toHaveProperty(field);
    expect(error.response.data[field]).toMatchObject({ code: expect.stringMatching(/^validation_/), message: expect.stringMatching(/\S/) });
  });

  it('says "Values don\'t match." when the confirmation differs', async () => {
    const error = await failure(
      server
        .client()
        .collection('users')
        .create({ ...newPerson(), passwordConfirm: 'something-else-1' }),
    );
    expect(error.status).toBe(400);
    expect(error.response.data.passwordConfirm).toEqual({ code: 'validation_values_mismatch', message: "Values don't match." });
  });

  it('refuses a username that is already taken, in any case', async () => {
    const first = newPerson();
    await server.client().collection('users').create(first);
    const sameName = await failure(
      server
        .client()
        .collection('users')
        .create({ ...newPerson(), username: first.username.toUpperCase() }),
    );
    expect(sameName.status).toBe(400);
    expect(sameName.response.data).toEqual({ username: { code: 'validation_not_unique', message: 'This username is already taken.' } });
  });

  it('answers a sign-up with a taken e-mail exactly as a new account, makes none and tells the owner by mail', async () => {
    const owner = await createAccount(server);
    const free = newPerson();
    const taken = { ...newPerson(), email: owner.email.toUpperCase() };
    const freeAnswer = await server.client().collection('users').create(free);
    const takenAnswer = await server.client().collection('users').create(taken);
    // The same answer but for what the person typed and what is new each time.
    const shape = (record: RecordModel, sent: { username: string; email: string }) => ({
      ...record,
      id: /^[a-z0-9]{15}$/.test(record.id),
      // Each sign-up makes a new nursery: a new id in both answers.
      nursery: /^[a-z0-9]{15}$/.test(String(record.nursery)),
      username: record.username === sent.username,
      email: record.email === sent.email.toLowerCase(),
      created: typeof record.created === 'string' && record.created === record.updated,
      updated: null,
      termsAgreement: { ...record.termsAgreement, timestamp: typeof record.termsAgreement?.timestamp },
    });
    expect(Object.keys(takenAnswer)).toEqual(Object.keys(freeAnswer));
    expect(shape(takenAnswer, taken)).toEqual(shape(freeAnswer, free));
    expect(shape(takenAnswer, taken)).toMatchObject({ id: true, username: true, email: true, created: true, verified: false });
    // The app's next call after sign-up answers alike too.
    await expect(server.client().collection('users').requestVerification(taken.email)).resolves.toBe(true);
    await expect(server.client().collection('users').requestVerification(free.email)).resolves.toBe(true);

    // No account was made, the owner's is as it was, and the username is still free.
    expect(await server.built.users.findByUsername(taken.username)).toBeUndefined();
    expect(await server.built.users.findByEmail(owner.email)).toMatchObject({ id: owner.id, username: owner.username });
    await expect(server.client().collection('users').authWithPassword(owner.username, owner.password)).resolves.toBeTruthy();
    await expect(
      server
        .client()
        .collection('users')
        .create({ ...newPerson(), username: taken.username }),
    ).resolves.toMatchObject({ username: taken.username });

    // The owner learns what happened and how to get in.
    await server.waitForLink(owner.email, '/login');
    const told = server.mails().filter((mail) => mail.to === owner.email);
    expect(told).toHaveLength(1);
    expect(told[0]?.subject).toBe('Someone tried to sign up to Trolleyboard with your email');
    expect(told[0]?.text).toContain(`sign in with your username (${owner.username})`);
    expect(told[0]?.text).toContain('Forgot password?');
  });

  it('never looks the e-mail address up once another field is wrong', async () => {
    const owner = await createAccount(server);
    const existing = newPerson();
    await server.client().collection('users').create(existing);
    const answers = async (change: Record<string, unknown>) => {
      const refusals = [];
      for (const email of [owner.email, `nobody-${Math.floor(Math.random() * 1e9)}@nursery.test`]) {
        const error = await failure(
          server
            .client()
            .collection('users')
            .create({ ...newPerson(), ...change, email }),
        );
        refusals.push({ status: error.status, message: error.message, data: error.response.data });
      }
      expect(refusals[0]).toEqual(refusals[1]);
      return refusals[0];
    };
    expect(await answers({ username: existing.username })).toMatchObject({
      status: 400,
      data: { username: { code: 'validation_not_unique' } },
    });
    expect(await answers({ password: 'short', passwordConfirm: 'short' })).toMatchObject({ status: 400, data: { password: {} } });
    expect(await answers({ termsAgreement: undefined })).toMatchObject({ status: 400, data: { termsAgreement: {} } });
    expect(await answers({ verified: true })).toMatchObject({ status: 400, data: { verified: {} } });
  });

  it('answers two simultaneous sign-ups with the same name with one account and one field error', async () => {
    const person = newPerson();
    const results = await Promise.allSettled([
      server.client().collection('users').create(person),
      server
        .client()
        .collection('users')
        .create({ ...person, email: `twin-${person.email}` }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(rejected?.reason).toBeInstanceOf(ClientResponseError);
    expect((rejected?.reason as ClientResponseError).status).toBe(400);
  });
});

describe('sign-up limited to SIGNUP_ALLOWED_DOMAINS', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ signupAllowedDomains: ['nursery.test'] });
  });
  afterAll(async () => {
    await server.close();
  });

  it('accepts the allowed domain and refuses others with a field error', async () => {
    await expect(server.client().collection('users').create(newPerson('nursery.test'))).resolves.toMatchObject({ verified: false });
    const error = await failure(server.client().collection('users').create(newPerson('elsewhere.example')));
    expect(error.status).toBe(400);
    expect(error.response.data.email).toMatchObject({ code: 'validation_email_domain_not_allowed' });
    expect(error.response.data.email.message).toContain('nursery.test');
  });
});

describe('sign-in', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('signs in by username and by e-mail in any case, returning {token, record}', async () => {
    const account = await createAccount(server);
    const byName = await server.client().collection('users').authWithPassword(account.username, account.password);
    expect(byName.token.split('.')).toHaveLength(3);
    expect(byName.record).toMatchObject({ id: account.id, username: account.username, verified: true });
    expect(JSON.stringify(byName.record)).not.toMatch(/passwordHash|tokenKey/);
    const pb = server.client();
    const byMail = await pb.collection('users').authWithPassword(account.email.toUpperCase(), account.password);
    expect(byMail.record.id).toBe(account.id);
    expect(pb.authStore.isValid).toBe(true);
    await expect(pb.collection('tasks').getList(1, 1)).resolves.toMatchObject({ page: 1 });
  });

  it('answers a wrong password and an unknown user alike: 400 "Failed to authenticate."', async () => {
    const account = await createAccount(server);
    const wrong = await failure(server.client().collection('users').authWithPassword(account.username, 'not-the-password'));
    expect(wrong.status).toBe(400);
    expect(wrong.message).toBe('Failed to authenticate.');
    const unknown = await failure(server.client().collection('users').authWithPassword('nobody-here', 'not-the-password'));
    expect(unknown.status).toBe(400);
    expect(unknown.message).toBe('Failed to authenticate.');
  });

  it('lets an unverified user sign in, so the app can say what to do next', async () => {
    const account = await createAccount(server, { verified: false });
    expect(account.pb.authStore.record).toMatchObject({ id: account.id, verified: false });
  });

  it('refreshes the token: a new token and the current record', async () => {
    const account = await createAccount(server);
    const oldToken = account.pb.authStore.token;
    // Tokens carry whole-second times; wait so the new one differs.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const refreshed = await account.pb.collection('users').authRefresh();
    expect(refreshed.token).not.toBe(oldToken);
    expect(refreshed.record).toMatchObject({ id: account.id, username: account.username });
    expect(account.pb.authStore.token).toBe(refreshed.token);
    await expect(account.pb.collection('tasks').getList(1, 1)).resolves.toMatchObject({ page: 1 });
  });

  it('refuses auth-refresh without a valid token', async () => {
    const error = await failure(server.client().collection('users').authRefresh());
    expect(error.status).toBe(401);
  });
});

describe('login throttle', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers 429 after repeated failures for one identity, and leaves other identities alone', async () => {
    const victim = await createAccount(server);
    const bystander = await createAccount(server);
    const pb = server.client();
    let blocked: ClientResponseError | null = null;
    for (let attempt = 0; attempt < 15 && !blocked; attempt++) {
      const error = await failure(pb.collection('users').authWithPassword(victim.username, `guess-${attempt}-password`));
      if (error.status === 429) blocked = error;
      else expect(error.status).toBe(400);
    }
    expect(blocked?.status).toBe(429);
    expect(blocked?.message).toMatch(/too many/i);
    // Even the right password waits now, and the e-mail form of the same account is no way around it.
    expect((await failure(pb.collection('users').authWithPassword(victim.username, victim.password))).status).toBe(429);
    expect((await failure(pb.collection('users').authWithPassword(victim.email, victim.password))).status).toBe(429);
    await expect(server.client().collection('users').authWithPassword(bystander.username, bystander.password)).resolves.toMatchObject({
      record: { id: bystander.id },
    });
  });

  it('cannot be dodged by claiming another address in X-Forwarded-For', async () => {
    const victim = await createAccount(server);
    const pb = server.client();
    for (let attempt = 0; attempt < 10; attempt++)
      await failure(pb.collection('users').authWithPassword(victim.username, `guess-${attempt}-password`));
    const spoofed = await failure(
      pb.collection('users').authWithPassword(victim.username, victim.password, { headers: { 'X-Forwarded-For': '203.0.113.9' } }),
    );
    expect(spoofed.status).toBe(429);
  });
});

describe('auth endpoint rate limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ authRateLimitPerMinute: 8 });
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers 429 once one address spends its auth budget, while the records API stays open', async () => {
    const account = await createAccount(server);
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      statuses.push(
        await server
          .client()
          .collection('users')
          .requestPasswordReset('nobody@nursery.test')
          .then(
            () => 204,
            (e: ClientResponseError) => e.status,
          ),
      );
    }
    expect(statuses).toEqual([...Array(8).fill(204), 429]);
    const limited = await failure(server.client().collection('users').requestPasswordReset('nobody@nursery.test'));
    expect(limited.status).toBe(429);
    expect(limited.message).toMatch(/too many/i);
    for (let i = 0; i < 20; i++) await expect(account.pb.collection('tasks').getList(1, 1)).resolves.toMatchObject({ page: 1 });
    await expect(account.pb.collection('users').authRefresh()).resolves.toMatchObject({ record: { id: account.id } });
  });
});

describe('verification and password reset by mailed link', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ appUrl: 'https://board.nursery.test' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers 204 to unknown addresses without writing a mail', async () => {
    const before = server.mails().length;
    await expect(server.client().collection('users').requestVerification('nobody@nursery.test')).resolves.toBe(true);
    await expect(server.client().collection('users').requestPasswordReset('nobody@nursery.test')).resolves.toBe(true);
    // Mails go out after the reply: give a mail that should not exist time to appear.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.mails()).toHaveLength(before);
  });

  it('answers 400 to a request without a valid address', async () => {
    expect((await failure(server.client().collection('users').requestPasswordReset('not-an-address'))).status).toBe(400);
  });

  it('confirms verification with the mailed link, and the SDK marks its stored record verified', async () => {
    const account = await createAccount(server, { verified: false });
    await account.pb.collection('users').requestVerification(account.email);
    const link = await lastLink(server, account.email, '/auth/confirm-verification/');
    expect(link.startsWith('https://board.nursery.test/auth/confirm-verification/')).toBe(true);
    expect(account.pb.authStore.record?.verified).toBe(false);
    await expect(account.pb.collection('users').confirmVerification(tokenOf(link, '/auth/confirm-verification/'))).resolves.toBe(true);
    expect(account.pb.authStore.record?.verified).toBe(true);
    await expect(account.pb.collection('users').getOne(account.id)).resolves.toMatchObject({ verified: true });
    await expect(account.pb.collection('tasks').getList(1, 1)).resolves.toMatchObject({ page: 1 });
  });

  it('refuses a bad verification token with 400', async () => {
    const error = await failure(server.client().collection('users').confirmVerification('not.a.token'));
    expect(error.status).toBe(400);
    expect(error.response.data).toHaveProperty('token');
    const account = await createAccount(server, { verified: false });
    // A sign-in token is not a verification token.
    expect((await failure(server.client().collection('users').confirmVerification(account.pb.authStore.token))).status).toBe(400);
  });

  it('resets the password: new one works, old one and old sessions fail, and the link works once', async () => {
    const account = await createAccount(server);
    const oldToken = account.pb.authStore.token;
    await server.client().collection('users').requestPasswordReset(account.email.toUpperCase());
    const link = await lastLink(server, account.email, '/auth/confirm-password-reset/');
    expect(link.startsWith('https://board.nursery.test/auth/confirm-password-reset/')).toBe(true);
    const token = tokenOf(link, '/auth/confirm-password-reset/');

    const mismatch = await failure(server.client().collection('users').confirmPasswordReset(token, 'fresh-compost-9', 'fresh-compost-8'));
    expect(mismatch.status).toBe(400);
    expect(mismatch.response.data.passwordConfirm?.message).toBe("Values don't match.");

    await expect(server.client().collection('users').confirmPasswordReset(token, 'fresh-compost-9', 'fresh-compost-9')).resolves.toBe(true);
    await expect(server.client().collection('users').authWithPassword(account.username, 'fresh-compost-9')).resolves.toMatchObject({
      record: { id: account.id },
    });
    expect((await failure(server.client().collection('users').authWithPassword(account.username, account.password))).status).toBe(400);

    const stale = server.client();
    stale.authStore.save(oldToken, account.pb.authStore.record);
    expect((await failure(stale.collection('tasks').getList(1, 1))).status).toBe(401);
    expect((await failure(stale.collection('users').authRefresh())).status).toBe(401);

    const again = await failure(server.client().collection('users').confirmPasswordReset(token, 'another-pass-10', 'another-pass-10'));
    expect(again.status).toBe(400);
    await expect(server.client().collection('users').authWithPassword(account.username, 'fresh-compost-9')).resolves.toMatchObject({
      record: { id: account.id },
    });
  });
});
