import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learnDropOrder, type RoundCustomer } from '#domain/plan/drop-order';
import { PLAN_API, type DayPlanAnswer, type RoundOrderAnswer } from '#domain/plan/plan-api';
import { RUNS_API } from '#domain/runs/runs-api';
import type { RunStop } from '#domain/trolleys/run-fields';
import { DAYS } from '#domain/vocabulary/day';
import { datesOfIsoWeek, formatCalendarDate, isoWeekOf, utcCalendarDate } from '#domain/weeks';
import { dayOrders, fleet, generateNursery, isoDate, LAST_RUN_DAY, pastRuns, seededRandom } from '../../../bench/lib/plan-day';
import { whileHealthSampled } from '../../../tests/support/health-sampling';
import { order } from '../../../tests/support/realtime-client';
import { createTeam, startTestServer, TEST_DELETE_PASSWORD, type TestAccount, type TestServer } from '../../../tests/support/server';
import { insertRows } from '../db/insert-rows';

// Planning from years of runs without stalling the server (docs/decisions/076, "Learning without
// stalling"): with five years of a busy nursery's runs in the database, a planner asking for the
// day's plan again and again leaves /api/health answering, and the plan is the one learned from
// every run; a run saved, changed, cancelled or deleted, or an order given another customer, shows
// in the next plan. On SQLite and, with scripts/with-postgres.sh, on PostgreSQL.

const DAY_MS = 86_400_000;
/** Below this, a gap between health answers is never a stall (as src/server/bulk-routes-health.test.ts). */
const NEVER_A_STALL_MS = 200;

describe('five years of runs', () => {
  let server: TestServer;
  let office: TestAccount;
  // The server's "today" is the day after the last generated run, its clock still ticking (stamps stay distinct).
  const offset = Date.now() - (LAST_RUN_DAY + 1) * DAY_MS - 8 * 3_600_000;
  const today = isoDate(LAST_RUN_DAY + 1);
  const random = seededRandom(133);
  const nursery = generateNursery(random, 10, 20);
  const history = pastRuns(nursery, random, 5 * 52, 2);
  const orders = dayOrders(nursery, random, 300);
  const customerIds = new Map<string, string>();
  const roundIds = new Map<string, string>();
  let query: Record<string, string | number>;

  beforeAll(async () => {
    server = await startTestServer({}, { now: () => new Date(Date.now() - offset) });
    ({ office } = await createTeam(server));
    // Written through the database layer, as an import of the nursery's past would: each run saved on
    // its day, each stop an order of its own, in one transaction.
    const idOf = (prefix: string, n: number) => `${prefix}${String(n).padStart(15 - prefix.length, '0')}`;
    const stampOf = (date: string) => `${date} 06:00:00.000Z`;
    const base = (date: string) => ({ created: stampOf(date), updated: stampOf(date), nursery: office.nursery });
    const board = utcCalendarDate(new Date((LAST_RUN_DAY + 7) * DAY_MS));
    const week = isoWeekOf(board);
    const dayName = DAYS[datesOfIsoWeek(week.year, week.week).findIndex((d) => formatCalendarDate(d) === formatCalendarDate(board))]!;
    query = { year: week.year, week: week.week, day: dayName };
    const task = (id: string, date: string, fields: Record<string, string | number>) => ({
      ...base(date),
      id,
      title: '',
      day: dayName,
      customerType: 'wholesale',
      other: 'none',
      weekNumber: week.week,
      year: week.year,
      trollies: '1',
      user: office.id,
      ...fields,
    });
    const rounds = [...new Set(nursery.customers.map((c) => c.round))];
    rounds.forEach((round, i) => roundIds.set(round, idOf('round', i)));
    nursery.customers.forEach((c, i) => customerIds.set(c.id, idOf('cust', i)));
    const tasks: object[] = [];
    const runs: object[] = [];
    let n = 0;
    for (const [r, run] of history.entries()) {
      const data = run.customers.map((customer) => {
        const id = idOf('past', (n += 1));
        tasks.push(task(id, run.date, { customer: customerIds.get(customer)!, title: customer, weekNumber: 1, year: week.year - 6 }));
        return { id, title: customer, postcode: '', trollies: '1', extras: '', orderNumber: '' };
      });
      const vehicleInfo = { driver: 'Sam', reg: 'AB12 CDE', code: '', date: run.date, vehicleType: 'lorry', trolleyNumber: 24, grid: [] };
      runs.push({
        ...base(run.date),
        id: idOf('run', r),
        name: `Run ${r}`,
        data: JSON.stringify(data),
        vehicleInfo: JSON.stringify(vehicleInfo),
        user: office.id,
        state: 'delivered',
      });
    }
    for (const [i, planned] of orders.entries()) {
      const { title, postcode, trollies, orderNumber } = planned.stop;
      tasks.push(task(idOf('today', i), today, { title, postcode, trollies, orderNumber, customer: customerIds.get(planned.customer)! }));
    }
    await server.built.database.db.transaction().execute(async (trx) => {
      await insertRows(
        trx,
        'rounds',
        rounds.map((round) => ({ ...base(today), id: roundIds.get(round)!, name: round })),
      );
      await insertRows(
        trx,
        'customers',
        nursery.customers.map((c) => ({
          ...base(today),
          id: customerIds.get(c.id)!,
          name: c.name,
          postcode: c.postcode,
          round: roundIds.get(c.round)!,
        })),
      );
      await insertRows(
        trx,
        'vehicles',
        fleet().map((v, i) => ({
          ...base(today),
          id: idOf('vehicle', i),
          name: v.name,
          reg: v.reg,
          driver: v.driver,
          vehicleType: v.vehicleType,
          trolleyNumber: v.trolleyNumber,
        })),
      );
      await insertRows(trx, 'tasks', tasks);
      await insertRows(trx, 'trolley_exports', runs);
    });
  }, 300_000);
  afterAll(async () => {
    await server?.close();
  });

  it('a planner asking again and again leaves /api/health answering, and the plan is learned from every run', async () => {
    const ask = () => office.pb.send<DayPlanAnswer>(PLAN_API.day, { method: 'GET', query });
    const asked: number[] = [];
    const answers: DayPlanAnswer[] = [];
    const { health } = await whileHealthSampled(server.url, 'planning', async () => {
      for (let i = 0; i < 6; i += 1) {
        const start = performance.now();
        answers.push(await ask());
        asked.push(performance.now() - start);
      }
    });
    const longest = Math.max(...asked);
    console.info(`plan/day over ${history.length} runs: ${asked.map((ms) => ms.toFixed(0)).join(', ')} ms`);
    // Health kept answering while the plans ran, and never waited half of the longest plan.
    expect(health.during).toBeGreaterThanOrEqual(3);
    expect(health.max).toBeLessThan(Math.max(longest / 2, NEVER_A_STALL_MS));

    // The plan is the one learned from every generated run: two years' runs give the same order as five.
    const customers: RoundCustomer[] = nursery.customers
      .filter((c) => orders.some((o) => o.round === c.round))
      .sort((a, b) => a.name.localeCompare(b.name) || customerIds.get(a.id)!.localeCompare(customerIds.get(b.id)!))
      .map((c) => ({ id: customerIds.get(c.id)!, round: roundIds.get(c.round)!, postcode: c.postcode }));
    const everyRun = history.map((run) => ({ date: run.date, customers: run.customers.map((c) => customerIds.get(c)!) }));
    const expected = learnDropOrder(everyRun, customers, [], { today });
    const orderOf = (learned: DayPlanAnswer['learned']) =>
      Object.fromEntries(learned.map((round) => [round.round, round.stops.map((stop) => stop.customer)]));
    expect(orderOf(answers[0]!.learned)).toEqual(orderOf(expected));
    for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);
    expect(answers[0]!.plan.runs.filter((run) => run.stops.length > 0).length).toBeGreaterThan(5);
  }, 300_000);
});

describe('what the next plan learns from', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a run saved, changed, cancelled or deleted, and an order given another customer, show in the next plan', async () => {
    const { office } = await createTeam(server);
    const round = await office.pb.collection('rounds').create({ name: 'North' });
    const ash = await office.pb.collection('customers').create({ name: 'Ash Lane', round: round.id, postcode: 'GL1 1AA' });
    const birch = await office.pb.collection('customers').create({ name: 'Birch', round: round.id, postcode: 'GL9 9ZZ' });
    const oak = await office.pb.collection('customers').create({ name: 'Oak Farm', round: '', postcode: 'GL5 5AA' });
    const forAsh = await office.pb.collection('tasks').create(order('Ash Lane', { customer: ash.id, trollies: '1' }));
    const forBirch = await office.pb.collection('tasks').create(order('Birch', { customer: birch.id, trollies: '1' }));
    const learned = async () => {
      const answer = await office.pb.send<RoundOrderAnswer>(PLAN_API.roundOrder(round.id), { method: 'GET' });
      return answer.stops.map((stop) => `${stop.name} ${stop.runs}`);
    };
    const stopOf = (record: RecordModel): RunStop => ({
      id: record.id,
      title: String(record.title),
      postcode: '',
      trollies: '1',
      extras: '',
      orderNumber: '',
    });
    const yesterday = formatCalendarDate(utcCalendarDate(new Date(Date.now() - DAY_MS)));
    const saved = (stops: RecordModel[]) => ({
      name: `North ${yesterday}`,
      data: stops.map(stopOf),
      vehicleInfo: { driver: 'Sam', reg: 'AB12 CDE', date: yesterday, vehicleType: 'lorry', trolleyNumber: 12, grid: [] },
    });

    expect(await learned()).toEqual(['Ash Lane 0', 'Birch 0']);
    // Asked twice: the second answer comes from what the first read, and must still move with every change below.
    expect(await learned()).toEqual(['Ash Lane 0', 'Birch 0']);

    const run = await office.pb.collection('trolley_exports').create(saved([forBirch, forAsh]));
    expect(await learned()).toEqual(['Birch 1', 'Ash Lane 1']);

    await office.pb.collection('trolley_exports').update(run.id, { data: [forAsh, forBirch].map(stopOf) });
    expect(await learned()).toEqual(['Ash Lane 1', 'Birch 1']);

    // The order of Birch's stop becomes Oak Farm's (no round): the round's run no longer carries Birch.
    await office.pb.collection('tasks').update(forBirch.id, { customer: oak.id });
    expect(await learned()).toEqual(['Ash Lane 1', 'Birch 0']);
    await office.pb.collection('tasks').update(forBirch.id, { customer: birch.id });
    expect(await learned()).toEqual(['Ash Lane 1', 'Birch 1']);

    await office.pb.send(RUNS_API.state(run.id), { method: 'POST', body: { state: 'cancelled' } });
    expect(await learned()).toEqual(['Ash Lane 0', 'Birch 0']);

    const second = await office.pb.collection('trolley_exports').create(saved([forBirch, forAsh]));
    expect(await learned()).toEqual(['Birch 1', 'Ash Lane 1']);
    await office.pb.collection('trolley_exports').delete(second.id, { headers: { 'X-Confirm-Password': TEST_DELETE_PASSWORD } });
    expect(await learned()).toEqual(['Ash Lane 0', 'Birch 0']);
  });
});
