import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BalanceLinks } from '#domain/customers/balance-link';
import { parseMail } from '../../../tests/support/mail';
import { createTeam, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';
import { startLoopbackSmtp, type LoopbackSmtp } from '../../../tests/support/smtp';
import { MAIL_LIMITS, TOO_MANY_TO_ADDRESS } from './outbox';

// Balance reminders (docs/decisions/077), on the server's injected clock, over loopback SMTP:
// only customers who have held something longer than their nursery's "Remind after N days", at
// most one in 7 days, none after a return in the last week or once the contact stopped them; and
// two instances sweeping one PostgreSQL database at once send one reminder, not two.

const DAY_MS = 24 * 60 * 60 * 1000;
const balanceLinks: BalanceLinks = { linkFor: async (_nursery, customer) => `https://board.nursery.test/b/${customer}` };

/** yyyy-mm-dd `days` before `at`. */
const daysBefore = (at: Date, days: number) => new Date(at.getTime() - days * DAY_MS).toISOString().slice(0, 10);

describe('balance reminders', () => {
  let smtp: LoopbackSmtp;
  let server: TestServer;
  let office: TestAccount;
  let admin: TestAccount;
  let clock = new Date('2026-11-24T09:00:00.000Z');
  const to = (address: string) => smtp.received.filter((mail) => mail.to.includes(address)).map((mail) => parseMail(mail.raw));

  /** A customer holding `trolleys` since `days` ago, with one contact. */
  async function holder(name: string, email: string, trolleys: number, days: number) {
    const customer = await office.pb.collection('customers').create({ name });
    await office.pb.collection('customer_contacts').create({ customer: customer.id, email });
    await office.pb.collection('trolley_movements').create({ customer: customer.id, kind: 'out', date: daysBefore(clock, days), trolleys });
    return customer.id;
  }

  beforeAll(async () => {
    smtp = await startLoopbackSmtp();
    server = await startTestServer(
      { smtpUrl: smtp.url, appUrl: 'https://board.nursery.test' },
      { now: () => clock, balanceLinks, reminderTiming: { firstAfterMs: 3_600_000, everyMs: 3_600_000 } },
    );
    ({ admin, office } = await createTeam(server));
    await admin.pb.collection('nurseries').update(admin.nursery, { name: 'Hillside Nurseries' });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('reminds a customer past 14 days once, lists what it holds since when with the balance link, and again a week later', async () => {
    const customer = await holder('Green Garden Centre', 'jo@green.test', 3, 20);
    expect(await server.built.customerMail.sweepReminders()).toBeGreaterThanOrEqual(1);
    const [mail, ...more] = to('jo@green.test');
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Trolleys of Hillside Nurseries you hold');
    expect(mail?.text).toContain(`Our records say you hold 3 trolleys of Hillside Nurseries's, since Wed 4 Nov 2026.`);
    expect(mail?.text).toContain(`https://board.nursery.test/b/${customer}`);
    expect(mail?.text).toContain(
      'To get no more balance reminders from Hillside Nurseries, open: https://board.nursery.test/api/customer-mail/stop/',
    );
    const log = await office.pb.collection('customer_mail').getFullList({ filter: `customer = "${customer}"` });
    expect(log.map((line) => [line.kind, line.status])).toEqual([['balanceReminders', 'sent']]);

    // The same day, and six days on: nothing more. Seven days on: the next one.
    await server.built.customerMail.sweepReminders();
    clock = new Date(clock.getTime() + 6 * DAY_MS);
    await server.built.customerMail.sweepReminders();
    expect(to('jo@green.test')).toHaveLength(1);
    clock = new Date(clock.getTime() + DAY_MS + 60_000);
    await server.built.customerMail.sweepReminders();
    expect(to('jo@green.test')).toHaveLength(2);
  });

  it("waits the nursery's number of days: 10 days is not past 14, but past 7 once an admin sets 7", async () => {
    await holder('Oak Nurseries', 'yard@oak.test', 2, 10);
    await server.built.customerMail.sweepReminders();
    expect(to('yard@oak.test')).toEqual([]);
    await admin.pb.collection('nurseries').update(admin.nursery, { remindAfterDays: 7 });
    await server.built.customerMail.sweepReminders();
    expect(to('yard@oak.test')).toHaveLength(1);
    await admin.pb.collection('nurseries').update(admin.nursery, { remindAfterDays: 14 });
  });

  it('a return recorded in the last week holds the reminder back', async () => {
    const customer = await holder('Elm Garden Centre', 'sam@elm.test', 5, 30);
    await office.pb.collection('trolley_movements').create({ customer, kind: 'in', date: daysBefore(clock, 2), trolleys: 2 });
    await server.built.customerMail.sweepReminders();
    expect(to('sam@elm.test')).toEqual([]);
  });

  it('a contact who stopped balance reminders gets none; another who did not still does', async () => {
    const customer = await holder('Ash Customer', 'stop@ash.test', 4, 30);
    const second = await office.pb.collection('customer_contacts').create({ customer, email: 'keep@ash.test' });
    const first = (
      await office.pb.collection('customer_contacts').getFullList({ filter: `customer = "${customer}" && id != "${second.id}"` })
    )[0];
    // The stop link of the first contact, as a mail would carry it.
    const { stopUrl } = await import('./customer-mail-stop');
    const stop = stopUrl(server.url, server.built.secrets.tokenSecret, String(first?.id), 'balanceReminders');
    expect((await fetch(stop, { method: 'POST' })).status).toBe(200);
    await server.built.customerMail.sweepReminders();
    expect(to('stop@ash.test')).toEqual([]);
    expect(to('keep@ash.test')).toHaveLength(1);
  });
});

describe('the mail limits hold for reminders', () => {
  it(`50 reminders to one address at once send ${MAIL_LIMITS.recipientPer10Minutes}; the others are on their customers' logs with the sentence why`, async () => {
    const smtp = await startLoopbackSmtp();
    const clock = new Date('2026-11-24T09:00:00.000Z');
    const server = await startTestServer(
      { smtpUrl: smtp.url },
      { now: () => clock, reminderTiming: { firstAfterMs: 3_600_000, everyMs: 3_600_000 } },
    );
    try {
      const { office } = await createTeam(server);
      office.pb.autoCancellation(false);
      // A chain's head office, entered for 50 of its garden centres.
      await Promise.all(
        Array.from({ length: 50 }, async (_, i) => {
          const customer = await office.pb.collection('customers').create({ name: `Chain branch ${i}` });
          await office.pb.collection('customer_contacts').create({ customer: customer.id, email: 'head.office@chain.test' });
          await office.pb
            .collection('trolley_movements')
            .create({ customer: customer.id, kind: 'out', date: daysBefore(clock, 20), trolleys: 1 });
        }),
      );
      expect(await server.built.customerMail.sweepReminders()).toBe(50);
      expect(smtp.received.filter((mail) => mail.to.includes('head.office@chain.test'))).toHaveLength(MAIL_LIMITS.recipientPer10Minutes);
      const log = await office.pb.collection('customer_mail').getFullList({ filter: 'kind = "balanceReminders"' });
      expect(log.filter((line) => line.status === 'sent')).toHaveLength(MAIL_LIMITS.recipientPer10Minutes);
      const notSent = log.filter((line) => line.status === 'failed');
      expect(notSent).toHaveLength(50 - MAIL_LIMITS.recipientPer10Minutes);
      for (const line of notSent) expect(line.note).toMatch(/^Too many e-mails to this address\. Try again in \d+ minutes?\.$/);
      expect(TOO_MANY_TO_ADDRESS).toBe('Too many e-mails to this address.');
    } finally {
      await server.close();
      await smtp.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('balance reminders with two instances on one PostgreSQL', () => {
  let smtp: LoopbackSmtp;
  let a: TestServer;
  let b: TestServer;
  const clock = new Date('2026-11-24T09:00:00.000Z');

  beforeAll(async () => {
    smtp = await startLoopbackSmtp();
    const options = { now: () => clock, reminderTiming: { firstAfterMs: 3_600_000, everyMs: 3_600_000 } };
    a = await startTestServer({ smtpUrl: smtp.url }, options);
    b = await startTestServer({ smtpUrl: smtp.url, databaseUrl: a.config.databaseUrl }, options);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await smtp?.close();
  });

  it('both sweep at once: one reminder per customer, never two', async () => {
    const { office } = await createTeam(a);
    const emails: string[] = [];
    for (let i = 0; i < 5; i++) {
      const customer = await office.pb.collection('customers').create({ name: `Customer ${i}` });
      emails.push(`c${i}@two.test`);
      await office.pb.collection('customer_contacts').create({ customer: customer.id, email: `c${i}@two.test` });
      await office.pb
        .collection('trolley_movements')
        .create({ customer: customer.id, kind: 'out', date: daysBefore(clock, 20), trolleys: 1 });
    }
    const [fromA, fromB] = await Promise.all([a.built.customerMail.sweepReminders(), b.built.customerMail.sweepReminders()]);
    expect(fromA + fromB).toBe(5);
    for (const email of emails) expect(smtp.received.filter((mail) => mail.to.includes(email))).toHaveLength(1);
  });
});
