import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ATTACHMENT_BYTES } from '#domain/collections/attachments';
import { LEDGER_API, type BalancesAnswer, type TransferAnswer, type TransferDeletedAnswer } from '#domain/ledger/ledger-api';
import { createTeam, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';

// Hauliers (docs/decisions/079): a haulier is a ledger party like a customer; trolleys handed on
// by a haulier to a customer are one movement pair written together, with the docket's photo and
// who received them; a nursery sees only its own parties; only office staff and admins record one.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

// A JPEG's first bytes: enough for the type read from the bytes.
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);

type Refusal = { status: number; response: { message: string; data: Record<string, { message: string }> } };

async function parties(account: TestAccount, name: string) {
  const haulier = await account.pb.collection('customers').create({ name: `${name} Haulage`, kind: 'haulier' });
  const customer = await account.pb.collection('customers').create({ name: `${name} Garden Centre` });
  // Handed to the haulier: out, as to any party.
  await account.pb
    .collection('trolley_movements')
    .create({ customer: haulier.id, kind: 'out', date: '2026-11-20', trolleys: 10, shelves: 2 });
  return { haulier, customer };
}

function transfer(account: TestAccount, fields: Record<string, string>, docket: Blob | null = new Blob([JPEG], { type: 'image/jpeg' })) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  if (docket) form.set('attachments', docket, 'docket.jpg');
  return account.pb.send<TransferAnswer>(LEDGER_API.transfers, { method: 'POST', body: form });
}

async function refusal(promise: Promise<unknown>): Promise<Refusal> {
  try {
    await promise;
  } catch (error) {
    return error as Refusal;
  }
  throw new Error('expected a refusal');
}

async function balances(account: TestAccount) {
  const answer = await account.pb.send<BalancesAnswer>(LEDGER_API.balances, {});
  return { of: (id: string) => answer.items.find((item) => item.customer === id), totals: answer.totals };
}

describe("a haulier's transfer", () => {
  it("moves the counts from the haulier to the customer in one pair, with the docket on both, and leaves the nursery's total", async () => {
    const { office } = await createTeam(server);
    const { haulier, customer } = await parties(office, 'Pair');
    const before = await balances(office);
    expect(before.of(haulier.id)).toMatchObject({ kind: 'haulier', trolleys: 10, shelves: 2 });

    const answer = await transfer(office, {
      haulier: haulier.id,
      customer: customer.id,
      date: '2026-11-24',
      trolleys: '4',
      shelves: '1',
      receivedBy: 'Jo Green',
    });
    expect(answer.message).toBe('Handed on: 4 trolleys, 1 shelf from Pair Haulage to Pair Garden Centre.');
    const pair = await office.pb.collection('trolley_movements').getFullList({ filter: `transfer = "${answer.transfer}"`, sort: 'kind' });
    expect(pair.map((m) => [m.customer, m.kind, m.date, m.trolleys, m.shelves, m.receivedBy])).toEqual([
      [haulier.id, 'in', '2026-11-24', 4, 1, 'Jo Green'],
      [customer.id, 'out', '2026-11-24', 4, 1, 'Jo Green'],
    ]);
    for (const movement of pair) {
      expect(movement.attachments).toHaveLength(1);
      const url = office.pb.files.getURL(movement, movement.attachments[0], { token: await office.pb.files.getToken() });
      expect(Buffer.from(await (await fetch(url)).arrayBuffer())).toEqual(JPEG);
    }

    const after = await balances(office);
    expect(after.of(haulier.id)).toMatchObject({ kind: 'haulier', trolleys: 6, shelves: 1 });
    expect(after.of(customer.id)).toMatchObject({ kind: 'customer', trolleys: 4, shelves: 1, since: '2026-11-24' });
    expect(after.totals).toEqual(before.totals);
  });

  it('writes both movements or neither: a failing second write leaves the haulier as it was', async () => {
    const { office } = await createTeam(server);
    const { haulier, customer } = await parties(office, 'Neither');
    const db = server.built.database.db;
    // The customer's half fails inside the database, after the haulier's half was written.
    if (server.built.database.dialect === 'postgres') {
      await sql`CREATE OR REPLACE FUNCTION refuse_test_out() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$ LANGUAGE plpgsql`.execute(
        db,
      );
      await sql`CREATE TRIGGER refuse_test_out BEFORE INSERT ON trolley_movements FOR EACH ROW WHEN (NEW.customer = ${sql.lit(customer.id)}) EXECUTE FUNCTION refuse_test_out()`.execute(
        db,
      );
    } else
      await sql`CREATE TRIGGER refuse_test_out BEFORE INSERT ON trolley_movements WHEN NEW.customer = ${sql.lit(customer.id)} BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`.execute(
        db,
      );
    try {
      const failed = await refusal(
        transfer(office, { haulier: haulier.id, customer: customer.id, date: '2026-11-24', trolleys: '4', receivedBy: 'Jo Green' }),
      );
      expect(failed.status).toBe(500);
    } finally {
      await sql`DROP TRIGGER refuse_test_out${server.built.database.dialect === 'postgres' ? sql` ON trolley_movements` : sql``}`.execute(
        db,
      );
    }
    expect(await office.pb.collection('trolley_movements').getFullList({ filter: `transfer != ""` })).toEqual([]);
    expect((await balances(office)).of(haulier.id)).toMatchObject({ trolleys: 10, shelves: 2 });
  });

  it('refuses, writing nothing: no docket, a customer as the haulier, a haulier as the customer, bad counts, below zero unconfirmed', async () => {
    const { office } = await createTeam(server);
    const { haulier, customer } = await parties(office, 'Refused');
    const good = { haulier: haulier.id, customer: customer.id, date: '2026-11-24', trolleys: '4', receivedBy: 'Jo Green' };
    const cases: Array<[Record<string, string>, 'docket' | 'no docket', string, RegExp]> = [
      [good, 'no docket', 'attachments', /Add one photo of the signed docket/],
      [{ ...good, haulier: customer.id, customer: haulier.id }, 'docket', 'haulier', /is a customer, not a haulier/],
      [{ ...good, trolleys: '1000' }, 'docket', 'trolleys', /between 0 and 999/],
      [{ ...good, receivedBy: '' }, 'docket', 'receivedBy', /Write who received/],
      [{ ...good, trolleys: '11' }, 'docket', 'belowZero', /Refused Haulage holds 10 trolleys; handing on 11 would leave -1\./],
    ];
    for (const [fields, docket, field, message] of cases) {
      const refused = await refusal(transfer(office, fields, docket === 'docket' ? new Blob([JPEG], { type: 'image/jpeg' }) : null));
      expect(refused.status, field).toBe(400);
      expect(refused.response.data[field]?.message, field).toMatch(message);
    }
    expect(await office.pb.collection('trolley_movements').getFullList({ filter: `transfer != ""` })).toEqual([]);
    // Confirmed, with the reason as the note, office staff may take the haulier below zero.
    const confirmed = await transfer(office, { ...good, trolleys: '11', belowZero: 'true', note: 'Their count was short' });
    expect(confirmed.movements).toHaveLength(2);
  });

  it('refuses a docket photo over the attachments limit with a sentence, writing nothing', async () => {
    const { office } = await createTeam(server);
    const { haulier, customer } = await parties(office, 'Oversized');
    const large = new Uint8Array(MAX_ATTACHMENT_BYTES + 1);
    large.set(JPEG);
    const refused = await refusal(
      transfer(
        office,
        { haulier: haulier.id, customer: customer.id, date: '2026-11-24', trolleys: '1', receivedBy: 'Jo Green' },
        new Blob([large], { type: 'image/jpeg' }),
      ),
    );
    expect(refused.status).toBe(400);
    expect(refused.response.data.attachments?.message).toBe('The attachment "docket.jpg" is larger than 10 MB. Choose a smaller one.');
    expect(await office.pb.collection('trolley_movements').getFullList({ filter: `transfer != ""` })).toEqual([]);
  });

  it("is office staff's and admins': staff and viewers are refused; another nursery's parties are missing", async () => {
    const { office, staff, viewer } = await createTeam(server);
    const { haulier, customer } = await parties(office, 'Roles');
    const fields = { haulier: haulier.id, customer: customer.id, date: '2026-11-24', trolleys: '1', receivedBy: 'Jo Green' };
    for (const account of [staff, viewer]) {
      const refused = await refusal(transfer(account, fields));
      expect(refused.status).toBe(403);
      expect(refused.response.message).toMatch(/Only office staff and admins can record a haulier's transfer/);
    }
    const other = await createTeam(server);
    const theirs = await refusal(transfer(other.office, fields));
    expect(theirs.status).toBe(400);
    expect(theirs.response.data.haulier?.message).toBe('There is no such haulier in your customer book.');
    expect(theirs.response.data.customer?.message).toBe('There is no such customer in your customer book.');
    expect(await office.pb.collection('trolley_movements').getFullList({ filter: `transfer != ""` })).toEqual([]);
  });

  it('keeps a transfer whole through the records API: no half changed in counts or party, none deleted alone, none made by hand', async () => {
    const { office } = await createTeam(server);
    const { haulier, customer } = await parties(office, 'Whole');
    const answer = await transfer(office, {
      haulier: haulier.id,
      customer: customer.id,
      date: '2026-11-24',
      trolleys: '2',
      receivedBy: 'Jo',
    });
    const half = String(answer.movements[1]?.id);
    const changed = await refusal(office.pb.collection('trolley_movements').update(half, { trolleys: 3 }));
    expect(changed.status).toBe(400);
    expect(changed.response.message).toMatch(/half of a haulier's transfer/);
    // A note may still be changed.
    expect((await office.pb.collection('trolley_movements').update(half, { note: 'Docket 4471' })).note).toBe('Docket 4471');
    const deleted = await refusal(office.pb.collection('trolley_movements').delete(half));
    expect(deleted.status).toBe(400);
    const byHand = await refusal(
      office.pb
        .collection('trolley_movements')
        .create({ customer: customer.id, kind: 'out', date: '2026-11-24', trolleys: 1, transfer: answer.transfer }),
    );
    expect(byHand.status).toBe(400);
    expect(byHand.response.data.transfer?.message).toMatch(/Only a transfer from a haulier/);
    expect((await balances(office)).of(customer.id)).toMatchObject({ trolleys: 2 });
  });

  it('is deleted whole: both halves go in one request, the balances equal the sum of the movements left, and no half comes back alone', async () => {
    const { office, staff } = await createTeam(server);
    const { haulier, customer } = await parties(office, 'Undone');
    // The customer held something of its own before, so the sums are not all zero.
    await office.pb.collection('trolley_movements').create({ customer: customer.id, kind: 'out', date: '2026-11-21', trolleys: 3 });
    const before = await balances(office);
    const answer = await transfer(office, {
      haulier: haulier.id,
      customer: customer.id,
      date: '2026-11-24',
      trolleys: '4',
      shelves: '1',
      receivedBy: 'Jo Green',
    });
    const remove = (account: TestAccount, id: string) =>
      account.pb.send<TransferDeletedAnswer>(LEDGER_API.transfer(id), { method: 'DELETE' });

    const refused = await refusal(remove(staff, answer.transfer));
    expect(refused.status).toBe(403);
    const other = await createTeam(server);
    expect((await refusal(remove(other.office, answer.transfer))).status).toBe(404);

    expect((await remove(office, answer.transfer)).message).toBe(
      'Deleted the transfer of 4 trolleys, 1 shelf from Undone Haulage to Undone Garden Centre.',
    );
    expect(await office.pb.collection('trolley_movements').getFullList({ filter: `transfer = "${answer.transfer}"` })).toEqual([]);
    const after = await balances(office);
    for (const party of [haulier.id, customer.id]) {
      const movements = await office.pb.collection('trolley_movements').getFullList({ filter: `customer = "${party}"` });
      const sum = (count: 'trolleys' | 'shelves' | 'extensions') =>
        movements.reduce((total, m) => total + (m.kind === 'in' ? -m[count] : Number(m[count])), 0);
      expect(after.of(party)).toMatchObject({ trolleys: sum('trolleys'), shelves: sum('shelves'), extensions: sum('extensions') });
      expect(after.of(party)).toMatchObject({ trolleys: before.of(party)?.trolleys, shelves: before.of(party)?.shelves });
    }
    // Deleted already: said in a sentence.
    const again = await refusal(remove(office, answer.transfer));
    expect(again.status).toBe(404);
    expect(again.response.message).toMatch(/This transfer is not in the ledger any more/);
    // Both halves are in Deleted, and neither comes back alone.
    for (const movement of answer.movements) {
      const restored = await refusal(office.pb.send(`/api/deleted/trolley_movements/${String(movement.id)}/restore`, { method: 'POST' }));
      expect(restored.status).toBe(409);
      expect(restored.response.message).toMatch(/deleted with its other half, so it cannot come back alone/);
    }
  });
});
