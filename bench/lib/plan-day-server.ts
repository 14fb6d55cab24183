// Issue 33's `plan_day_server_ms` (docs/decisions/076-plan-the-day.md): plan_day_ms as a planner
// gets it, through the real server on SQLite — GET /api/trolleyboard/plan/day reading the board
// day's 300 orders, the nursery's 200 customers in 10 rounds, its 15 vehicles and a year of saved
// runs (1,040 runs of about 16 stops, each stop an order of its own), learning and packing — over
// HTTP from the SDK. The nursery is bench/lib/plan-day.ts's, written into the server's SQLite file
// in one transaction before it is asked. Medians of BENCH_PLAN_RUNS (at least 5) after one untimed.
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import { PLAN_API, type DayPlanAnswer } from '../../src/domain/plan/plan-api';
import { DAYS } from '../../src/domain/vocabulary/day';
import { datesOfIsoWeek, formatCalendarDate, isoWeekOf, utcCalendarDate } from '../../src/domain/weeks';
import { formatTimestamp } from '../../src/server/records/ids';
import { createAccount, startTestServer } from '../../tests/support/server';
import { dayOrders, fleet, generateNursery, isoDate, LAST_RUN_DAY, pastRuns, seededRandom, type PlanFigure } from './plan-day';
import { loadAverage, median } from './server-figures';

export const PLAN_DAY_SERVER_TARGET = { max: 100 } as const;

const RUNS = Math.max(5, Number(process.env.BENCH_PLAN_RUNS ?? 7));
const SEED = Number(process.env.BENCH_PLAN_SEED ?? 33) + 100;

/** A 15-character record id from a prefix and a number ("task" 12 → "task00000000012"). */
const idOf = (prefix: string, n: number): string => `${prefix}${String(n).padStart(15 - prefix.length, '0')}`;

/**
 * `years` of saved runs (1: plan_day_server_ms; 5: plan_day_server_5y_ms, "learn at the server over
 * 5 years"). The first ask reads the runs (printed apart); the timed asks are a planner asking again.
 */
export async function measurePlanDayAtServer(years = 1): Promise<{ figure: PlanFigure; lines: string[] }> {
  const server = await startTestServer();
  try {
    const planner = await createAccount(server);
    const random = seededRandom(SEED);
    const nursery = generateNursery(random, 10, 20);
    const year = pastRuns(nursery, random, 52 * years, 2);
    const orders = dayOrders(nursery, random, 300);
    const vehicles = fleet();
    // The board day: the Thursday after the last past run.
    const day = utcCalendarDate(new Date((LAST_RUN_DAY + 7) * 86_400_000));
    const week = isoWeekOf(day);
    const dayName = DAYS[datesOfIsoWeek(week.year, week.week).findIndex((d) => formatCalendarDate(d) === formatCalendarDate(day))]!;

    const roundIds = new Map([...new Set(nursery.customers.map((c) => c.round))].map((round, i) => [round, idOf('round', i)]));
    const customerIds = new Map(nursery.customers.map((c, i) => [c.id, idOf('cust', i)]));
    const stamp = formatTimestamp(new Date(Date.UTC(2026, 0, 1)));
    const db = new SQLite(`${server.config.dataDir}/trolleyboard.db`);
    let stops = 0;
    try {
      db.pragma('journal_mode = WAL');
      db.pragma('busy_timeout = 5000');
      const base = { created: stamp, updated: stamp, nursery: planner.nursery };
      const insert = (table: string, row: Record<string, string | number>) => {
        const names = Object.keys(row);
        db.prepare(
          `INSERT INTO "${table}" (${names.map((n) => `"${n}"`).join(', ')}) VALUES (${names.map((n) => `@${n}`).join(', ')})`,
        ).run(row);
      };
      const task = (id: string, fields: Record<string, string | number>) =>
        insert('tasks', {
          ...base,
          id,
          title: '',
          day: dayName,
          customerType: 'wholesale',
          other: 'none',
          weekNumber: week.week,
          year: week.year,
          orderInfo: '',
          status: '',
          trollies: '1',
          extras: '',
          orderNumber: '',
          postcode: '',
          user: planner.id,
          ...fields,
        });
      db.transaction(() => {
        for (const [name, id] of roundIds) insert('rounds', { ...base, id, name });
        for (const c of nursery.customers)
          insert('customers', { ...base, id: customerIds.get(c.id)!, name: c.name, postcode: c.postcode, round: roundIds.get(c.round)! });
        for (const v of vehicles)
          insert('vehicles', {
            ...base,
            id: idOf('vehicle', Number(v.id.slice(1))),
            name: v.name,
            reg: v.reg,
            driver: v.driver,
            vehicleType: v.vehicleType,
            trolleyNumber: v.trolleyNumber,
          });
        let n = 0;
        for (const [r, run] of year.entries()) {
          const data = run.customers.map((customer) => {
            const id = idOf('past', (n += 1));
            // A past week's order, not on the board day.
            task(id, { customer: customerIds.get(customer)!, title: customer, weekNumber: 1, year: week.year - 1 });
            return { id, title: customer, postcode: '', trollies: '1', extras: '', orderNumber: '' };
          });
          stops += data.length;
          const vehicleInfo = {
            driver: 'Sam',
            reg: 'AB12 CDE',
            code: '',
            date: run.date,
            vehicleType: 'lorry',
            trolleyNumber: 24,
            grid: [],
          };
          // Saved on its day, as a yard saves its runs: the plan reads only runs written lately.
          const saved = `${run.date} 06:00:00.000Z`;
          insert('trolley_exports', {
            ...base,
            created: saved,
            updated: saved,
            id: idOf('run', r),
            name: `Run ${r}`,
            data: JSON.stringify(data),
            vehicleInfo: JSON.stringify(vehicleInfo),
            user: planner.id,
            state: 'delivered',
          });
        }
        for (const [i, order] of orders.entries()) task(idOf('today', i), { ...order.stop, customer: customerIds.get(order.customer)! });
      })();
    } finally {
      db.close();
    }

    const query = { year: week.year, week: week.week, day: dayName };
    const ask = () => planner.pb.send<DayPlanAnswer>(PLAN_API.day, { method: 'GET', query });
    const firstStart = performance.now();
    const first = await ask();
    const firstMs = performance.now() - firstStart;
    const runs: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const start = performance.now();
      await ask();
      runs.push(performance.now() - start);
    }
    const figure: PlanFigure = { value: median(runs), runs, load: loadAverage() };
    const placed = first.plan.runs.filter((run) => run.stops.length > 0).length;
    const over = figure.value > PLAN_DAY_SERVER_TARGET.max;
    const key = years === 1 ? 'plan_day_server_ms' : `plan_day_server_${years}y_ms`;
    const lines = [
      `  at the server (SQLite, over HTTP, ${years} year${years === 1 ? '' : 's'} of runs): ${orders.length} orders on ${dayName} of ${week.year}-W${week.week}, ${vehicles.length} vehicles, ` +
        `${nursery.customers.length} customers, ${year.length} saved runs of ${stops} stops; ${placed} runs planned, ${first.plan.leftOut.length} left out (today ${isoDate(LAST_RUN_DAY + 1)})`,
      `${key} ${figure.value.toFixed(1)} (target <= ${PLAN_DAY_SERVER_TARGET.max}) load ${figure.load} runs ${runs.map((r) => r.toFixed(1)).join(' ')}; first ask (reads the runs) ${firstMs.toFixed(1)}`,
      ...(over ? [`OVER: ${key} ${figure.value.toFixed(1)} misses its target <= ${PLAN_DAY_SERVER_TARGET.max}`] : []),
    ];
    return { figure, lines };
  } finally {
    await server.close();
  }
}
