import { describe, expect, it } from 'vitest';
import type { RunStop } from '../trolleys/run-fields';
import { packDay, type PlannedRun, type PlanVehicle } from './pack-day';
import { changeVehicle, moveStopToRun, refillRun, runsToCreate, shiftStop, trolleysOff } from './plan-edits';

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
