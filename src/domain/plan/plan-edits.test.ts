import { describe, expect, it } from 'vitest';
import type { RunStop } from '../trolleys/run-fields';
import { packDay, type PlannedRun, type PlanVehicle } from './pack-day';
import {
  changeVehicle,
  draftOverCapacity,
  followFleet,
  moveStopToRun,
  notInGridText,
  notPlannedOf,
  placeNotPlanned,
  refillRun,
  runLoadText,
  runsToCreate,
  shiftStop,
  trolleysOff,
  unplanStop,
  type PlanDraft,
} from './plan-edits';

const DATE = '2026-12-03';

const stop = (title: string, trollies: string): RunStop => ({
  id: `o-${title}`,
  title,
  postcode: '',
  trollies,
  extras: '',
  orderNumber: '',
});

const lorry = (id: string, trolleyNumber: number, driver = 'Sam'): PlanVehicle => ({
  id,
  name: `Lorry ${id}`,
  reg: `${id} REG`,
  driver,
  vehicleType: 'lorry',
  trolleyNumber,
  isActive: true,
});

const L4 = lorry('A', 4);
const L8 = lorry('B', 8, 'Jo');

/** A run as staff read it: "A (3/4): X 2, Y 1 | grid X X Y _". */
const read = (run: PlannedRun) =>
  `${run.vehicle.id} (${run.trolleys}/${run.capacity}): ${run.stops.map((s) => `${s.title} ${s.trollies}`).join(', ')} | ${run.vehicleInfo.grid
    .map((cell) => cell || '_')
    .join(' ')}`;

const twoRuns = () => [refillRun(L4, [stop('X', '2'), stop('Y', '1')], DATE), refillRun(L8, [stop('P', '3')], DATE)];

describe('a person changing the proposal', () => {
  it('refills a run as Fill does: the last drop deepest, the first by the doors', () => {
    expect(read(refillRun(L4, [stop('X', '2'), stop('Y', '1')], DATE))).toBe('A (3/4): X 2, Y 1 | Y X X _');
  });

  it('is what packDay proposes, so an unchanged proposal refills to itself', () => {
    const plan = packDay(
      [
        { stop: stop('X', '2'), customer: 'X', round: 'r' },
        { stop: stop('Y', '1'), customer: 'Y', round: 'r' },
      ],
      [L4],
      [],
      DATE,
    );
    const run = plan.runs[0]!;
    expect(refillRun(run.vehicle, run.stops, DATE)).toEqual(run);
  });

  it.each<{ name: string; change: (runs: PlannedRun[]) => PlannedRun[]; runs: string[] }>([
    {
      name: 'a stop moved to another vehicle becomes its last drop, and both grids refill',
      change: (runs) => moveStopToRun(runs, 0, 0, 1, DATE),
      runs: ['A (1/4): Y 1 | Y _ _ _', 'B (5/8): P 3, X 2 | X X P P P _ _ _'],
    },
    {
      name: 'a stop moved up the drop order is loaded nearer the doors',
      change: (runs) => shiftStop(runs, 0, 1, -1, DATE),
      runs: ['A (3/4): Y 1, X 2 | X X Y _', 'B (3/8): P 3 | P P P _ _ _ _ _'],
    },
    {
      name: 'the first stop cannot move further up: nothing changes',
      change: (runs) => shiftStop(runs, 0, 0, -1, DATE),
      runs: ['A (3/4): X 2, Y 1 | Y X X _', 'B (3/8): P 3 | P P P _ _ _ _ _'],
    },
    {
      name: 'a vehicle another run has is swapped between the two runs, each grid refilled for its new size',
      change: (runs) => changeVehicle(runs, 0, L8, DATE),
      runs: ['B (3/8): X 2, Y 1 | Y X X _ _ _ _ _', 'A (3/4): P 3 | P P P _'],
    },
    {
      name: 'a vehicle no run has simply replaces the run’s vehicle',
      change: (runs) => changeVehicle(runs, 1, lorry('C', 4), DATE),
      runs: ['A (3/4): X 2, Y 1 | Y X X _', 'C (3/4): P 3 | P P P _'],
    },
  ])('$name', ({ change, runs }) => {
    expect(change(twoRuns()).map(read)).toEqual(runs);
  });

  it('a run given more than its vehicle holds says how many trolleys are off, and Fill leaves the first drops off', () => {
    const runs = moveStopToRun(twoRuns(), 1, 0, 0, DATE);
    expect(read(runs[0]!)).toBe('A (6/4): X 2, Y 1, P 3 | P P P Y');
    expect(trolleysOff(runs[0]!)).toBe(2);
    expect(trolleysOff(runs[1]!)).toBe(0);
  });

  it('a changed vehicle carries its registration and driver into the saved run', () => {
    const [run] = changeVehicle(twoRuns(), 0, L8, DATE);
    expect(run!.vehicleInfo).toMatchObject({ reg: 'B REG', driver: 'Jo', date: DATE, vehicleType: 'lorry', trolleyNumber: 8 });
  });
});

describe('runsToCreate', () => {
  it('names each run with stops as the mapper does and keeps the ids chosen for the proposal; an emptied run is not created', () => {
    const runs = moveStopToRun(twoRuns(), 1, 0, 0, DATE);
    expect(runsToCreate(runs, ['id1', 'id2']).map(({ id, name, data }) => ({ id, name, stops: data.map((s) => s.title) }))).toEqual([
      { id: 'id1', name: '03-12-2026-Sam-A REG', stops: ['X', 'Y', 'P'] },
    ]);
  });
});

/** A draft as staff read it: each run, then "not planned: Z 2 (why)". */
const readDraft = (draft: PlanDraft) => [
  ...draft.runs.map(read),
  `not planned: ${draft.notPlanned.map((entry) => `${entry.stop.title} ${entry.stop.trollies} (${entry.reason})`).join(', ')}`,
];

const draftWithLeftOut = (): PlanDraft => ({
  runs: twoRuns(),
  notPlanned: [{ stop: stop('Z', '2'), reason: 'No vehicle has room left for its 2 trolleys.' }],
});

describe('orders not planned', () => {
  it('the proposal’s left-out orders become not planned stops carrying the trolleys left over (Q fitted whole first)', () => {
    const plan = packDay(
      [
        { stop: stop('Big', '11'), customer: 'Big', round: 'r' },
        { stop: stop('Q', '1'), customer: 'Q', round: 's' },
      ],
      [L8],
      [],
      DATE,
    );
    expect(notPlannedOf(plan.leftOut).map((entry) => `${entry.stop.title} ${entry.stop.trollies}`)).toEqual(['Big 4']);
  });

  it.each<{ name: string; change: (draft: PlanDraft) => PlanDraft; draft: string[] }>([
    {
      name: 'a not planned order put on a vehicle becomes its last drop, and the grid refills',
      change: (draft) => placeNotPlanned(draft, 0, 1, DATE),
      draft: ['A (3/4): X 2, Y 1 | Y X X _', 'B (5/8): P 3, Z 2 | Z Z P P P _ _ _', 'not planned: '],
    },
    {
      name: 'put on a vehicle without room, it is carried over the capacity and Fill leaves the first drops off',
      change: (draft) => placeNotPlanned(draft, 0, 0, DATE),
      draft: ['A (5/4): X 2, Y 1, Z 2 | Z Z Y X', 'B (3/8): P 3 | P P P _ _ _ _ _', 'not planned: '],
    },
    {
      name: 'a stop taken off goes to the end of not planned, saying so, and its run refills',
      change: (draft) => unplanStop(draft, 0, 0, DATE),
      draft: [
        'A (1/4): Y 1 | Y _ _ _',
        'B (3/8): P 3 | P P P _ _ _ _ _',
        'not planned: Z 2 (No vehicle has room left for its 2 trolleys.), X 2 (Taken off the vehicles.)',
      ],
    },
    {
      name: 'taken off and put back, it is the last drop of the vehicle chosen',
      change: (draft) => placeNotPlanned(unplanStop(draft, 0, 0, DATE), 1, 0, DATE),
      draft: [
        'A (3/4): Y 1, X 2 | X X Y _',
        'B (3/8): P 3 | P P P _ _ _ _ _',
        'not planned: Z 2 (No vehicle has room left for its 2 trolleys.)',
      ],
    },
    {
      name: 'an index that is not there changes nothing',
      change: (draft) => placeNotPlanned(unplanStop(draft, 5, 0, DATE), 3, 0, DATE),
      draft: [
        'A (3/4): X 2, Y 1 | Y X X _',
        'B (3/8): P 3 | P P P _ _ _ _ _',
        'not planned: Z 2 (No vehicle has room left for its 2 trolleys.)',
      ],
    },
  ])('$name', ({ change, draft }) => {
    expect(readDraft(change(draftWithLeftOut()))).toEqual(draft);
  });

  it('a vehicle over its capacity says so plainly, and what is not in its grid is named', () => {
    const over = placeNotPlanned(draftWithLeftOut(), 0, 0, DATE).runs[0]!;
    expect(runLoadText(over)).toBe('5 / 4 trolleys · 1 over');
    expect(notInGridText(over)).toBe('Not in the grid: X (1 of 2 trolleys).');
    const under = twoRuns()[0]!;
    expect(runLoadText(under)).toBe('3 / 4 trolleys');
    expect(notInGridText(under)).toBeNull();
    const allOff = refillRun(L4, [stop('W', '1'), stop('X', '4')], DATE);
    expect(notInGridText(allOff)).toBe('Not in the grid: W (1 trolley).');
  });

  it('the day over the draft’s vehicles counts what is on them and what is not planned', () => {
    expect(draftOverCapacity(draftWithLeftOut())).toBeNull();
    const full: PlanDraft = { runs: [twoRuns()[0]!], notPlanned: [{ stop: stop('Z', '3'), reason: '' }] };
    expect(draftOverCapacity(full)).toBe("2 trolleys over the fleet's capacity.");
  });
});

describe('following the fleet while a person plans', () => {
  const C4 = lorry('C', 4, 'Ann');
  it.each<{ name: string; fleet: PlanVehicle[]; draft: string[] }>([
    {
      name: 'a vehicle added gets an empty run at the end',
      fleet: [L4, L8, C4],
      draft: [
        'A (3/4): X 2, Y 1 | Y X X _',
        'B (3/8): P 3 | P P P _ _ _ _ _',
        'C (0/4):  | _ _ _ _',
        'not planned: Z 2 (No vehicle has room left for its 2 trolleys.)',
      ],
    },
    {
      name: 'a vehicle deactivated takes its run away, its stops to not planned with why',
      fleet: [L4, { ...L8, isActive: false }],
      draft: [
        'A (3/4): X 2, Y 1 | Y X X _',
        'not planned: Z 2 (No vehicle has room left for its 2 trolleys.), P 3 (Lorry B is no longer in the active fleet.)',
      ],
    },
    {
      name: 'a vehicle deleted is gone as if deactivated',
      fleet: [L8],
      draft: [
        'B (3/8): P 3 | P P P _ _ _ _ _',
        'not planned: Z 2 (No vehicle has room left for its 2 trolleys.), X 2 (Lorry A is no longer in the active fleet.), Y 1 (Lorry A is no longer in the active fleet.)',
      ],
    },
    {
      name: 'a vehicle resized keeps its stops, its grid refilled for the new size',
      fleet: [{ ...L4, trolleyNumber: 12 }, L8],
      draft: [
        'A (3/12): X 2, Y 1 | Y X X _ _ _ _ _ _ _ _ _',
        'B (3/8): P 3 | P P P _ _ _ _ _',
        'not planned: Z 2 (No vehicle has room left for its 2 trolleys.)',
      ],
    },
  ])('$name', ({ fleet, draft }) => {
    expect(readDraft(followFleet(draftWithLeftOut(), fleet, DATE))).toEqual(draft);
  });

  it('an unchanged fleet, in any order, gives the same draft back', () => {
    const draft = draftWithLeftOut();
    expect(followFleet(draft, [L8, L4, { ...lorry('D', 4), isActive: false }], DATE)).toBe(draft);
  });

  it('a new driver or registration goes into the saved run', () => {
    const [run] = followFleet(draftWithLeftOut(), [{ ...L4, driver: 'Kim', reg: 'NEW 1' }, L8], DATE).runs;
    expect(run!.vehicleInfo).toMatchObject({ driver: 'Kim', reg: 'NEW 1' });
  });
});
