import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, owedSince, type MovementCounts } from '#domain/ledger/balance';
import { LEDGER_API, type BalancesAnswer, type BookingPreview, type BookingResult } from '#domain/ledger/booking';
import { CUSTOMERS_API } from '#domain/customers/matching';
import { order } from '../../../tests/support/realtime-client';
import { createTeam, failure, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';
import { newRecordId } from '../records/ids';

// Balances, "Book trolleys out" and merging through the SDK (docs/decisions/038): the balances
// the server keeps equal the sum of the movements, however they were recorded (10,000 of them,
// changed and deleted, two clients at once); a run's stop is booked out once; a merge moves the
// ledger; another nursery sees and books nothing.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const nursery = () => createTeam(server);

const balances = (account: TestAccount): Promise<BalancesAnswer> => account.pb.send(LEDGER_API.balances, { method: 'GET' });
const preview = (account: TestAccount, run: string): Promise<BookingPreview> => account.pb.send(LEDGER_API.booking(run), { method: 'GET' });
const book = (account: TestAccount, run: string, body: unknown = {}): Promise<BookingResult> =>
  account.pb.send(LEDGER_API.booking(run), { method: 'POST', body });

/** Every movement of the nursery as the API lists them. */
async function allMovements(account: TestAccount): Promise<Array<MovementCounts & { customer: string }>> {
  const items = await account.pb.collection('trolley_movements').getFullList({ batch: 1000 });
  return items.map((m) => ({
    customer: m.customer,
    kind: m.kind,
    date: m.date,
    trolleys: m.trolleys,
    shelves: m.shelves,
    extensions: m.extensions,
  }));
}

/** The balances the movements add up to, by customer, as the route answers them (all-zero ones left out). */
function expectedBalances(movements: Array<MovementCounts & { customer: string }>) {
  const byCustomer = new Map<string, MovementCounts[]>();
  for (const movement of movements) byCustomer.set(movement.customer, [...(byCustomer.get(movement.customer) ?? []), movement]);
  return [...byCustomer.entries()]
    .map(([customer, list]) => ({ customer, ...balanceOf(list), since: owedSince(list) }))
    .filter((b) => b.trolleys !== 0 || b.shelves !== 0 || b.extensions !== 0)
    .sort((a, b) => a.customer.localeCompare(b.customer));
}

const shown = (answer: BalancesAnswer) =>
  answer.items
    .map(({ customer, trolleys, shelves, extensions, since }) => ({ customer, trolleys, shelves, extensions, since }))
    .sort((a, b) => a.customer.localeCompare(b.customer));

/** A saved run of the nursery with stops made from these orders (and one stop without an order). */
async function savedRun(account: TestAccount, orders: Array<{ id: string; title: string; trollies: string }>) {
  const data = [
    ...orders.map((o) => ({ id: o.id, title: o.title, postcode: 'AB1 2CD', trollies: o.trollies, extras: '', orderNumber: '' })),
    { id: '', title: 'Hand-written stop', postcode: '', trollies: '3', extras: '', orderNumber: '' },
  ];
  return account.pb.collection('trolley_exports').create({
    name: `Run ${newRecordId()}`,
    data,
    vehicleInfo: { driver: 'Sam', reg: 'AB12 CDE', date: '2026-11-24', vehicleType: 'lorry', trolleyNumber: 12, grid: [] },
  });
}

describe('balances', () => {
  it('equal the sum of 10,000 generated movements, some dated back, changed and deleted', { timeout: 240_000 }, async () => {
    const { admin } = await nursery();
    const customers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => admin.pb.collection('customers').create({ name: `Customer ${i}` })),
    );
    // A fixed pseudo-random sequence: the same movements every run.
    let seed = 17;
    const next = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    const kinds = ['out', 'out', 'in', 'in', 'adjustment'] as const;
    // Mostly recorded in date order, as a yard does; one in ten dated back (a late return, a fix).
    const dateOf = (day: number) => new Date(Date.UTC(2023, 0, 1 + day)).toISOString().slice(0, 10);
    const rows = Array.from({ length: 10_000 }, (_, i) => {
      const kind = kinds[next(kinds.length)] ?? 'out';
      const count = () => (kind === 'adjustment' ? next(7) - 3 : next(10));
      const [trolleys, shelves, extensions] = [count(), count(), count()];
      return {
        id: newRecordId(),
        nursery: admin.nursery,
        customer: customers[next(customers.length)]?.id ?? '',
        kind,
        reason: kind === 'adjustment' ? 'count' : '',
        date: dateOf(next(10) === 0 ? next(Math.floor(i / 8) + 1) : Math.floor(i / 8)),
        trolleys: trolleys === 0 && shelves === 0 && extensions === 0 ? 1 : trolleys,
        shelves,
        extensions,
        recordedBy: admin.id,
      };
    });
    // Straight into the table, 500 rows a statement: what keeps the balances is the database's own
    // triggers (migration 011), which run for every row however it is written.
    const stamp = '2026-11-24 08:00:00.000Z';
    const db = server.built.database.db;
    for (let at = 0; at < rows.length; at += 500)
      await db
        .insertInto('trolley_movements')
        .values(
          rows.slice(at, at + 500).map((row) => ({
            ...row,
            created: stamp,
            updated: stamp,
            note: '',
            run: '',
            stop: '',
            transfer: '',
            receivedBy: '',
            created_by: admin.id,
            updated_by: '',
          })),
        )
        .execute();
    const listed = await allMovements(admin);
    expect(listed).toHaveLength(10_000);
    expect(shown(await balances(admin))).toEqual(expectedBalances(listed));

    // Changes through the API: counts, dates, customers and deletes move the balances with them
    // (random data goes below zero: confirmed, docs/decisions/065).
    const belowZero = { belowZero: true, note: 'Generated' };
    const some = (await admin.pb.collection('trolley_movements').getList(1, 60, { sort: 'date' })).items;
    for (const [i, movement] of some.entries()) {
      if (i % 3 === 0) await admin.pb.collection('trolley_movements').delete(movement.id);
      else if (i % 3 === 1)
        await admin.pb
          .collection('trolley_movements')
          .update(movement.id, { date: '2026-12-31', customer: customers[0]?.id, ...belowZero });
      else
        await admin.pb
          .collection('trolley_movements')
          .update(movement.id, { kind: 'adjustment', reason: 'lost', trolleys: -5, ...belowZero });
    }
    const after = await balances(admin);
    const expected = expectedBalances(await allMovements(admin));
    expect(shown(after)).toEqual(expected);
    expect(after.totals.trolleys).toBe(expected.reduce((sum, b) => sum + b.trolleys, 0));
  });

  it('lose and double nothing when two people record at once', { timeout: 120_000 }, async () => {
    const { office, staff } = await nursery();
    const customer = await office.pb.collection('customers').create({ name: 'Busy Garden Centre' });
    const record = (account: TestAccount, kind: 'out' | 'in', i: number) =>
      account.pb
        .collection('trolley_movements')
        .create({ customer: customer.id, kind, date: `2026-11-${String((i % 28) + 1).padStart(2, '0')}`, trolleys: 2, shelves: 1 });
    await Promise.all([
      ...Array.from({ length: 40 }, (_, i) => record(office, 'out', i)),
      ...Array.from({ length: 30 }, (_, i) => record(staff, 'in', i)),
    ]);
    const answer = await balances(office);
    expect(shown(answer)).toEqual(expectedBalances(await allMovements(office)));
    expect(answer.items).toEqual([
      expect.objectContaining({ customer: customer.id, name: 'Busy Garden Centre', trolleys: 20, shelves: 10 }),
    ]);
  });

  it('are a nursery’s own: another nursery sees none of them', async () => {
    const { office } = await nursery();
    const other = await nursery();
    const customer = await office.pb.collection('customers').create({ name: 'Private Garden Centre' });
    await office.pb.collection('trolley_movements').create({ customer: customer.id, kind: 'out', date: '2026-11-24', trolleys: 14 });
    expect((await balances(office)).items).toEqual([
      {
        customer: customer.id,
        name: 'Private Garden Centre',
        kind: 'customer',
        trolleys: 14,
        shelves: 0,
        extensions: 0,
        since: '2026-11-24',
      },
    ]);
    expect(await balances(other.office)).toEqual({ items: [], totals: { trolleys: 0, shelves: 0, extensions: 0 } });
    expect((await failure(server.client().send(LEDGER_API.balances, { method: 'GET' }))).status).toBe(401);
  });
});

describe('Book trolleys out', () => {
  it('books each stop out to its customer once, lists the stops it cannot, and takes the counts a person edited', async () => {
    const { office, staff } = await nursery();
    const green = await office.pb.collection('customers').create({ name: 'Green' });
    const linked = await office.pb.collection('tasks').create(order('Green', { customer: green.id, trollies: '1.5' }));
    const unlinked = await office.pb.collection('tasks').create(order('Nobody', { trollies: '4' }));
    const run = await savedRun(office, [
      { id: linked.id, title: 'Green', trollies: '1.5' },
      { id: unlinked.id, title: 'Nobody', trollies: '4' },
    ]);

    const seen = await preview(office, run.id);
    expect(seen.run).toEqual({ id: run.id, name: run.name, date: '2026-11-24' });
    expect(seen.stops).toEqual([
      expect.objectContaining({ stop: linked.id, customer: green.id, customerName: 'Green', trolleys: 2, booked: false, problem: '' }),
      expect.objectContaining({ stop: unlinked.id, customer: '', problem: expect.stringMatching(/not linked to a customer/) }),
      expect.objectContaining({ stop: '#3', customer: '', problem: expect.stringMatching(/no longer on the board/) }),
    ]);

    const refused = await failure(book(staff, run.id));
    expect(refused.status).toBe(403);
    expect(refused.message).toMatch(/Only office staff and admins can book trolleys out/);
    const bad = await failure(book(office, run.id, { stops: [{ stop: linked.id, trolleys: -1 }] }));
    expect(bad.status).toBe(400);
    expect(bad.message).toMatch(/whole number from 0 to 999/);

    const first = await book(office, run.id, { stops: [{ stop: linked.id, trolleys: 3, shelves: 2, extensions: 1 }] });
    expect(first).toMatchObject({ booked: 1, alreadyBooked: 0, skipped: 2 });
    const second = await book(office, run.id);
    expect(second).toMatchObject({ booked: 0, alreadyBooked: 1, message: expect.stringMatching(/booked out already/) });
    const movements = await office.pb.collection('trolley_movements').getFullList();
    expect(movements).toEqual([
      expect.objectContaining({
        customer: green.id,
        kind: 'out',
        date: '2026-11-24',
        trolleys: 3,
        shelves: 2,
        extensions: 1,
        run: run.id,
        stop: linked.id,
      }),
    ]);
    expect((await preview(office, run.id)).stops[0]).toMatchObject({ booked: true });
  });

  it('books once when two people press it at the same moment', async () => {
    const { office, admin } = await nursery();
    const customer = await office.pb.collection('customers').create({ name: 'Twice' });
    const orders = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        office.pb.collection('tasks').create(order(`Twice ${i}`, { customer: customer.id, trollies: '2' })),
      ),
    );
    const run = await savedRun(
      office,
      orders.map((o) => ({ id: o.id, title: o.title, trollies: '2' })),
    );
    const results = await Promise.all([book(office, run.id), book(admin, run.id)]);
    expect(results.map((r) => r.booked).sort()).toEqual([0, 5]);
    expect((await balances(office)).items).toEqual([expect.objectContaining({ customer: customer.id, trolleys: 10 })]);
  });

  it('another nursery can neither preview nor book the run', async () => {
    const { office } = await nursery();
    const other = await nursery();
    const customer = await office.pb.collection('customers').create({ name: 'Mine' });
    const mine = await office.pb.collection('tasks').create(order('Mine', { customer: customer.id, trollies: '2' }));
    const run = await savedRun(office, [{ id: mine.id, title: 'Mine', trollies: '2' }]);
    expect((await failure(preview(other.office, run.id))).status).toBe(404);
    expect((await failure(book(other.office, run.id))).status).toBe(404);
    expect(await office.pb.collection('trolley_movements').getFullList()).toEqual([]);
  });
});

describe('merging two customers', () => {
  it('moves the merged customer’s orders, standing orders and ledger to the one kept, and its balance with it', async () => {
    const { office } = await nursery();
    const keep = await office.pb.collection('customers').create({ name: 'Hill Top' });
    const merge = await office.pb.collection('customers').create({ name: 'Hilltop' });
    const theirOrder = await office.pb.collection('tasks').create(order('Hilltop', { customer: merge.id }));
    const theirStanding = await office.pb
      .collection('standing_orders')
      .create({ customer: merge.id, title: 'Hilltop', day: 'tuesday', fromYear: 2027, fromWeek: 2 });
    await office.pb.collection('trolley_movements').create({ customer: keep.id, kind: 'out', date: '2026-11-02', trolleys: 5 });
    await office.pb
      .collection('trolley_movements')
      .create({ customer: merge.id, kind: 'out', date: '2026-10-01', trolleys: 4, shelves: 2 });
    await office.pb.collection('trolley_movements').create({ customer: merge.id, kind: 'in', date: '2026-10-08', trolleys: 1 });
    const result = await office.pb.send(CUSTOMERS_API.merge, { method: 'POST', body: { keep: keep.id, merge: merge.id } });
    expect(result).toMatchObject({ movedOrders: 1, movedMovements: 2, movedStandingOrders: 1 });
    expect((await office.pb.collection('tasks').getOne(theirOrder.id)).customer).toBe(keep.id);
    expect((await office.pb.collection('standing_orders').getOne(theirStanding.id)).customer).toBe(keep.id);
    const ledger = await office.pb.collection('trolley_movements').getFullList();
    expect(ledger.map((m) => m.customer)).toEqual([keep.id, keep.id, keep.id]);
    expect((await balances(office)).items).toEqual([
      { customer: keep.id, name: 'Hill Top', kind: 'customer', trolleys: 8, shelves: 2, extensions: 0, since: '2026-10-01' },
    ]);
  });
});
