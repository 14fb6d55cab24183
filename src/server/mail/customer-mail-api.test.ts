import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BalanceLinks } from '#domain/customers/balance-link';
import { RUNS_API } from '#domain/runs/runs-api';
import { parseMail } from '../../../tests/support/mail';
import { readPdf } from '../../../tests/support/pdf-tools';
import { order } from '../../../tests/support/realtime-client';
import { createTeam, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';
import { startLoopbackSmtp, type LoopbackSmtp, type ReceivedMail } from '../../../tests/support/smtp';
import { PdfDrawer } from '../pdf/pdf-drawer';
import { newRecordId } from '../records/ids';
import { MAIL_NOT_SENT, MAIL_LIMITS, TOO_MANY_TO_ADDRESS } from './outbox';

// Customer mail over a real SMTP server on loopback (docs/decisions/077): a dispatch sends one
// "on its way" per opted-in contact of each stop's customer, after the dispatch committed; a drop
// sends the delivery note; every mail names the nursery and carries a one-click stop (a page on
// GET, the stop on POST) and the List-Unsubscribe headers; each mail is on the customer's mail log
// as sent, not sent (and why) or stopped; the mail limits hold; CUSTOMER_MAIL=off sends none.

const VEHICLE = { driver: 'Sam', reg: 'AB12 CDE', date: '2026-11-24', vehicleType: 'lorry', trolleyNumber: 12, grid: [] };

/** A small real set of balance links: one address per customer, as the customer's page would give. */
const balanceLinks: BalanceLinks = {
  linkFor: async (nursery, customer) => `https://board.nursery.test/b/${nursery}-${customer}`,
};

/** The raw header `name` of a received mail (folded lines joined). */
function header(mail: ReceivedMail, name: string): string {
  const head = mail.raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const line = head
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n/)
    .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line === undefined ? '' : line.slice(name.length + 1).trim();
}

async function dispatchRun(account: TestAccount, stops: Array<{ customer: string; title: string; trollies: string }>): Promise<string> {
  const orders = [];
  for (const stop of stops)
    orders.push(await account.pb.collection('tasks').create(order(stop.title, { customer: stop.customer, trollies: stop.trollies })));
  const run = await account.pb.collection('trolley_exports').create({
    name: `Run ${newRecordId()}`,
    data: orders.map((o, i) => ({
      id: o.id,
      title: stops[i]?.title,
      postcode: '',
      trollies: stops[i]?.trollies,
      extras: '',
      orderNumber: '',
    })),
    vehicleInfo: VEHICLE,
  });
  for (const state of ['loading', 'dispatched']) await account.pb.send(RUNS_API.state(run.id), { method: 'POST', body: { state } });
  return run.id;
}

const mailLog = (account: TestAccount, customer: string) =>
  account.pb
    .collection('customer_mail')
    .getFullList({ filter: account.pb.filter('customer = {:customer}', { customer }), sort: 'created' });

describe('customer mail over SMTP', () => {
  let smtp: LoopbackSmtp;
  let server: TestServer;
  let team: Awaited<ReturnType<typeof createTeam>>;
  const to = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

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

  it('a dispatch sends one "on its way" per opted-in contact, with what is coming, and logs it', async () => {
    const { office } = team;
    const green = await office.pb.collection('customers').create({ name: 'Green Garden Centre' });
    const quiet = await office.pb.collection('customers').create({ name: 'Quiet Customer' });
    await office.pb.collection('customer_contacts').create({ customer: green.id, email: 'jo@green.test' });
    await office.pb.collection('customer_contacts').create({ customer: green.id, email: 'accounts@green.test', deliveryNotices: false });
    // Two stops of one customer on the run: one mail, their counts added up; a customer without contacts gets none.
    const run = await dispatchRun(office, [
      { customer: green.id, title: 'Green Garden Centre', trollies: '3' },
      { customer: quiet.id, title: 'Quiet Customer', trollies: '1' },
      { customer: green.id, title: 'Green Garden Centre (tills)', trollies: '2' },
    ]);

    await vi.waitFor(async () => expect(await mailLog(office, green.id)).toHaveLength(1), { timeout: 10_000 });
    const [line] = await mailLog(office, green.id);
    expect(line).toMatchObject({ kind: 'deliveryNotices', status: 'sent', to: 'jo@green.test', note: '' });
    expect(to('jo@green.test')).toHaveLength(1);
    const mail = to('jo@green.test')[0] as ReceivedMail;
    const parsed = parseMail(mail.raw);
    expect(parsed.subject).toBe('Your delivery from Hillside Nurseries is on its way today');
    expect(line?.subject).toBe(parsed.subject);
    expect(parsed.text).toContain(
      'Your delivery from Hillside Nurseries left the nursery and is on its way to you today, Tue 24 Nov 2026.',
    );
    expect(parsed.text).toContain('Coming to you: 5 trolleys.');
    expect(parsed.text).toContain(`https://board.nursery.test/b/${office.nursery}-${green.id}`);
    expect(parsed.text).toContain(
      'To get no more delivery notices from Hillside Nurseries, open: https://board.nursery.test/api/customer-mail/stop/',
    );
    expect(header(mail, 'List-Unsubscribe')).toMatch(/^<https:\/\/board\.nursery\.test\/api\/customer-mail\/stop\/[^>]+>$/);
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(to('accounts@green.test')).toEqual([]);
    expect(await mailLog(office, quiet.id)).toEqual([]);

    // Pressed again: the run has moved, nothing more is booked or sent.
    await office.pb.send(RUNS_API.state(run), { method: 'POST', body: { state: 'dispatched' } });
    const sentinel = await office.pb.collection('customers').create({ name: 'Sentinel' });
    await office.pb.collection('customer_contacts').create({ customer: sentinel.id, email: 'sentinel@green.test' });
    await dispatchRun(office, [{ customer: sentinel.id, title: 'Sentinel', trollies: '1' }]);
    await vi.waitFor(() => expect(to('sentinel@green.test')).toHaveLength(1), { timeout: 10_000 });
    expect(to('jo@green.test')).toHaveLength(1);
  });

  it('a drop recorded as delivered sends the delivery note with the balance link', async () => {
    const { office, staff } = team;
    const oak = await office.pb.collection('customers').create({ name: 'Oak Nurseries' });
    await office.pb.collection('customer_contacts').create({ customer: oak.id, email: 'yard@oak.test' });
    const run = await dispatchRun(office, [{ customer: oak.id, title: 'Oak Nurseries', trollies: '4' }]);
    await vi.waitFor(() => expect(to('yard@oak.test')).toHaveLength(1), { timeout: 10_000 });
    const [stop] = (await office.pb.collection('trolley_movements').getFullList({ filter: `run = "${run}" && kind = "out"` })).map(
      (m) => m.stop as string,
    );
    await staff.pb.send(RUNS_API.drops(run), {
      method: 'POST',
      body: { stop, outcome: 'delivered', receivedBy: 'Priya', trolleysBack: 2, recordedAt: '2026-11-24T10:42:00.000Z' },
    });
    // The first PDF starts the worker thread: seconds on a busy machine.
    await vi.waitFor(() => expect(to('yard@oak.test')).toHaveLength(2), { timeout: 30_000 });
    const note = parseMail((to('yard@oak.test')[1] as ReceivedMail).raw);
    expect(note.subject).toBe('Delivery note: your delivery from Hillside Nurseries');
    expect(note.text).toContain('Your delivery from Hillside Nurseries was delivered at 10:42 on Tue 24 Nov 2026, received by Priya.');
    expect(note.text).toContain('Left with you: 4 trolleys.');
    expect(note.text).toContain('Taken back: 2 trolleys.');
    expect(note.text).toContain('The delivery note is attached as a PDF.');
    expect(note.text).toContain(`https://board.nursery.test/b/${office.nursery}-${oak.id}`);
    // The office's delivery note, drawn by the same code in the server's PDF worker (docs/decisions/080).
    expect(note.attachments.map((file) => [file.filename, file.contentType])).toEqual([
      ['delivery-note_oak-nurseries_2026-11-24_drop-1.pdf', 'application/pdf'],
    ]);
    const pdf = readPdf(new Uint8Array(note.attachments[0]!.content));
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toContain('Delivery note Hillside Nurseries Oak Nurseries');
    expect(pdf.text).toContain('Trolleys Shelves Extensions Left 4 0 0 Collected 2 0 0 Collected: 2 trolleys');
    expect(pdf.text).toContain('Delivered at 10:42, Tue 24 Nov 2026 Received by Priya');
    await vi.waitFor(async () => expect((await mailLog(office, oak.id)).map((l) => l.subject)).toHaveLength(2), { timeout: 10_000 });
  });

  it('the stop link: GET only shows a button, POST stops that kind, the log says stopped, no more mail of it', async () => {
    const { office } = team;
    const elm = await office.pb.collection('customers').create({ name: 'Elm Garden Centre' });
    const contact = await office.pb.collection('customer_contacts').create({ customer: elm.id, email: 'sam@elm.test' });
    await dispatchRun(office, [{ customer: elm.id, title: 'Elm Garden Centre', trollies: '1' }]);
    await vi.waitFor(() => expect(to('sam@elm.test')).toHaveLength(1), { timeout: 10_000 });
    const link = parseMail((to('sam@elm.test')[0] as ReceivedMail).raw).links.find((l) => l.includes('/api/customer-mail/stop/')) ?? '';
    const local = link.replace('https://board.nursery.test', server.url);

    // A link scanner's GET stops nothing.
    const shown = await fetch(local);
    expect(shown.status).toBe(200);
    const page = await shown.text();
    expect(page).toContain('Hillside Nurseries sends delivery notices to sam@elm.test.');
    expect(page).toContain('<form method="post"><button type="submit">Stop delivery notices</button></form>');
    expect((await office.pb.collection('customer_contacts').getOne(contact.id)).deliveryNotices).toBe(true);

    // The mail program's one-click POST (RFC 8058) stops it.
    const stopped = await fetch(local, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(stopped.status).toBe(200);
    expect(await stopped.text()).toContain('sam@elm.test will get no more delivery notices from Hillside Nurseries.');
    expect((await office.pb.collection('customer_contacts').getOne(contact.id)).deliveryNotices).toBe(false);
    const log = await mailLog(office, elm.id);
    expect(log.map((l) => [l.status, l.subject])).toEqual([
      ['sent', 'Your delivery from Hillside Nurseries is on its way today'],
      ['stopped', 'Stopped delivery notices'],
    ]);

    // The next dispatch sends it nothing; another customer's mail shows the sends are done.
    const next = await office.pb.collection('customers').create({ name: 'Next Customer' });
    await office.pb.collection('customer_contacts').create({ customer: next.id, email: 'next@elm.test' });
    await dispatchRun(office, [
      { customer: elm.id, title: 'Elm Garden Centre', trollies: '1' },
      { customer: next.id, title: 'Next Customer', trollies: '1' },
    ]);
    await vi.waitFor(() => expect(to('next@elm.test')).toHaveLength(1), { timeout: 10_000 });
    expect(to('sam@elm.test')).toHaveLength(1);

    // A link changed by one character is not the server's: nothing to stop.
    const forged = await fetch(`${local.slice(0, -1)}${local.endsWith('A') ? 'B' : 'A'}`, { method: 'POST' });
    expect(forged.status).toBe(404);
    expect(await forged.text()).toContain('This link does not work');
  });

  it(`mail limits: notices to one address in a minute send at most ${MAIL_LIMITS.recipientPer10Minutes}; the log says why the rest were not sent`, async () => {
    const { office } = team;
    const busy = await office.pb.collection('customers').create({ name: 'Busy Customer' });
    await office.pb.collection('customer_contacts').create({ customer: busy.id, email: 'busy@busy.test' });
    const tries = MAIL_LIMITS.recipientPer10Minutes + 3;
    for (let i = 0; i < tries; i++) await dispatchRun(office, [{ customer: busy.id, title: 'Busy Customer', trollies: '1' }]);
    await vi.waitFor(async () => expect(await mailLog(office, busy.id)).toHaveLength(tries), { timeout: 20_000 });
    const log = await mailLog(office, busy.id);
    expect(log.filter((l) => l.status === 'sent')).toHaveLength(MAIL_LIMITS.recipientPer10Minutes);
    const refused = log.filter((l) => l.status === 'failed');
    expect(refused).toHaveLength(3);
    for (const line of refused)
      expect(line.note).toMatch(new RegExp(`^${TOO_MANY_TO_ADDRESS.replace('.', '\\.')} Try again in \\d+ minutes?\\.$`));
    expect(to('busy@busy.test')).toHaveLength(MAIL_LIMITS.recipientPer10Minutes);
  });
});

describe('customer mail that cannot go, or is turned off', () => {
  it('a mail server that does not answer never fails the dispatch: the log says the mail was not sent', async () => {
    const server = await startTestServer({ smtpUrl: 'smtp://127.0.0.1:9', appUrl: 'https://board.nursery.test' });
    try {
      const { office } = await createTeam(server);
      const ash = await office.pb.collection('customers').create({ name: 'Ash Customer' });
      await office.pb.collection('customer_contacts').create({ customer: ash.id, email: 'ash@ash.test' });
      await dispatchRun(office, [{ customer: ash.id, title: 'Ash Customer', trollies: '1' }]);
      await vi.waitFor(async () => expect(await mailLog(office, ash.id)).toHaveLength(1), { timeout: 20_000 });
      expect((await mailLog(office, ash.id))[0]).toMatchObject({ status: 'failed', note: MAIL_NOT_SENT, to: 'ash@ash.test' });
    } finally {
      await server.close();
    }
  });

  it('CUSTOMER_MAIL=off sends no customer mail at all', async () => {
    const smtp = await startLoopbackSmtp();
    const server = await startTestServer({ smtpUrl: smtp.url, customerMail: false });
    try {
      const { admin, office } = await createTeam(server);
      const off = await office.pb.collection('customers').create({ name: 'Off Customer' });
      await office.pb.collection('customer_contacts').create({ customer: off.id, email: 'off@off.test' });
      await dispatchRun(office, [{ customer: off.id, title: 'Off Customer', trollies: '1' }]);
      // An invitation is not customer mail: it goes, and once it has arrived the dispatch's would have too.
      await admin.pb.collection('invitations').create({ email: 'new@off.test', role: 'staff' });
      await vi.waitFor(() => expect(smtp.received.some((m) => m.to.includes('new@off.test'))).toBe(true), { timeout: 10_000 });
      expect(smtp.received.filter((m) => m.to.includes('off@off.test'))).toEqual([]);
      expect(await mailLog(office, off.id)).toEqual([]);
    } finally {
      await server.close();
      await smtp.close();
    }
  });
});

describe('a delivery note that cannot be drawn', () => {
  let smtp: LoopbackSmtp;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await startLoopbackSmtp();
    // A real PDF worker given 1 ms to draw: every drawing fails, as a broken one would.
    server = await startTestServer(
      { smtpUrl: smtp.url, appUrl: 'https://board.nursery.test', mailFrom: 'Trolleyboard <no-reply@nursery.test>' },
      { balanceLinks, pdfs: new PdfDrawer({ timeLimitMs: 1 }) },
    );
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('still sends the note as text, without an attachment (docs/decisions/080)', async () => {
    const { office, staff } = await createTeam(server);
    const pine = await office.pb.collection('customers').create({ name: 'Pine Nurseries' });
    await office.pb.collection('customer_contacts').create({ customer: pine.id, email: 'yard@pine.test' });
    const run = await dispatchRun(office, [{ customer: pine.id, title: 'Pine Nurseries', trollies: '2' }]);
    const mails = () => smtp.received.filter((mail) => mail.to.includes('yard@pine.test'));
    await vi.waitFor(() => expect(mails()).toHaveLength(1), { timeout: 10_000 });
    const [stop] = (await office.pb.collection('trolley_movements').getFullList({ filter: `run = "${run}" && kind = "out"` })).map(
      (m) => m.stop as string,
    );
    await staff.pb.send(RUNS_API.drops(run), { method: 'POST', body: { stop, outcome: 'delivered', receivedBy: 'Ola', trolleysBack: 1 } });
    await vi.waitFor(() => expect(mails()).toHaveLength(2), { timeout: 30_000 });
    const note = parseMail(mails()[1]!.raw);
    expect(note.subject).toMatch(/^Delivery note: your delivery from /);
    expect(note.text).toContain('Left with you: 2 trolleys.');
    expect(note.text).toContain('Taken back: 1 trolley.');
    expect(note.text).not.toContain('attached');
    expect(note.attachments).toEqual([]);
  });
});
