// A person's changes to a proposed day (docs/decisions/076-plan-the-day.md, "Plan deliveries on
// the board"): move a stop to another vehicle, move it up or down the drop order, give a run
// another vehicle. Each change refills the grids it touches with the mapper's Fill, so what is
// shown is always what Create runs saves. Pure: plain runs in, new runs out.
import { fillInReverseDropOrder, trolleysNeeded } from '../trolleys/load-plan';
import type { RunStop } from '../trolleys/run-fields';
import { runName } from '../trolleys/run-name';
import { cellCount } from '../trolleys/vehicle-layouts';
import { emptyVehicleInfo, type PlannedRun, type PlanVehicle } from './pack-day';
import type { RunToCreate } from './plan-api';

/** A vehicle's run with these stops, in this drop order, its grid filled afresh (last drop deepest). */
export function refillRun(vehicle: PlanVehicle, stops: readonly RunStop[], date: string): PlannedRun {
  const base = emptyVehicleInfo(vehicle, date);
  const filled = fillInReverseDropOrder(stops, base);
  return {
    vehicle,
    capacity: cellCount(vehicle.vehicleType, vehicle.trolleyNumber),
    trolleys: stops.reduce((sum, stop) => sum + trolleysNeeded(stop), 0),
    stops: [...stops],
    vehicleInfo: { ...base, grid: filled.grid },
  };
}

/** Trolleys of a run that Fill could not place: its stops need more cells than the vehicle has. */
export function trolleysOff(run: Pick<PlannedRun, 'trolleys' | 'capacity'>): number {
  return Math.max(0, run.trolleys - run.capacity);
}

/** The stop at `index` of run `from` moved to the end of run `to` (its last drop); both refilled. */
export function moveStopToRun(runs: readonly PlannedRun[], from: number, index: number, to: number, date: string): PlannedRun[] {
  const source = runs[from];
  const target = runs[to];
  const stop = source?.stops[index];
  if (!source || !target || !stop || from === to) return [...runs];
  return runs.map((run, at) => {
    if (at === from)
      return refillRun(
        run.vehicle,
        run.stops.filter((_, i) => i !== index),
        date,
      );
    if (at === to) return refillRun(run.vehicle, [...run.stops, stop], date);
    return run;
  });
}

/** The stop at `index` of run `run` moved one place earlier (-1) or later (+1) in the drop order; refilled. */
export function shiftStop(runs: readonly PlannedRun[], run: number, index: number, by: -1 | 1, date: string): PlannedRun[] {
  const current = runs[run];
  const other = index + by;
  if (!current || index < 0 || index >= current.stops.length || other < 0 || other >= current.stops.length) return [...runs];
  const stops = [...current.stops];
  [stops[index], stops[other]] = [stops[other]!, stops[index]!];
  return runs.map((r, at) => (at === run ? refillRun(r.vehicle, stops, date) : r));
}

/**
 * Run `run` given `vehicle`. A vehicle goes out once a day, so when another run has that vehicle
 * the two runs swap vehicles; both are refilled.
 */
export function changeVehicle(runs: readonly PlannedRun[], run: number, vehicle: PlanVehicle, date: string): PlannedRun[] {
  const current = runs[run];
  if (!current || current.vehicle.id === vehicle.id) return [...runs];
  const holder = runs.findIndex((r) => r.vehicle.id === vehicle.id);
  return runs.map((r, at) => {
    if (at === run) return refillRun(vehicle, r.stops, date);
    if (at === holder) return refillRun(current.vehicle, r.stops, date);
    return r;
  });
}

/**
 * The runs Create runs saves: those with stops, each named as the mapper names a saved run (date,
 * driver, registration), with the id chosen once for its place in the proposal (`ids[i]` for run
 * i), so sending the same proposal again creates nothing twice.
 */
export function runsToCreate(runs: readonly PlannedRun[], ids: readonly string[]): RunToCreate[] {
  return runs.flatMap((run, at) => {
    const id = ids[at];
    if (run.stops.length === 0 || id === undefined) return [];
    return [{ id, name: runName(run.vehicleInfo), data: [...run.stops], vehicleInfo: run.vehicleInfo }];
  });
}
