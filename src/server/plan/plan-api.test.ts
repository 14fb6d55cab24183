import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANNERS_ONLY } from '#domain/plan/plan-access';
import {
  PLAN_API,
  type CreateRunsAnswer,
  type DayPlanAnswer,
  type RoundOrderAnswer,
  type RoundSuggestionAnswer,
  type RunToCreate,
} from '#domain/plan/plan-api';
import type { RunStop } from '#domain/trolleys/run-fields';
import { weeksInIsoYear } from '#domain/weeks';
import { FUTURE_YEAR } from '../../../tests/support/open-weeks';
import { listen, order, waitFor } from '../../../tests/support/realtime-client';
import { createTeam, failure, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';
import { newRecordId } from '../records/ids';

// Planning the day through the SDK (docs/decisions/076): the board day's whiteboard orders packed
// onto the nursery's active vehicles, round by round, in the drop order learned from its saved runs
// (pins win); Create runs makes the planned runs once, in one transaction, or nothing; staff and
// viewers cannot plan; another nursery's rounds, customers, vehicles and runs are never read or
// answered. On SQLite and, with scripts/with-postgres.sh, on PostgreSQL.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const WEEK = 20;
const DAY = 'thursday';

const stopOf = (record: RecordModel): RunStop => ({
  id: record.id,
  title: String(record.title),
  postcode: String(record.postcode ?? ''),
  trollies: String(record.trollies ?? ''),
  extras: '',
  orderNumber: String(record.orderNumber ?? ''),
});

const dayPlan = (account: TestAccount, query: Record<string, string | number> = { year: FUTURE_YEAR, week: WEEK, day: DAY }) =>
  account.pb.send<DayPlanAnswer>(PLAN_API.day, { method: 'GET', query });
const createRuns = (account: TestAccount, runs: unknown[]) =>
  account.pb.send<CreateRunsAnswer>(PLAN_API.createRuns, { method: 'POST', body: { runs } });
const roundOrder = (account: TestAccount, round: string) =>
  account.pb.send<RoundOrderAnswer>(PLAN_API.roundOrder(round), { method: 'GET' });
const roundSuggestion = (account: TestAccount, customer: string) =>
  account.pb.send<RoundSuggestionAnswer>(PLAN_API.roundSuggestion(customer), { method: 'GET' });

/** The runs of a plan as Create runs takes them, each with a new id. */
const toCreate = (answer: DayPlanAnswer): RunToCreate[] =>
  answer.plan.runs.map((run) => ({
    id: newRecordId(),
    name: `${run.vehicle.name} ${answer.date}`,
    data: run.stops,
    vehicleInfo: run.vehicleInfo,
  }));

/**
 * A nursery with two rounds whose customers were dropped in the same order on three past runs
 * each (North: Oak Farm, Ash Lane, Birch; South: Yew Tree, Elm Nursery, Damson), a newcomer to
 * North (Fern, of Ash Lane's district), Holly (no round) once on a North run, two 8T lorries and
 * a spare one off the road, and the board day's orders: one of 2 trolleys for each of the six,
 * made in name order, one without a count, and a collect, a holding and a Friday order that the
 * plan leaves out.
 */
async function nurseryWithHistory() {
  const team = await createTeam(server);
  const { office } = team;
  const north = await office.pb.collection('rounds').create({ name: 'North' });
  const south = await office.pb.collection('rounds').create({ name: 'South' });
  const customer = (name: string, round: string, postcode: string) => office.pb.collection('customers').create({ name, round, postcode });
  const [oak, ash, birch, fern, yew, elm, damson, holly] = await Promise.all([
    customer('Oak Farm', north.id, 'GL1 1AA'),
    customer('Ash Lane', north.id, 'GL2 2BB'),
    customer('Birch', north.id, 'GL3 3CC'),
    customer('Fern', north.id, 'GL2 9ZZ'),
    customer('Yew Tree', south.id, 'BA1 1AA'),
    customer('Elm Nursery', south.id, 'BA2 2BB'),
    customer('Damson', south.id, 'BA3 3CC'),
    customer('Holly', '', 'GL9 9HH'),
  ]);

  const pastRuns = [10, 11, 12].flatMap((week) =>
    (
      [
        [north, week === 10 ? [oak!, holly!, ash!, birch!] : [oak!, ash!, birch!]],
        [south, [yew!, elm!, damson!]],
      ] as const
    ).map(([round, list]) => ({ week, round, list })),
  );
  await Promise.all(
    pastRuns.map(async ({ week, round, list }) => {
      const orders = await Promise.all(
        list.map((c) => office.pb.collection('tasks').create(order(c.name, { customer: c.id, trollies: '2', weekNumber: week }))),
      );
      await office.pb.collection('trolley_exports').create({
        name: `${round.name} week ${week}`,
        data: orders.map(stopOf),
        vehicleInfo: {
          driver: 'Sam',
          reg: 'OLD 1',
          date: `${FUTURE_YEAR - 1}-0${week - 9}-01`,
          vehicleType: 'lorry',
          trolleyNumber: 12,
          grid: [],
        },
      });
    }),
  );
  const one = await office.pb
    .collection('vehicles')
    .create({ name: 'Lorry one', reg: 'AA11 AAA', vehicleType: 'lorry', trolleyNumber: 8, driver: 'Sam' });
  const two = await office.pb
    .collection('vehicles')
    .create({ name: 'Lorry two', reg: 'BB22 BBB', vehicleType: 'lorry', trolleyNumber: 8, driver: 'Jo' });
  await office.pb
    .collection('vehicles')
    .create({ name: 'Spare', reg: 'CC33 CCC', vehicleType: 'lorry', trolleyNumber: 24, driver: 'Kim', active: false });

  const today = { weekNumber: WEEK, day: DAY };
  for (const c of [ash!, birch!, damson!, elm!, oak!, yew!])
    await office.pb.collection('tasks').create(order(c.name, { ...today, customer: c.id, trollies: '2', orderNumber: `N-${c.name}` }));
  await office.pb.collection('tasks').create(order('No count yet', { ...today, trollies: '' }));
  await office.pb.collection('tasks').create(order('Collect order', { ...today, customer: ash!.id, trollies: '1', other: 'collect' }));
  await office.pb.collection('tasks').create(order('Holding order', { ...today, customer: ash!.id, trollies: '1', other: 'holding' }));
  await office.pb.collection('tasks').create(order('Friday order', { ...today, day: 'friday', customer: ash!.id, trollies: '1' }));
  return {
    ...team,
    north,
    south,
    oak: oak!,
    ash: ash!,
    birch: birch!,
    fern: fern!,
    yew: yew!,
    elm: elm!,
    damson: damson!,
    holly: holly!,
    vehicles: [one, two],
  };
}

/** Every title a plan answers, wherever it lists it. */
const titlesIn = (answer: DayPlanAnswer): string[] => [
  ...answer.plan.runs.flatMap((run) => run.stops.map((stop) => stop.title)),
  ...answer.plan.leftOut.map((item) => item.order.stop.title),
  ...answer.plan.withoutCount.map((item) => item.stop.title),
];

describe('plan the day', () => {
  it('packs the whiteboard orders of two rounds onto two vehicles, each round in its learned drop order, filled last drop deepest', async () => {
    const n = await nurseryWithHistory();
    const answer = await dayPlan(n.office);

    expect(answer.vehicles.map((v) => [v.name, v.reg, v.driver, v.trolleyNumber])).toEqual([
      ['Lorry one', 'AA11 AAA', 'Sam', 8],
      ['Lorry two', 'BB22 BBB', 'Jo', 8],
    ]);
    const routes = answer.plan.runs.map((run) => run.stops.map((stop) => stop.title));
    expect(routes).toHaveLength(2);
    expect(new Set(routes.map((titles) => titles.join(' > ')))).toEqual(
      new Set(['Oak Farm > Ash Lane > Birch', 'Yew Tree > Elm Nursery > Damson']),
    );
    for (const run of answer.plan.runs) {
      expect(run).toMatchObject({ capacity: 8, trolleys: 6 });
      expect(run.vehicleInfo).toMatchObject({
        date: answer.date,
        reg: run.vehicle.reg,
        driver: run.vehicle.driver,
        vehicleType: 'lorry',
        trolleyNumber: 8,
      });
      const last = run.stops.at(-1)!;
      // Fill: the last drop deepest (Trolley 1, at the front), the first by the doors.
      expect(run.vehicleInfo.grid[0]).toBe(`${last.title} - ${last.orderNumber}`);
      expect(run.vehicleInfo.grid.filter((cell) => cell !== '')).toHaveLength(6);
    }
    expect(answer.plan.withoutCount.map((item) => item.stop.title)).toEqual(['No count yet']);
    expect(answer.plan.leftOut).toEqual([]);
    expect(answer.plan.overCapacity).toBeNull();
    expect([answer.plan.trolleys, answer.plan.capacity]).toEqual([12, 16]);
    // Collect, holding and another day's orders are not the day's deliveries.
    for (const title of ['Collect order', 'Holding order', 'Friday order']) expect(titlesIn(answer)).not.toContain(title);
    expect(answer.roundNames).toEqual({ [n.north.id]: 'North', [n.south.id]: 'South' });
    const northOrder = answer.learned.find((round) => round.round === n.north.id)!;
    expect(northOrder.stops.map((stop) => stop.customer)).toEqual([n.oak.id, n.ash.id, n.fern.id, n.birch.id]);
    // Each planned stop is the order itself, with its customer's round.
    const ashStop = answer.plan.runs.flatMap((run) => run.stops).find((stop) => stop.title === 'Ash Lane')!;
    expect(ashStop).toMatchObject({ trollies: '2', orderNumber: 'N-Ash Lane', postcode: '' });
  });

  it("a round's learned order says how sure it is; a newcomer goes by its postcode district; the pin wins", async () => {
    const n = await nurseryWithHistory();
    const learned = await roundOrder(n.viewer, n.north.id);
    expect(learned.round).toBe(n.north.id);
    expect(learned.stops.map((stop) => [stop.name, stop.runs, stop.agreed, stop.shared, stop.isNewcomer, stop.pin])).toEqual([
      ['Oak Farm', 3, 3, 3, false, 0],
      ['Ash Lane', 3, 3, 3, false, 0],
      ['Fern', 0, 0, 0, true, 0],
      ['Birch', 3, 0, 0, false, 0],
    ]);

    await n.office.pb.collection('customers').update(n.birch.id, { roundPlace: 1 });
    const pinned = await roundOrder(n.staff, n.north.id);
    expect(pinned.stops.map((stop) => [stop.name, stop.pin])).toEqual([
      ['Birch', 1],
      ['Oak Farm', 0],
      ['Ash Lane', 0],
      ['Fern', 0],
    ]);
    const answer = await dayPlan(n.admin);
    const northRun = answer.plan.runs.find((run) => run.stops.some((stop) => stop.title === 'Oak Farm'))!;
    expect(northRun.stops.map((stop) => stop.title)).toEqual(['Birch', 'Oak Farm', 'Ash Lane']);
  });

  it('suggests the round most of the customers a customer shared runs with belong to', async () => {
    const n = await nurseryWithHistory();
    await expect(roundSuggestion(n.viewer, n.holly.id)).resolves.toEqual({ round: n.north.id, runs: 1 });
    await expect(roundSuggestion(n.office, n.elm.id)).resolves.toEqual({ round: n.south.id, runs: 3 });
    // Never on a run: no suggestion.
    await expect(roundSuggestion(n.office, n.fern.id)).resolves.toEqual({ round: '', runs: 0 });
  });

  it('staff and viewers cannot plan or create runs, in a sentence; a wrong day gets a sentence', async () => {
    const n = await nurseryWithHistory();
    const plan = await dayPlan(n.office);
    for (const member of [n.staff, n.viewer]) {
      const refusals = await Promise.all([failure(dayPlan(member)), failure(createRuns(member, toCreate(plan)))]);
      expect(refusals.map((r) => [r.status, r.message])).toEqual([
        [403, PLANNERS_ONLY],
        [403, PLANNERS_ONLY],
      ]);
    }
    expect(await n.office.pb.collection('trolley_exports').getFullList({ filter: "name ~ 'Lorry'" })).toEqual([]);

    const wrong = await Promise.all(
      [
        { year: 1999, week: 5, day: DAY },
        { year: 2025, week: 53, day: DAY },
        { year: FUTURE_YEAR, week: 0, day: DAY },
        { year: FUTURE_YEAR, week: 'x', day: DAY },
        { year: FUTURE_YEAR, week: WEEK, day: 'funday' },
      ].map((query) => failure(dayPlan(n.office, query))),
    );
    const weeks = weeksInIsoYear(FUTURE_YEAR);
    expect(wrong.map((r) => [r.status, r.message])).toEqual([
      [400, 'Year must be between 2000 and 2100.'],
      [400, 'Week must be between 1 and 52 for 2025.'],
      [400, `Week must be between 1 and ${weeks} for ${FUTURE_YEAR}.`],
      [400, `Week must be between 1 and ${weeks} for ${FUTURE_YEAR}.`],
      [400, 'Choose a day of the week, Monday to Sunday.'],
    ]);
  });
});

describe('create runs', () => {
  it('creates the planned runs once, as the caller, announced as any new run; a second try finds them', async () => {
    const n = await nurseryWithHistory();
    const plan = await dayPlan(n.office);
    const runs = toCreate(plan);
    const { events, unsubscribe } = await listen(n.viewer.pb, 'trolley_exports', '*');

    await expect(createRuns(n.office, runs)).resolves.toEqual({ created: runs.map((r) => r.id), existing: [] });
    await expect(createRuns(n.office, runs)).resolves.toEqual({ created: [], existing: runs.map((r) => r.id) });

    const stored = await n.viewer.pb.collection('trolley_exports').getFullList({ filter: `name ~ 'Lorry'`, sort: 'name' });
    expect(stored.map((run) => [run.id, run.name, run.state, run.user, run.created_by, run.nursery])).toEqual(
      [...runs]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((run) => [run.id, run.name, 'new', n.office.id, n.office.id, n.office.nursery]),
    );
    for (const run of runs) {
      const saved = stored.find((s) => s.id === run.id)!;
      expect(saved.data).toEqual(run.data);
      expect(saved.vehicleInfo).toEqual(run.vehicleInfo);
    }
    await waitFor(() => (events.length >= 2 ? events : undefined), 'the new runs announced');
    expect(events.map((e) => [e.action, e.record.id]).sort()).toEqual(runs.map((r) => ['create', r.id]).sort());
    await unsubscribe();
  });

  it("planning a day again does not make a second run of a vehicle's day: refused by name, nothing written", async () => {
    const n = await nurseryWithHistory();
    const first = toCreate(await dayPlan(n.office));
    await createRuns(n.office, first);
    // The dialog opened again: the same day planned anew, with new ids and the same names.
    const again = toCreate(await dayPlan(n.office));
    const refused = await failure(createRuns(n.office, again));
    expect([refused.status, refused.message]).toEqual([
      400,
      `Nothing was created. Run 1 (${again[0]!.name}): A run of this name (its date, driver and registration) is saved already: ` +
        "this vehicle's run of that day was planned before. Open it from Runs, or delete it first, then plan the day again.",
    ]);
    expect(Object.keys(refused.response.data as object)).toEqual(['runs.0.name']);
    // Two runs of one plan with one name (two cards given one vehicle's details) are refused alike.
    const twins = toCreate(await dayPlan(n.office)).map((run) => ({ ...run, name: 'Same name' }));
    expect((await failure(createRuns(n.office, twins))).message).toMatch(/^Nothing was created\. Run 2 \(Same name\): A run of this name/);
    const stored = await n.office.pb.collection('trolley_exports').getFullList({ filter: "name ~ 'Lorry' || name = 'Same name'" });
    expect(stored.map((run) => run.id).sort()).toEqual(first.map((run) => run.id).sort());
  });

  it('one invalid run writes nothing, and says which run and why', async () => {
    const n = await nurseryWithHistory();
    const [first, second] = toCreate(await dayPlan(n.office));
    const bad = { ...second!, vehicleInfo: { ...second!.vehicleInfo, driver: '' } };
    const refused = await failure(createRuns(n.office, [first, bad]));
    expect([refused.status, refused.message]).toEqual([
      400,
      `Nothing was created. Run 2 (${bad.name}): Please enter driver, registration and date before saving.`,
    ]);
    expect(Object.keys(refused.response.data as object)).toEqual(['runs.1.vehicleInfo']);
    const malformed = await Promise.all([
      failure(createRuns(n.office, [])),
      failure(createRuns(n.office, [{ ...first!, id: 'SHORT' }])),
      failure(createRuns(n.office, [first, { ...second!, id: first!.id }])),
      failure(createRuns(n.office, [first, { ...second!, data: 'not a list' }])),
    ]);
    expect(malformed.map((r) => [r.status, r.message])).toEqual([
      [400, 'There are no runs to create. Plan the day first.'],
      [400, 'Run 1: an id is 15 lowercase letters and digits (a to z, 0 to 9).'],
      [400, 'Run 2 has the same id as another run of the plan; each run needs its own.'],
      [400, `Nothing was created. Run 2 (${second!.name}): The customer list could not be read.`],
    ]);
    expect(await n.office.pb.collection('trolley_exports').getFullList({ filter: "name ~ 'Lorry'" })).toEqual([]);
  });
});

describe("another nursery's", () => {
  it('rounds, customers, vehicles, orders and runs are never read or answered', async () => {
    const mine = await nurseryWithHistory();
    const theirs = await nurseryWithHistory();
    // Their order for one of our customers' names, on the same day, and their vehicles: not in our plan.
    await theirs.office.pb.collection('tasks').create(order('Their order', { weekNumber: WEEK, day: DAY, trollies: '3' }));
    const answer = await dayPlan(mine.office);
    expect(answer.vehicles.map((v) => v.id).sort()).toEqual(mine.vehicles.map((v) => v.id).sort());
    expect(titlesIn(answer)).not.toContain('Their order');
    expect(Object.keys(answer.roundNames).sort()).toEqual([mine.north.id, mine.south.id].sort());
    const customers = new Set([...answer.learned.flatMap((round) => round.stops.map((stop) => stop.customer))]);
    for (const customer of [theirs.oak, theirs.ash, theirs.yew]) expect(customers.has(customer.id)).toBe(false);

    const notFound = await Promise.all([
      failure(roundOrder(mine.viewer, theirs.north.id)),
      failure(roundSuggestion(mine.viewer, theirs.holly.id)),
      failure(roundOrder(mine.viewer, 'nosuchround0000')),
    ]);
    expect(notFound.map((r) => r.status)).toEqual([404, 404, 404]);

    // A run id of theirs: refused, saying nothing of whose, and nothing of ours is made either.
    const [theirRun] = await theirs.office.pb.collection('trolley_exports').getFullList({ filter: "name ~ 'North week 10'" });
    const [first, second] = toCreate(answer);
    const taken = await failure(createRuns(mine.office, [first, { ...second!, id: theirRun!.id }]));
    expect([taken.status, taken.message]).toEqual([
      400,
      `Nothing was created. Run 2 (${second!.name}): its id already belongs to another record. Plan the day again to give the runs new ids.`,
    ]);
    expect(await mine.office.pb.collection('trolley_exports').getFullList({ filter: "name ~ 'Lorry'" })).toEqual([]);
    await expect(theirs.office.pb.collection('trolley_exports').getOne(theirRun!.id)).resolves.toMatchObject({ name: 'North week 10' });
  });
});
