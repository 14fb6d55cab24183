// A person's changes to a proposed day (docs/decisions/076-plan-the-day.md, "Plan deliveries on
// the board" and "Adjusting the plan"): move a stop to another vehicle, move it up or down the drop
// order, give a run another vehicle, put a not planned order on a vehicle or take a stop off, and
// follow the fleet when someone changes it. Each change refills the grids it touches with the
// mapper's Fill, so what is shown is always what Create runs saves. Pure: plain data in, new data out.
import { fillInReverseDropOrder, stopPlacements, trolleysNeeded } from '../trolleys/load-plan';
import type { RunStop } from '../trolleys/run-fields';
import { runName } from '../trolleys/run-name';
import { cellCount } from '../trolleys/vehicle-layouts';
import { emptyVehicleInfo, overCapacityText, trolleysText, type OrderLeftOut, type PlannedRun, type PlanVehicle } from './pack-day';
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

/**
 * An order (or the part of one) on no vehicle, and why: what the proposal could not place, or what a
 * person took off. `stop.trollies` is what is not carried (the rest of an order split over the fleet).
 */
export interface NotPlanned {
  stop: RunStop;
  reason: string;
}

/** The day as a person is changing it: the runs, one per active vehicle, and what is on none. */
export interface PlanDraft {
  runs: PlannedRun[];
  notPlanned: NotPlanned[];
}

/** Why a stop a person took off a vehicle is not planned. */
export const TAKEN_OFF = 'Taken off the vehicles.';

/** The proposal's left-out orders as stops, each with the trolleys not carried. */
export function notPlannedOf(leftOut: readonly OrderLeftOut[]): NotPlanned[] {
  return leftOut.map(({ order, trolleys, reason }) => ({
    stop: trolleys === trolleysNeeded(order.stop) ? order.stop : { ...order.stop, trollies: String(trolleys) },
    reason,
  }));
}

/** The not planned order at `index` put on run `to` as its last drop (where a person looks for it); refilled. */
export function placeNotPlanned(draft: PlanDraft, index: number, to: number, date: string): PlanDraft {
  const entry = draft.notPlanned[index];
  const target = draft.runs[to];
  if (!entry || !target) return draft;
  return {
    runs: draft.runs.map((run, at) => (at === to ? refillRun(run.vehicle, [...run.stops, entry.stop], date) : run)),
    notPlanned: draft.notPlanned.filter((_, i) => i !== index),
  };
}

/** The stop at `index` of run `from` taken off the vehicles, to the end of not planned; its run refilled. */
export function unplanStop(draft: PlanDraft, from: number, index: number, date: string): PlanDraft {
  const source = draft.runs[from];
  const stop = source?.stops[index];
  if (!source || !stop) return draft;
  return {
    runs: draft.runs.map((run, at) =>
      at === from
        ? refillRun(
            run.vehicle,
            run.stops.filter((_, i) => i !== index),
            date,
          )
        : run,
    ),
    notPlanned: [...draft.notPlanned, { stop, reason: TAKEN_OFF }],
  };
}

/** A draft's runs changed by one of the run edits above (moveStopToRun, shiftStop, changeVehicle). */
export function withRuns(draft: PlanDraft, change: (runs: readonly PlannedRun[]) => PlannedRun[]): PlanDraft {
  return { ...draft, runs: change(draft.runs) };
}

const isSameVehicle = (a: PlanVehicle, b: PlanVehicle) =>
  a.name === b.name &&
  a.reg === b.reg &&
  a.driver === b.driver &&
  a.vehicleType === b.vehicleType &&
  a.trolleyNumber === b.trolleyNumber &&
  a.isActive === b.isActive;

/** Why the stops of a vehicle that left the active fleet while a person was planning are not planned. */
export function leftFleetText(vehicle: Pick<PlanVehicle, 'name'>): string {
  return `${vehicle.name} is no longer in the active fleet.`;
}

/**
 * The draft following the fleet as it is now (`fleet`: every vehicle of the nursery, active or
 * not), when someone adds, deactivates, resizes or deletes a vehicle while a person plans: a run
 * whose vehicle changed is refilled for it; a run whose vehicle is gone or inactive goes, its stops
 * to not planned with why; each active vehicle without a run gets an empty one, at the end. An
 * unchanged fleet gives the same draft back (the same object), so a refetch that changed nothing
 * changes nothing on screen.
 */
export function followFleet(draft: PlanDraft, fleet: readonly PlanVehicle[], date: string): PlanDraft {
  const usable = new Map(
    fleet
      .filter((vehicle) => vehicle.isActive && cellCount(vehicle.vehicleType, vehicle.trolleyNumber) > 0)
      .map((vehicle) => [vehicle.id, vehicle]),
  );
  let isChanged = false;
  const runs: PlannedRun[] = [];
  const notPlanned = [...draft.notPlanned];
  for (const run of draft.runs) {
    const now = usable.get(run.vehicle.id);
    if (!now) {
      isChanged = true;
      for (const stop of run.stops) notPlanned.push({ stop, reason: leftFleetText(run.vehicle) });
    } else if (isSameVehicle(now, run.vehicle)) runs.push(run);
    else {
      isChanged = true;
      runs.push(refillRun(now, run.stops, date));
    }
  }
  const carried = new Set(draft.runs.map((run) => run.vehicle.id));
  for (const vehicle of usable.values())
    if (!carried.has(vehicle.id)) {
      isChanged = true;
      runs.push(refillRun(vehicle, [], date));
    }
  return isChanged ? { runs, notPlanned } : draft;
}

/** "18 trolleys over the fleet's capacity." when the day needs more than the draft's vehicles hold; null when not. */
export function draftOverCapacity(draft: PlanDraft): string | null {
  const needed =
    draft.runs.reduce((sum, run) => sum + run.trolleys, 0) + draft.notPlanned.reduce((sum, entry) => sum + trolleysNeeded(entry.stop), 0);
  const over = needed - draft.runs.reduce((sum, run) => sum + run.capacity, 0);
  return over > 0 ? overCapacityText(over) : null;
}

/** A run's load as staff say it: "11 / 12 trolleys", or "13 / 12 trolleys · 1 over" when it holds too many. */
export function runLoadText(run: Pick<PlannedRun, 'trolleys' | 'capacity'>): string {
  const off = trolleysOff(run);
  return `${run.trolleys} / ${run.capacity} trolleys${off > 0 ? ` · ${off} over` : ''}`;
}

/**
 * What Fill could not put in a run's grid, first drops first (Fill leaves those off): "Not in the
 * grid: Willow (1 of 2 trolleys), Birch (1 trolley)."; null when everything is in.
 */
export function notInGridText(run: Pick<PlannedRun, 'stops' | 'vehicleInfo'>): string | null {
  const parts = stopPlacements(run.stops, run.vehicleInfo.grid).flatMap(({ needed, placed }, index) => {
    const off = needed - placed;
    if (off <= 0) return [];
    const title = run.stops[index]!.title;
    return [placed === 0 ? `${title} (${trolleysText(off)})` : `${title} (${off} of ${trolleysText(needed)})`];
  });
  return parts.length === 0 ? null : `Not in the grid: ${parts.join(', ')}.`;
}
