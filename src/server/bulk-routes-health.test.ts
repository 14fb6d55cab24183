import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMERS_IMPORT_API } from '#domain/csv/customer-import';
import { ORDERS_IMPORT_API } from '#domain/csv/order-import';
import { CUSTOMERS_API } from '#domain/customers/matching';
import { LEDGER_API } from '#domain/ledger/booking';
import { MAX_POOL_DATES, MAX_POOL_ROWS, POOL_API } from '#domain/ledger/pool-statement';
import { RUNS_API } from '#domain/runs/runs-api';
import { MAX_COPIED_ORDERS, STANDING_API } from '#domain/standing-orders/requests';
import { RUN_LIMITS } from '#domain/trolleys/run-fields';
import { FUTURE_YEAR } from '../../tests/support/open-weeks';
import { whileHealthSampled as sampleHealth, type HealthFigures } from '../../tests/support/health-sampling';
import { createTeam, startTestServer, type TestAccount, type TestServer } from '../../tests/support/server';
import { MAX_IMPORTED_ROWS } from './csv-import/csv-import';

// A costly request from one client does not stall the others (docs/decisions/053): every route that
// reads or writes in bulk is driven here at its documented limits while a second client asks
// /api/health over and over; health must keep answering the whole time. Each route's p99 and max
// are printed, so a run shows the figures the decision record quotes (target: p99 under 200 ms on
// a quiet machine). What is asserted holds on a busy one too, where every time stretches alike:
// health answered again and again while the route ran, and no wait for it took half the route's
// time. A route that held the event loop in one piece fails that, however fast the machine.

/** Below this, a gap between health answers is never a stall, whatever fraction of a quick route it is. */
const NEVER_A_STALL_MS = 200;
/** A busy nursery's standing orders, all due in one week (Fill week has no limit of its own). */
const STANDING_ORDERS = 2000;
/** The merged customer's orders: a customer of a busy nursery, a year of them. */
const MERGED_ORDERS = MAX_IMPORTED_ROWS;

let server: TestServer;
let office: TestAccount;
let admin: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  ({ office, admin } = await createTeam(server));
}, 60_000);
afterAll(async () => {
  await server?.close();
});

/** Samples health while `request` runs (the route's name labels the figures printed). */
function whileHealthSampled<T>(route: string, request: () => Promise<T>) {
  return sampleHealth(server.url, route, request);
}

/** Health kept answering while the route ran: several times, and never after a wait of half the route. */
function expectNeverStalled(health: HealthFigures): void {
  expect(health.during).toBeGreaterThanOrEqual(3);
  expect(health.max).toBeLessThan(Math.max(health.took / 2, NEVER_A_STALL_MS));
}

/** POSTs `body`, made into JSON now: a test that sends 5,000 rows builds them before health is sampled. */
function post(account: TestAccount, path: string, body: unknown): () => Promise<Record<string, unknown>> {
  const json = JSON.stringify(body);
  return () => sent(account, path, json);
}

async function sent(account: TestAccount, path: string, json: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', Authorization: account.pb.authStore.token },
    body: json,
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer).slice(0, 500)}`);
  return answer;
}

async function get(account: TestAccount, path: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${server.url}${path}`, { headers: { Authorization: account.pb.authStore.token } });
  const answer = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer).slice(0, 500)}`);
  return answer;
}

const csvOf = (rows: string[][]): string => rows.map((row) => row.join(',')).join('\r\n');
const account = (n: number) => `PA${String(n).padStart(5, '0')}`;
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

describe('a bulk route at its limits leaves /api/health answering within 200 ms', () => {
  it('importing customers from CSV (5,000 rows, each with a pool account)', async () => {
    const rows = Array.from({ length: MAX_IMPORTED_ROWS }, (_, i) => [`Customer ${i}`, `AB${i % 90} ${i % 9}CD`, account(i)]);
    const csv = csvOf([['Name', 'Postcode', 'Pool account number'], ...rows]);
    const { answer, health } = await whileHealthSampled('customers import', post(office, CUSTOMERS_IMPORT_API.import, { csv }));
    expect(answer.created).toBe(MAX_IMPORTED_ROWS);
    expectNeverStalled(health);
  }, 120_000);

  it('importing orders from CSV (5,000 rows, all for one customer)', async () => {
    const rows = Array.from({ length: MAX_IMPORTED_ROWS }, (_, i) => [
      String(FUTURE_YEAR),
      '10',
      DAYS[i % DAYS.length]!,
      'Duplicate Garden Centre',
      'DG1 1AA',
      String(i),
      'Retail',
      'Whiteboard',
      '',
      String(1 + (i % 5)),
    ]);
    const header = [
      'Year',
      'Week',
      'Day',
      'Customer name',
      'Postcode',
      'Order number',
      'Customer type',
      'Board type',
      'Status',
      'Trollies',
    ];
    const csv = csvOf([header, ...rows]);
    const { answer, health } = await whileHealthSampled('orders import', post(office, ORDERS_IMPORT_API.import, { csv }));
    expect(answer.created).toBe(MAX_IMPORTED_ROWS);
    expectNeverStalled(health);
  }, 120_000);

  it('linking 5,000 orders to their customer (match orders)', async () => {
    await office.pb.collection('customers').create({ name: 'Duplicate Garden Centre', postcode: 'DG1 1AA' });
    const { answer, health } = await whileHealthSampled('match orders', post(office, CUSTOMERS_API.matchOrders, {}));
    expect(answer.linked).toBe(MERGED_ORDERS);
    expectNeverStalled(health);
  }, 120_000);

  it('merging a customer with 5,000 orders into another', async () => {
    const [merged] = await office.pb.collection('customers').getFullList({ filter: 'name = "Duplicate Garden Centre"' });
    const kept = await office.pb.collection('customers').create({ name: 'Duplicate Garden Centre Ltd', postcode: 'DG1 1AA' });
    const { answer, health } = await whileHealthSampled('merge', post(office, CUSTOMERS_API.merge, { keep: kept.id, merge: merged?.id }));
    expect(answer.movedOrders).toBe(MERGED_ORDERS);
    expectNeverStalled(health);
  }, 120_000);

  it(`copying ${MAX_COPIED_ORDERS} orders to another week`, async () => {
    const page = await office.pb
      .collection('tasks')
      .getList(1, MAX_COPIED_ORDERS, { filter: `year = ${FUTURE_YEAR} && weekNumber = 10`, fields: 'id' });
    const ids = page.items.map((item) => item.id);
    const { answer, health } = await whileHealthSampled(
      'copy',
      post(office, STANDING_API.copy, { ids, to: { year: FUTURE_YEAR, week: 11 } }),
    );
    expect(answer.created).toBe(MAX_COPIED_ORDERS);
    expectNeverStalled(health);
  }, 120_000);

  it(`filling a week from ${STANDING_ORDERS} standing orders`, async () => {
    const [customer] = await office.pb.collection('customers').getFullList({ filter: 'name = "Duplicate Garden Centre Ltd"' });
    // Made through the server's own write path: the route under test is Fill week, not 2,000 creates.
    await server.built.records.systemBatch(async (batch) => {
      await batch.insertMany(
        'standing_orders',
        Array.from({ length: STANDING_ORDERS }, (_, i) => ({
          nursery: office.nursery,
          customer: customer?.id,
          title: `Standing ${i}`,
          postcode: 'DG1 1AA',
          day: DAYS[i % DAYS.length],
          customerType: 'retail',
          other: 'none',
          trollies: '2',
          orderInfo: '',
          fromYear: FUTURE_YEAR,
          fromWeek: 1,
          untilYear: 0,
          untilWeek: 0,
          everyWeeks: 1,
          active: 1,
          created_by: office.id,
          updated_by: office.id,
        })),
      );
    });
    const { answer, health } = await whileHealthSampled('fill week', post(office, STANDING_API.fillWeek, { year: FUTURE_YEAR, week: 12 }));
    expect(answer.created).toBe(STANDING_ORDERS);
    expectNeverStalled(health);
  }, 120_000);

  it(`dispatching a run of ${RUN_LIMITS.stops} stops (booking its trolleys out)`, async () => {
    const page = await office.pb.collection('tasks').getList(1, RUN_LIMITS.stops, { filter: `year = ${FUTURE_YEAR} && weekNumber = 12` });
    const run = await office.pb.collection('trolley_exports').create({
      name: 'The long run',
      data: page.items.map((order) => ({
        id: order.id,
        title: order.title,
        postcode: order.postcode,
        trollies: '2',
        extras: '',
        orderNumber: '',
      })),
      vehicleInfo: { driver: 'Sam', reg: 'AB12 CDE', date: '2026-11-24', vehicleType: 'lorry', trolleyNumber: 12, grid: [] },
    });
    await post(office, RUNS_API.state(run.id), { state: 'loading' })();
    const { answer, health } = await whileHealthSampled('dispatch', post(office, RUNS_API.state(run.id), { state: 'dispatched' }));
    expect((answer.booking as { booked: number }).booked).toBe(RUN_LIMITS.stops);
    expectNeverStalled(health);
  }, 120_000);

  it('reading what the CSV exports export: a week of 2,000 orders, the customer book, the ledger', async () => {
    const { health } = await whileHealthSampled('exports', async () => {
      const week = await office.pb.collection('tasks').getFullList({ filter: `year = ${FUTURE_YEAR} && weekNumber = 12`, batch: 1000 });
      const book = await office.pb.collection('customers').getFullList({ batch: 1000 });
      const ledger = await get(office, LEDGER_API.balances);
      return { week: week.length, book: book.length, ledger: (ledger.items as unknown[]).length };
    });
    expectNeverStalled(health);
  }, 120_000);

  it(`importing a pool statement (${MAX_POOL_ROWS} rows on ${MAX_POOL_DATES} dates) and comparing it with the ledger`, async () => {
    const day = (i: number) => `2026-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 5)).padStart(2, '0')}`;
    const rows = Array.from({ length: MAX_POOL_ROWS }, (_, i) => [account(i), day(i % MAX_POOL_DATES), String(i % 7), '0', '0']);
    const csv = csvOf([['Account', 'Date', 'CC', 'Shelves', 'Ext'], ...rows]);
    const mapping = { account: 'Account', date: 'Date', trolleys: 'CC', shelves: 'Shelves', extensions: 'Ext' };
    const imported = await whileHealthSampled('pool import', post(office, POOL_API.import, { csv, mapping, fileName: 'pool.csv' }));
    expectNeverStalled(imported.health);
    const { answer, health } = await whileHealthSampled('pool comparison', () =>
      get(admin, POOL_API.comparison(String(imported.answer.id))),
    );
    expect((answer.comparison as { lines: unknown[] }).lines.length).toBeGreaterThanOrEqual(MAX_POOL_ROWS);
    expectNeverStalled(health);
  }, 120_000);
});
