import { ClientResponseError } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BalanceLinks } from '#domain/customers/balance-link';
import { STATEMENT_MAIL_API, type StatementMailAnswer } from '#domain/customers/customer-mail';
import { STATEMENT_PERIOD_PROBLEM } from '#domain/ledger/statement';
import { parseMail } from '../../../tests/support/mail';
import { readPdf } from '../../../tests/support/pdf-tools';
import { createTeam, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';
import { startLoopbackSmtp, type LoopbackSmtp } from '../../../tests/support/smtp';
import { STATEMENT_MAILERS_ONLY } from './customer-mail-routes';

// The office mails a customer's statement (docs/decisions/080), over a real SMTP server on
// loopback: only to the contacts whose Statements switch is on, with the statement's PDF drawn by
// the server's PDF worker, logged on the customer's mail log; viewers and staff are refused; a bad
// period or a customer without a statement contact is a 400 with a sentence.

const balanceLinks: BalanceLinks = { linkFor: async (nursery, customer) => `https://board.nursery.test/b/${nursery}-${customer}` };

const mailStatement = (account: TestAccount, customer: string, body: object) =>
  account.pb.send<StatementMailAnswer>(STATEMENT_MAIL_API.path(customer), { method: 'POST', body });

/** The refusal a request ends in: its status and message. */
async function refusal(request: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await request;
  } catch (error) {
    if (error instanceof ClientResponseError) return { status: error.status, message: error.response.message as string };
    throw error;
  }
  throw new Error('The request was not refused');
}

describe('mailing a statement', () => {
  let smtp: LoopbackSmtp;
  let server: TestServer;
  let team: Awaited<ReturnType<typeof createTeam>>;

  beforeAll(async () => {
    smtp = await startLoopbackSmtp();
    server = await startTestServer(
      { smtpUrl: smtp.url, appUrl: 'https://board.nursery.test', mailFrom: 'Trolleyboard <no-reply@nursery.test>' },
      { balanceLinks },
    );
    team = await createTeam(server);
    await team.admin.pb.collection('nurseries').update(team.admin.nursery, { name: 'Hillside Nurseries' });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('goes to the contacts who receive statements, with the PDF and the balance link, and is logged', async () => {
    const { office } = team;
    const birch = await office.pb.collection('customers').create({ name: 'Birch Garden Centre', poolAccount: 'CC-778' });
    await office.pb.collection('customer_contacts').create({ customer: birch.id, email: 'accounts@birch.test', deliveryNotices: false });
    await office.pb.collection('customer_contacts').create({ customer: birch.id, email: 'yard@birch.test', statements: false });
    for (const [kind, date, trolleys] of [
      ['out', '2026-10-20', 3],
      ['out', '2026-11-03', 7],
      ['in', '2026-11-10', 4],
    ] as const)
      await office.pb.collection('trolley_movements').create({ customer: birch.id, kind, date, trolleys });

    const answer = await mailStatement(office, birch.id, { from: '2026-11-01', to: '2026-11-30' });
    expect(answer).toEqual({
      sentTo: ['accounts@birch.test'],
      notSent: [],
      message: "Birch Garden Centre's statement went to accounts@birch.test.",
    });

    const mails = smtp.received.filter((mail) => mail.to.includes('accounts@birch.test'));
    expect(mails).toHaveLength(1);
    expect(smtp.received.filter((mail) => mail.to.includes('yard@birch.test'))).toEqual([]);
    const mail = parseMail(mails[0]!.raw);
    expect(mail.subject).toBe('Trolley statement from Hillside Nurseries: Sun 1 Nov 2026 to Mon 30 Nov 2026');
    expect(mail.text).toContain('At the end of the period: 6 trolleys, 0 shelves, 0 extensions.');
    expect(mail.text).toContain(`https://board.nursery.test/b/${office.nursery}-${birch.id}`);
    expect(mail.text).toContain(
      'To get no more statements from Hillside Nurseries, open: https://board.nursery.test/api/customer-mail/stop/',
    );
    expect(mail.attachments.map((file) => [file.filename, file.contentType])).toEqual([
      ['statement_Birch-Garden-Centre_2026-11-01_2026-11-30.pdf', 'application/pdf'],
    ]);
    const pdf = readPdf(new Uint8Array(mail.attachments[0]!.content));
    expect(pdf.text).toContain('Birch Garden Centre');
    expect(pdf.text).toContain('Trolley statement · Hillside Nurseries');
    expect(pdf.text).toContain('Pool account CC-778');
    expect(pdf.rawText).toMatch(/Opening balance 3 \/ 0 \/ 0/);
    expect(pdf.rawText).toMatch(/Closing balance 6 \/ 0 \/ 0/);

    const log = await office.pb.collection('customer_mail').getFullList({ filter: office.pb.filter('customer = {:c}', { c: birch.id }) });
    expect(log).toEqual([
      expect.objectContaining({ kind: 'statements', status: 'sent', to: 'accounts@birch.test', subject: mail.subject }),
    ]);
  });

  it('refuses viewers and staff, a bad period, another nursery and a customer without a statement contact', async () => {
    const { office, viewer, staff } = team;
    const ash = await office.pb.collection('customers').create({ name: 'Ash Farm Shop' });
    const period = { from: '2026-11-01', to: '2026-11-30' };
    expect(await refusal(mailStatement(viewer, ash.id, period))).toEqual({ status: 403, message: STATEMENT_MAILERS_ONLY });
    expect(await refusal(mailStatement(staff, ash.id, period))).toEqual({ status: 403, message: STATEMENT_MAILERS_ONLY });
    expect(await refusal(mailStatement(office, ash.id, period))).toEqual({
      status: 400,
      message: 'Ash Farm Shop has no contact who receives statements. Add one under Contacts, or turn Statements on for one.',
    });
    await office.pb.collection('customer_contacts').create({ customer: ash.id, email: 'till@ash.test', statements: false });
    expect((await refusal(mailStatement(office, ash.id, period))).status).toBe(400);
    for (const bad of [{ from: '2026-11-30', to: '2026-11-01' }, { from: '2026-02-30', to: '2026-03-01' }, { from: 'last month' }])
      expect(await refusal(mailStatement(office, ash.id, bad))).toEqual({ status: 400, message: STATEMENT_PERIOD_PROBLEM });
    const other = await createTeam(server);
    expect((await refusal(mailStatement(other.office, ash.id, period))).status).toBe(404);
    expect(smtp.received.filter((mail) => mail.to.includes('till@ash.test'))).toEqual([]);
  });
});
