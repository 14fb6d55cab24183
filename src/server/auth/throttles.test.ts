import { ClientResponseError } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  failure,
  startTestServer,
  TEST_DELETE_PASSWORD,
  type TestAccount,
  type TestServer,
} from '../../../tests/support/server';
import { FUTURE_YEAR } from '../../../tests/support/open-weeks';

// The throttles an outsider found missing or wrong (issue 6), through the SDK against the real
// server. The server trusts X-Forwarded-For here (as behind a proxy), so one test can speak from
// several addresses.

const from = (address: string) => ({ headers: { 'X-Forwarded-For': address } });

const order = { title: 'Greenfields', day: 'monday', customerType: 'retail', other: 'none', weekNumber: 12, year: FUTURE_YEAR };

describe('deletion password guesses', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ trustProxy: true });
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers 429 after five wrong guesses by one user from one address, even for the right password', async () => {
    const guesser = await createAccount(server);
    const colleague = await createAccount(server, { nursery: guesser.nursery });
    const task = await guesser.pb.collection('tasks').create(order);
    for (let i = 0; i < 5; i++) {
      const wrong = await failure(
        guesser.pb
          .collection('tasks')
          .delete(task.id, { headers: { 'X-Confirm-Password': `guess-${i}`, ...from('198.51.100.7').headers } }),
      );
      expect(wrong.status).toBe(403);
      expect(wrong.message).toBe('Incorrect password.');
    }
    const blocked = await failure(
      guesser.pb
        .collection('tasks')
        .delete(task.id, { headers: { 'X-Confirm-Password': TEST_DELETE_PASSWORD, ...from('198.51.100.7').headers } }),
    );
    expect(blocked.status).toBe(429);
    expect(blocked.message).toBe('Too many wrong deletion passwords. Wait 15 minutes and try again.');
    expect(blocked.response).toMatchObject({ status: 429, data: {} });
    await expect(guesser.pb.collection('tasks').getOne(task.id)).resolves.toMatchObject({ id: task.id });

    // A colleague on the same tablet network, and the same user elsewhere, are not held up.
    await expect(
      colleague.pb
        .collection('tasks')
        .delete(task.id, { headers: { 'X-Confirm-Password': TEST_DELETE_PASSWORD, ...from('198.51.100.7').headers } }),
    ).resolves.toBe(true);
    const other = await guesser.pb.collection('tasks').create(order);
    await expect(
      guesser.pb
        .collection('tasks')
        .delete(other.id, { headers: { 'X-Confirm-Password': TEST_DELETE_PASSWORD, ...from('198.51.100.8').headers } }),
    ).resolves.toBe(true);
  });
});

describe('login lock per address and account', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ trustProxy: true });
  });
  afterAll(async () => {
    await server.close();
  });

  const lockOut = async (identity: string, address: string) => {
    const pb = server.client();
    for (let i = 0; i < 10; i++)
      expect((await failure(pb.collection('users').authWithPassword(identity, `wrong-${i}-password`, from(address)))).status).toBe(400);
  };

  it('locks one account from one address only, and a password reset lifts the lock', async () => {
    const victim = await createAccount(server);
    const bystander = await createAccount(server);
    await lockOut(victim.username, '203.0.113.5');
    const locked = await failure(
      server.client().collection('users').authWithPassword(victim.username, victim.password, from('203.0.113.5')),
    );
    expect(locked.status).toBe(429);
    expect(locked.message).toMatch(/^Too many failed login attempts/);
    // Everyone else on that address signs in; so does the victim from another address.
    await expect(
      server.client().collection('users').authWithPassword(bystander.username, bystander.password, from('203.0.113.5')),
    ).resolves.toMatchObject({
      record: { id: bystander.id },
    });
    await expect(
      server.client().collection('users').authWithPassword(victim.email, victim.password, from('203.0.113.6')),
    ).resolves.toMatchObject({
      record: { id: victim.id },
    });

    // The owner resets the password through the mailed link: the lock is gone.
    const before = server.countLinks(victim.email, '/auth/confirm-password-reset/');
    await server.client().collection('users').requestPasswordReset(victim.email);
    const link = await server.waitForLink(victim.email, '/auth/confirm-password-reset/', before);
    const token = link.split('/auth/confirm-password-reset/')[1] ?? '';
    await server.client().collection('users').confirmPasswordReset(token, 'fresh-green-house-9', 'fresh-green-house-9');
    await expect(
      server.client().collection('users').authWithPassword(victim.username, 'fresh-green-house-9', from('203.0.113.5')),
    ).resolves.toMatchObject({
      record: { id: victim.id },
    });
  });

  it('takes as long to refuse an unknown username as a wrong password', async () => {
    const account = await createAccount(server);
    const pb = server.client();
    const time = async (identity: string, address: string) => {
      const started = performance.now();
      const error = await failure(pb.collection('users').authWithPassword(identity, 'not-the-password', from(address)));
      expect(error.status).toBe(400);
      return performance.now() - started;
    };
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    // Warm both paths first (the dummy hash is made on first use).
    await time(`nobody-warm`, '192.0.2.1');
    await time(account.username, '192.0.2.2');
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < 7; i++) {
      unknown.push(await time(`nobody-${i}-${account.username}`, '192.0.2.1'));
      wrong.push(await time(account.username, `192.0.2.${10 + i}`));
    }
    console.info(
      `login refusal, median of 7: unknown name ${median(unknown).toFixed(1)} ms, wrong password ${median(wrong).toFixed(1)} ms`,
    );
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.6);
  });
});

describe('current password checks', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ trustProxy: true });
  });
  afterAll(async () => {
    await server.close();
  });

  const NEW_PASSWORD = 'fresh-green-house-9';
  const changePassword = (account: TestAccount, oldPassword: string, address: string) =>
    account.pb
      .collection('users')
      .update(account.id, { oldPassword, password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD }, from(address));

  it('answer 429 after ten wrong current passwords from one address, even for the right one, as sign-in does', async () => {
    const account = await createAccount(server);
    for (let i = 0; i < 10; i++) {
      const wrong = await failure(changePassword(account, `guess-${i}-password`, '203.0.113.40'));
      expect(wrong.status).toBe(400);
      expect(wrong.response.data.oldPassword).toMatchObject({ code: 'validation_invalid_old_password' });
    }
    const blocked = await failure(changePassword(account, account.password, '203.0.113.40'));
    expect(blocked.status).toBe(429);
    expect(blocked.message).toBe('Too many failed login attempts. Please wait 15 minutes and try again, or reset your password.');
    // One budget with sign-in: the guesses cannot be spread over both doors.
    const signIn = await failure(
      server.client().collection('users').authWithPassword(account.username, account.password, from('203.0.113.40')),
    );
    expect(signIn.status).toBe(429);
    // The password did not change, and its owner elsewhere is not held up.
    await expect(
      server.client().collection('users').authWithPassword(account.username, account.password, from('203.0.113.41')),
    ).resolves.toMatchObject({ record: { id: account.id } });
    await expect(changePassword(account, account.password, '203.0.113.41')).resolves.toMatchObject({ id: account.id });
  });

  it('count wrong guesses made at sign-in too', async () => {
    const account = await createAccount(server);
    for (let i = 0; i < 10; i++)
      expect(
        (await failure(server.client().collection('users').authWithPassword(account.username, `guess-${i}-password`, from('203.0.113.42'))))
          .status,
      ).toBe(400);
    expect((await failure(changePassword(account, account.password, '203.0.113.42'))).status).toBe(429);
  });
});

describe('sign-up per address', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ trustProxy: true, signupRateLimitPerHour: 3 });
  });
  afterAll(async () => {
    await server.close();
  });

  const signUp = (name: string, address: string, email = `${name}@nursery.test`) =>
    server
      .client()
      .collection('users')
      .create(
        {
          username: name,
          email,
          password: 'green-house-42',
          passwordConfirm: 'green-house-42',
          termsAgreement: { agreed: true, version: 'v1.0', timestamp: new Date().toISOString() },
        },
        from(address),
      );

  it('allows a few accounts an hour from one address; refused attempts do not count', async () => {
    await signUp('ann1', '198.51.100.20');
    // Mistakes (a taken name) give their slot back.
    for (let i = 0; i < 3; i++) expect((await failure(signUp('ann1', '198.51.100.20'))).status).toBe(400);
    await signUp('ann2', '198.51.100.20');
    await signUp('ann3', '198.51.100.20');
    const refused = await failure(signUp('ann4', '198.51.100.20'));
    expect(refused.status).toBe(429);
    expect(refused.message).toMatch(/too many new accounts/i);
    await expect(signUp('bob1', '198.51.100.21')).resolves.toMatchObject({ username: 'bob1' });
  });

  it('counts every probe of an address, also one answered alike for an address that has an account', async () => {
    const owner = await createAccount(server);
    // Three probes of taken addresses: each answered as a new account, none made, each counted.
    for (let i = 0; i < 3; i++) await expect(signUp(`probe${i}`, '198.51.100.25', owner.email)).resolves.toMatchObject({ verified: false });
    const beyond = await failure(signUp('probe3', '198.51.100.25', `someone-${owner.email}`));
    expect(beyond.status).toBe(429);
    expect(beyond.message).toMatch(/too many new accounts/i);
    for (let i = 0; i < 4; i++) expect(await server.built.users.findByUsername(`probe${i}`)).toBeUndefined();
  });

  it('holds against a burst sent in parallel', async () => {
    const results = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => signUp(`burst${i}`, '198.51.100.30')));
    const created = results.filter((r) => r.status === 'fulfilled').length;
    const limited = results.filter((r) => r.status === 'rejected' && (r.reason as ClientResponseError).status === 429).length;
    expect(created).toBe(3);
    expect(limited).toBe(9);
  });
});

describe('sign-ups racing with one new address', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ trustProxy: true, signupRateLimitPerHour: 6 });
  });
  afterAll(async () => {
    await server.close();
  });

  // Sent at once, several may get past the address lookup; all but one are then refused at the
  // unique index with "An account with this email already exists." (often on PostgreSQL, rarely
  // on SQLite). That refusal tells something about an address, so it keeps its slot like the rest.
  it('count every one of them, however the race went', async () => {
    const signUp = (name: string) =>
      server
        .client()
        .collection('users')
        .create(
          {
            username: name,
            email: 'racer@nursery.test',
            password: 'green-house-42',
            passwordConfirm: 'green-house-42',
            termsAgreement: { agreed: true, version: 'v1.0', timestamp: new Date().toISOString() },
          },
          from('198.51.100.26'),
        );
    const results = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => signUp(`racer${i}`)));
    for (const result of results) {
      if (result.status === 'rejected') {
        expect((result.reason as ClientResponseError).status).toBe(400);
        expect((result.reason as ClientResponseError).response.data.email).toMatchObject({ code: 'validation_not_unique' });
      }
    }
    const made = await Promise.all(results.map((_, i) => server.built.users.findByUsername(`racer${i}`)));
    expect(made.filter(Boolean)).toHaveLength(1);
    expect((await failure(signUp('racer6'))).status).toBe(429);
  });
});
