import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccount, failure, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';
import { startLoopbackSmtp, type LoopbackSmtp } from '../../../tests/support/smtp';
import { MAIL_LIMITS } from './outbox';

// Mail cannot be used to flood (docs/decisions/055): every mail the server sends is counted per
// recipient and per nursery, in the database every instance shares. Counted here as the mail server
// sees it: what reaches the loopback SMTP server (tests/support/smtp.ts).

let counter = 0;
const address = (name: string) => `${name}${process.pid}x${++counter}@nursery.test`;
const MINUTE = 60_000;
const invite = (pb: PocketBase, email: string) => pb.collection('invitations').create({ email, role: 'staff' });

describe('mail limits, over SMTP', () => {
  let smtp: LoopbackSmtp;
  let server: TestServer;
  let admin: TestAccount;
  let clock = Date.now();
  /** "A mail was not sent" log lines, by recipient: a quiet refusal shows nowhere else. */
  const notSent: string[] = [];

  const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email)).length;

  /** Waits until every quiet request of a burst is settled: sent (received) or refused (logged). */
  async function settled(email: string, requests: number): Promise<void> {
    await vi.waitFor(() => expect(mailsTo(email) + notSent.filter((to) => to === email).length).toBe(requests), { timeout: 15_000 });
  }

  beforeAll(async () => {
    smtp = await startLoopbackSmtp();
    server = await startTestServer({ smtpUrl: smtp.url }, { now: () => new Date(clock) });
    const warn = server.built.app.log.warn.bind(server.built.app.log);
    vi.spyOn(server.built.app.log, 'warn').mockImplementation(((obj: unknown, ...rest: unknown[]) => {
      if (typeof obj === 'object' && obj !== null && 'to' in obj && 'refusal' in obj) notSent.push(String(obj.to));
      return (warn as (...args: unknown[]) => void)(obj, ...rest);
    }) as typeof server.built.app.log.warn);
    admin = await createAccount(server);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await server.close();
    await smtp.close();
  });

  it('50 invitations to one address in a minute send 3 mails; the inviter is told why the others were refused', async () => {
    const email = address('flooded');
    const answers = await Promise.allSettled(Array.from({ length: 50 }, () => invite(admin.pb, email)));
    const sent = answers.filter((a) => a.status === 'fulfilled');
    const refused = answers.flatMap((a) => (a.status === 'rejected' ? [a.reason as { status: number; message: string }] : []));
    expect(sent).toHaveLength(MAIL_LIMITS.recipientPer10Minutes);
    expect(refused).toHaveLength(50 - MAIL_LIMITS.recipientPer10Minutes);
    for (const refusal of refused) {
      expect(refusal.status).toBe(429);
      expect(refusal.message).toBe('Too many e-mails to this address. Try again in 10 minutes.');
    }
    // Nothing half-written: a refused invitation is not stored.
    const stored = await admin.pb.collection('invitations').getFullList({ filter: admin.pb.filter('email = {:email}', { email }) });
    expect(stored).toHaveLength(MAIL_LIMITS.recipientPer10Minutes);
    await vi.waitFor(() => expect(mailsTo(email)).toBe(MAIL_LIMITS.recipientPer10Minutes), { timeout: 10_000 });

    // The window passes: the address can be invited again, up to the day's limit.
    clock += 10 * MINUTE;
    await expect(invite(admin.pb, email)).resolves.toMatchObject({ email });
    await vi.waitFor(() => expect(mailsTo(email)).toBe(MAIL_LIMITS.recipientPer10Minutes + 1), { timeout: 10_000 });
  });

  it('ten days’ worth of mail to one address stops at the daily limit, said in hours', async () => {
    const email = address('daily');
    for (let sent = 0; sent < MAIL_LIMITS.recipientPerDay; sent++) {
      if (sent > 0 && sent % MAIL_LIMITS.recipientPer10Minutes === 0) clock += 10 * MINUTE;
      await invite(admin.pb, email);
    }
    clock += 10 * MINUTE;
    const refusal = await failure(invite(admin.pb, email));
    expect(refusal.status).toBe(429);
    expect(refusal.message).toMatch(/^Too many e-mails to this address\. Try again in 2[34] hours\.$/);
  });

  it('when the ten-minute and the daily limit are both full, the refusal names the longer wait', async () => {
    const email = address('both-full');
    // 1 + 3 + 3 + 3: the tenth mail of the day also fills its ten minutes.
    for (let sent = 0; sent < MAIL_LIMITS.recipientPerDay; sent++) {
      if (sent % MAIL_LIMITS.recipientPer10Minutes === 1) clock += 10 * MINUTE;
      await invite(admin.pb, email);
    }
    const refusal = await failure(invite(admin.pb, email));
    expect(refusal.status).toBe(429);
    expect(refusal.message).toMatch(/^Too many e-mails to this address\. Try again in 2[34] hours\.$/);
  });

  it('password resets: every request answers 204, only 3 mails go out, the rest are logged', async () => {
    const person = await createAccount(server);
    const pb = server.client();
    for (let i = 0; i < 10; i++) await expect(pb.collection('users').requestPasswordReset(person.email)).resolves.toBe(true);
    await settled(person.email, 10);
    expect(mailsTo(person.email)).toBe(MAIL_LIMITS.recipientPer10Minutes);
  });

  it('verification requests: every request answers 204, only 3 mails go out', async () => {
    const person = await createAccount(server, { verified: false });
    const pb = server.client();
    for (let i = 0; i < 10; i++) await expect(pb.collection('users').requestVerification(person.email)).resolves.toBe(true);
    await settled(person.email, 10);
    expect(mailsTo(person.email)).toBe(MAIL_LIMITS.recipientPer10Minutes);
  });

  it('a nursery sends at most its hourly number of mails, to any addresses', async () => {
    const sender = await createAccount(server);
    for (let i = 0; i < MAIL_LIMITS.nurseryPerHour; i++) await invite(sender.pb, address('team'));
    const refusal = await failure(invite(sender.pb, address('one-more')));
    expect(refusal.status).toBe(429);
    expect(refusal.message).toBe('Your nursery has sent too many e-mails this hour. Try again in 60 minutes.');
    // Another nursery is not held up by it.
    await expect(invite(admin.pb, address('elsewhere'))).resolves.toBeDefined();
  });
});

describe('two instances on one database share the mail limits', () => {
  let smtp: LoopbackSmtp;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    smtp = await startLoopbackSmtp();
    a = await startTestServer({ smtpUrl: smtp.url });
    // The same database: SQLite's file, or PostgreSQL's schema (the CI pass with TEST_DATABASE_URL).
    b = await startTestServer({ smtpUrl: smtp.url, dataDir: a.config.dataDir, databaseUrl: a.config.databaseUrl });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await smtp.close();
  });

  it('invitations to one address alternating between instances send 3 mails in all', async () => {
    const admin = await createAccount(a);
    const onB = b.client();
    await onB.collection('users').authWithPassword(admin.username, admin.password);
    const email = address('shared');
    const answers = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => invite(i % 2 === 0 ? admin.pb : onB, email)));
    expect(answers.filter((x) => x.status === 'fulfilled')).toHaveLength(MAIL_LIMITS.recipientPer10Minutes);
    await vi.waitFor(() => expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(MAIL_LIMITS.recipientPer10Minutes), {
      timeout: 10_000,
    });
  });
});
