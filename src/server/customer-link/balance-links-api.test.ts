import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  BALANCE_API,
  BALANCE_LINK_DAYS,
  BALANCE_LINK_HEADER,
  BALANCE_PAGE_PREFIX,
  type BalanceAnswer,
  type BalanceLinkView,
  type BalanceReplyView,
  type OpenDisputesAnswer,
} from '#domain/customers/balance-link';
import { listen, waitFor } from '../../../tests/support/realtime-client';
import { createTeam, failure, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';
import { POOL_API } from '#domain/ledger/pool-statement';

// A customer's balance link (docs/decisions/078) through the SDK and raw HTTP: who makes and
// revokes one, what it reads (its customer only), that it expires and is renewed by mail's
// linkFor, that wrong secrets are throttled, and confirm or dispute reaching the office live.

const DAY_MS = 24 * 60 * 60 * 1000;
let clock = Date.parse('2026-11-24T07:00:00Z');
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { now: () => new Date(clock) });
});
afterAll(async () => {
  await server.close();
});
// Every test's wrong secrets come from one address (127.0.0.1): each starts with none counted.
beforeEach(async () => {
  await server.built.database.db.deleteFrom('throttles').where('key', 'like', 'balance-link|%').execute();
});

const makeLink = (account: TestAccount, customerId: string) =>
  account.pb.send<BalanceLinkView>(BALANCE_API.customerLinks(customerId), { method: 'POST' });
const secretOf = (link: { url: string } | string) => (typeof link === 'string' ? link : link.url).split(BALANCE_PAGE_PREFIX)[1]!;

async function customerGet(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown>; text: string }> {
  const response = await fetch(server.url + path, { headers });
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // A CSV statement.
  }
  return { status: response.status, body, text };
}

async function customerPost(path: string, secret: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [BALANCE_LINK_HEADER]: secret },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A customer holding 7 trolleys and 2 shelves, with a run's name on its delivery. */
async function customerWithLedger(office: TestAccount, name = 'Greenfields Garden Centre') {
  const customer = await office.pb.collection('customers').create({ name, postcode: 'AB1 2CD' });
  await office.pb
    .collection('trolley_movements')
    .create({ customer: customer.id, kind: 'out', date: '2026-11-02', trolleys: 9, shelves: 2 });
  await office.pb
    .collection('trolley_movements')
    .create({ customer: customer.id, kind: 'in', date: '2026-11-10', trolleys: 2, note: 'Driver collected' });
  return customer;
}

describe("a customer's balance link", () => {
  it('office and admins make one for a customer; staff, viewers and another nursery cannot; only a hash is stored', async () => {
    const { admin, office, staff, viewer } = await createTeam(server);
    const customer = await customerWithLedger(office);
    const link = await makeLink(office, customer.id);
    expect(link).toMatchObject({ customer: customer.id, active: true, revokedAt: '', createdBy: office.id });
    expect(link.url).toMatch(new RegExp(`^${server.config.appUrl}/b/[\\w-]{43}$`));
    expect(Date.parse(link.expires) - clock).toBe(BALANCE_LINK_DAYS * DAY_MS);
    await expect(makeLink(admin, customer.id)).resolves.toMatchObject({ active: true });
    for (const account of [staff, viewer]) {
      const refused = await failure(makeLink(account, customer.id));
      expect(refused.status).toBe(403);
      expect(refused.message).toMatch(/Only office staff and admins can make or cancel a customer's balance link/);
    }
    const other = await createTeam(server);
    expect((await failure(makeLink(other.office, customer.id))).status).toBe(404);
    expect((await failure(other.office.pb.send(BALANCE_API.customerLinks(customer.id), {}))).status).toBe(404);
    expect((await failure(other.office.pb.send(BALANCE_API.revoke(link.id), { method: 'POST' }))).status).toBe(404);

    const { items } = await office.pb.send<{ items: BalanceLinkView[] }>(BALANCE_API.customerLinks(customer.id), {});
    expect(items).toHaveLength(2);
    expect(items.find((item) => item.id === link.id)).toEqual(link);
    const rows = await server.built.database.db.selectFrom('balance_links').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(secretOf(link));
  });

  it('reads only its customer: nursery, balance, movements with their run, and its statement', async () => {
    const { admin, office } = await createTeam(server);
    await admin.pb.collection('nurseries').update(admin.nursery, { name: 'Hillside Nurseries' });
    const customer = await customerWithLedger(office);
    const neighbour = await customerWithLedger(office, 'Next Door Plants');
    await office.pb
      .collection('trolley_movements')
      .create({ customer: neighbour.id, kind: 'out', date: '2026-11-11', trolleys: 40, note: 'Not yours' });
    const secret = secretOf(await makeLink(office, customer.id));

    const read = await customerGet(BALANCE_API.view, { [BALANCE_LINK_HEADER]: secret });
    expect(read.status).toBe(200);
    const answer = read.body as unknown as BalanceAnswer;
    expect(answer).toMatchObject({
      nursery: 'Hillside Nurseries',
      customer: 'Greenfields Garden Centre',
      today: '2026-11-24',
      balance: { trolleys: 7, shelves: 2, extensions: 0 },
      replies: [],
    });
    expect(answer.movements.map((m) => [m.date, m.kind, m.trolleys, m.shelves, m.note])).toEqual([
      ['2026-11-10', 'in', 2, 0, 'Driver collected'],
      ['2026-11-02', 'out', 9, 2, ''],
    ]);
    expect(read.text).not.toContain('Next Door');
    expect(read.text).not.toContain('Not yours');

    const csv = await customerGet(`${BALANCE_API.statement}?from=2026-11-01&to=2026-11-30`, { [BALANCE_LINK_HEADER]: secret });
    expect(csv.status).toBe(200);
    expect(csv.text.split(/\r?\n/)[1]).toContain('Opening balance');
    expect(csv.text).toContain('Closing balance,,,,,7,2,0');
    expect(csv.text).not.toContain('Next Door');
    const badDates = await customerGet(`${BALANCE_API.statement}?from=yesterday`, { [BALANCE_LINK_HEADER]: secret });
    expect(badDates.status).toBe(400);
    expect(badDates.body.message).toMatch(/year-month-day/);

    // The secret opens nothing else: as a sign-in token or in its header, the records API sees a visitor.
    const asHeaders: Array<Record<string, string>> = [{ authorization: `Bearer ${secret}` }, { [BALANCE_LINK_HEADER]: secret }];
    for (const headers of asHeaders) {
      for (const collection of ['customers', 'trolley_movements', 'balance_replies', 'tasks', 'nurseries']) {
        const list = await customerGet(`/api/collections/${collection}/records`, headers);
        expect(list.body.items ?? [], `${collection} ${Object.keys(headers)[0]}`).toEqual([]);
      }
      const other = await customerGet(`/api/collections/customers/records/${neighbour.id}`, headers);
      // As any visitor: a sign-in is asked for, nothing of the customer is said.
      expect(other.status).toBe(401);
      expect(other.text).not.toContain('Next Door');
      expect((await customerGet(BALANCE_API.customerLinks(customer.id), headers)).status).toBe(401);
      expect((await customerGet(BALANCE_API.openDisputes, headers)).status).toBe(401);
    }
    // A signed-in member's own token is no balance link.
    expect((await customerGet(BALANCE_API.view, { authorization: `Bearer ${office.pb.authStore.token}` })).status).toBe(401);
  });

  it('stops working when revoked, expired or its customer deleted, with a sentence that says so', async () => {
    const { admin, office } = await createTeam(server);
    const customer = await customerWithLedger(office);
    const revoked = await makeLink(office, customer.id);
    const expiring = await makeLink(office, customer.id);
    await admin.pb.send(BALANCE_API.revoke(revoked.id), { method: 'POST' });
    const cancelled = await customerGet(BALANCE_API.view, { [BALANCE_LINK_HEADER]: secretOf(revoked) });
    expect(cancelled.status).toBe(403);
    expect(cancelled.body.message).toBe('This balance link was cancelled by the nursery. Ask the nursery for a new one.');

    clock += BALANCE_LINK_DAYS * DAY_MS - 1000;
    try {
      expect((await customerGet(BALANCE_API.view, { [BALANCE_LINK_HEADER]: secretOf(expiring) })).status).toBe(200);
      clock += 1000;
      const expired = await customerGet(BALANCE_API.view, { [BALANCE_LINK_HEADER]: secretOf(expiring) });
      expect(expired.status).toBe(403);
      expect(expired.body.message).toMatch(/This balance link has expired/);
      const replied = await customerPost(BALANCE_API.replies, secretOf(expiring), { kind: 'confirm' });
      expect(replied.status).toBe(403);
    } finally {
      clock -= BALANCE_LINK_DAYS * DAY_MS;
    }
  });

  it("mail's linkFor renews the customer's working link to 60 days from now, or makes one", async () => {
    const { office } = await createTeam(server);
    const customer = await customerWithLedger(office);
    const links = server.built.balanceLinks;
    const first = await links.linkFor(office.nursery, customer.id);
    expect(first).toMatch(/\/b\/[\w-]{43}$/);
    clock += 10 * DAY_MS;
    try {
      expect(await links.linkFor(office.nursery, customer.id)).toBe(first);
      const { items } = await office.pb.send<{ items: BalanceLinkView[] }>(BALANCE_API.customerLinks(customer.id), {});
      expect(items).toHaveLength(1);
      expect(Date.parse(items[0]!.expires) - clock).toBe(BALANCE_LINK_DAYS * DAY_MS);
      // Revoked by the office: the next mail carries a new link, the old one stays dead.
      await office.pb.send(BALANCE_API.revoke(items[0]!.id), { method: 'POST' });
      const next = await links.linkFor(office.nursery, customer.id);
      expect(next).not.toBe(first);
      expect((await customerGet(BALANCE_API.view, { [BALANCE_LINK_HEADER]: secretOf(first!) })).status).toBe(403);
      expect((await customerGet(BALANCE_API.view, { [BALANCE_LINK_HEADER]: secretOf(next!) })).status).toBe(200);
      // Another nursery's customer, or none: no link.
      expect(await links.linkFor('x'.repeat(15), customer.id)).toBeNull();
      expect(await links.linkFor(office.nursery, 'y'.repeat(15))).toBeNull();
    } finally {
      clock -= 10 * DAY_MS;
    }
  });

  it('refuses unknown secrets and slows an address that keeps guessing', async () => {
    const { office } = await createTeam(server);
    const customer = await customerWithLedger(office);
    const secret = secretOf(await makeLink(office, customer.id));
    const missing = await customerGet(BALANCE_API.view, {});
    expect(missing.status).toBe(401);
    expect(missing.body.message).toMatch(/balance link is not known/);
    // With the missing one above, ten wrong secrets.
    for (let i = 0; i < 9; i++)
      expect((await customerGet(BALANCE_API.view, { [BALANCE_LINK_HEADER]: `${secret.slice(0, 40)}x${i}y` })).status).toBe(401);
    const throttled = await customerGet(BALANCE_API.view, { [BALANCE_LINK_HEADER]: secret });
    expect(throttled.status).toBe(429);
    expect(throttled.body.message).toMatch(/Too many wrong balance links/);
    await server.built.database.db.deleteFrom('throttles').where('key', 'like', 'balance-link|%').execute();
    expect((await customerGet(BALANCE_API.view, { [BALANCE_LINK_HEADER]: secret })).status).toBe(200);
  });
});

describe('confirm or dispute', () => {
  it('a confirmation and a dispute reach the office live; the dispute is listed open with the days to contest', async () => {
    const { office, viewer } = await createTeam(server);
    const customer = await customerWithLedger(office);
    const secret = secretOf(await makeLink(office, customer.id));
    await office.pb.send(POOL_API.import, {
      method: 'POST',
      body: {
        csv: 'Account;Trolleys\nCC-1;4\n',
        fileName: 'pool.csv',
        statementDate: '2026-11-20',
        mapping: { account: 'Account', trolleys: 'Trolleys' },
      },
    });
    const { events, unsubscribe } = await listen(viewer.pb, 'balance_replies', '*');
    try {
      const confirmed = await customerPost(BALANCE_API.replies, secret, { kind: 'confirm' });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toMatchObject({
        kind: 'confirm',
        asOf: '2026-11-24',
        trolleys: 7,
        shelves: 2,
        ledger: { trolleys: 7, shelves: 2 },
      });
      const disputed = await customerPost(BALANCE_API.replies, secret, {
        kind: 'dispute',
        trolleys: 5,
        shelves: 2,
        note: 'Two went back on the 20th',
      });
      expect(disputed.status).toBe(200);
      const live = await waitFor(
        () => (events.filter((e) => e.action === 'create').length >= 2 ? events : undefined),
        'both replies announced',
      );
      expect(live.map((e) => [e.record.kind, e.record.customer, e.record.trolleys])).toEqual([
        ['confirm', customer.id, 7],
        ['dispute', customer.id, 5],
      ]);
    } finally {
      await unsubscribe();
    }
    const open = await viewer.pb.send<OpenDisputesAnswer>(BALANCE_API.openDisputes, {});
    expect(open.items.map((item) => [item.customerName, item.trolleys, item.ledger.trolleys, item.note])).toEqual([
      ['Greenfields Garden Centre', 5, 7, 'Two went back on the 20th'],
    ]);
    // 20 Nov 2026 + 10 working days = 4 Dec; from Tue 24 Nov: 8 working days left.
    expect(open.contest).toEqual({ statementDate: '2026-11-20', contestBy: '2026-12-04', workingDaysLeft: 8 });
    // Nobody writes a reply through the records API.
    expect((await failure(office.pb.collection('balance_replies').update(open.items[0]!.id, { note: 'x' }))).status).toBe(403);
  });

  it('refuses a dispute that says nothing, with a sentence, and stores nothing', async () => {
    const { office } = await createTeam(server);
    const customer = await customerWithLedger(office);
    const secret = secretOf(await makeLink(office, customer.id));
    const same = await customerPost(BALANCE_API.replies, secret, { kind: 'dispute', trolleys: 7, shelves: 2 });
    expect(same.status).toBe(400);
    expect(JSON.stringify(same.body)).toMatch(/Enter the counts you believe you hold/);
    const nonsense = await customerPost(BALANCE_API.replies, secret, { kind: 'maybe', trolleys: -3 });
    expect(nonsense.status).toBe(400);
    expect(await office.pb.collection('balance_replies').getFullList()).toEqual([]);
  });

  it('the office resolves a dispute with an adjustment (one write) or a reply; the customer sees the outcome', async () => {
    const { office, staff } = await createTeam(server);
    const customer = await customerWithLedger(office);
    const secret = secretOf(await makeLink(office, customer.id));
    const first = (await customerPost(BALANCE_API.replies, secret, { kind: 'dispute', trolleys: 5, shelves: 2, note: 'Two back' })).body;
    const second = (await customerPost(BALANCE_API.replies, secret, { kind: 'dispute', trolleys: 6, shelves: 2 })).body;

    const staffTry = await failure(staff.pb.send(BALANCE_API.resolve(String(first.id)), { method: 'POST', body: { reply: 'No' } }));
    expect(staffTry.status).toBe(403);
    const empty = await failure(office.pb.send(BALANCE_API.resolve(String(first.id)), { method: 'POST', body: {} }));
    expect(empty.status).toBe(400);
    // An adjustment without a reason is refused and leaves both the ledger and the dispute as they were.
    const noReason = await failure(
      office.pb.send(BALANCE_API.resolve(String(first.id)), { method: 'POST', body: { adjustment: { trolleys: -2 } } }),
    );
    expect(noReason.status).toBe(400);
    expect(noReason.response.data.reason?.message).toMatch(/Choose why the balance is adjusted/);

    const adjusted = await office.pb.send<BalanceReplyView>(BALANCE_API.resolve(String(first.id)), {
      method: 'POST',
      body: { adjustment: { trolleys: -2, reason: 'count', note: 'Found the two on the 20th returns' } },
    });
    expect(adjusted).toMatchObject({ outcome: 'adjusted', reply: 'Found the two on the 20th returns' });
    const again = await failure(office.pb.send(BALANCE_API.resolve(String(first.id)), { method: 'POST', body: { reply: 'Twice' } }));
    expect(again.status).toBe(400);
    const replied = await office.pb.send<BalanceReplyView>(BALANCE_API.resolve(String(second.id)), {
      method: 'POST',
      body: { reply: 'Adjusted on your other message.' },
    });
    expect(replied).toMatchObject({ outcome: 'replied', reply: 'Adjusted on your other message.' });

    const page = (await customerGet(BALANCE_API.view, { [BALANCE_LINK_HEADER]: secret })).body as unknown as BalanceAnswer;
    expect(page.balance).toEqual({ trolleys: 5, shelves: 2, extensions: 0 });
    expect(page.movements[0]).toMatchObject({
      kind: 'adjustment',
      reason: 'count',
      trolleys: -2,
      note: 'Found the two on the 20th returns',
    });
    expect(page.replies.map((r) => [r.outcome, r.reply])).toEqual([
      ['replied', 'Adjusted on your other message.'],
      ['adjusted', 'Found the two on the 20th returns'],
    ]);
    const { balances } = {
      balances: await office.pb.send<{ items: Array<{ customer: string; trolleys: number }> }>('/api/trolleyboard/ledger/balances', {}),
    };
    expect(balances.items.find((item) => item.customer === customer.id)?.trolleys).toBe(5);
    expect((await office.pb.send<OpenDisputesAnswer>(BALANCE_API.openDisputes, {})).items).toEqual([]);
  });

  it("keeps a dispute's photo on it, protected; a file that is no photo stores nothing", async () => {
    const { office } = await createTeam(server);
    const customer = await customerWithLedger(office);
    const secret = secretOf(await makeLink(office, customer.id));
    const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
    const sendForm = async (photo: Blob, name: string) => {
      const form = new FormData();
      for (const [key, value] of Object.entries({ kind: 'dispute', trolleys: '5', shelves: '2', note: 'See the photo' }))
        form.set(key, value);
      form.set('photo', photo, name);
      const response = await fetch(server.url + BALANCE_API.replies, {
        method: 'POST',
        headers: { [BALANCE_LINK_HEADER]: secret },
        body: form,
      });
      return {
        status: response.status,
        body: (await response.json()) as Record<string, unknown> & { data?: Record<string, { message: string }> },
      };
    };
    const notPhoto = await sendForm(new Blob(['not a photo'], { type: 'text/plain' }), 'notes.txt');
    expect(notPhoto.status).toBe(400);
    expect(notPhoto.body.data?.photo?.message).toBeTruthy();
    expect(await office.pb.collection('balance_replies').getFullList()).toEqual([]);

    const sent = await sendForm(new Blob([JPEG], { type: 'image/jpeg' }), 'yard.jpg');
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ kind: 'dispute', trolleys: 5, note: 'See the photo' });
    const [stored] = await office.pb.collection('balance_replies').getFullList();
    expect(String(stored?.photo)).toMatch(/\.jpg$/);
    const url = (token = '') =>
      `${server.url}/api/files/balance_replies/${stored!.id}/${String(stored!.photo)}${token ? `?token=${token}` : ''}`;
    expect((await fetch(url())).status).toBe(404);
    const photo = await fetch(url(await office.pb.files.getToken()));
    expect(photo.status).toBe(200);
    expect(Buffer.from(await photo.arrayBuffer())).toEqual(JPEG);
  });
});
