// The trolley mapper's plan while someone works on it, as a reducer: every change a planner can
// make, the plans before the last changes (Undo), and what the last saved copy was, so the screen
// knows when there are unsaved changes.
import type { RunStop, VehicleInfo, VehicleType } from '#domain/records';
import { blankSpareCells, fillInReverseDropOrder } from '#domain/trolleys/load-plan';
import { chooseVehicleSize, clearCells, normalizeGrid, switchVehicleType, writeCell, type RunPlan } from '#domain/trolleys/run-plan';
import type { StopField } from './stop-list';
import { withUniqueIds } from './stop-ids';

/** The run details typed in above the stops. */
export type RunDetail = 'driver' | 'reg' | 'code' | 'date';

/** What a fleet vehicle brings to a run (collection `vehicles`, docs/decisions/076). */
export type FleetVehicle = Pick<VehicleInfo, 'vehicleType' | 'trolleyNumber' | 'reg' | 'driver'>;

/** Undo goes back this many changes; older ones are forgotten. */
export const UNDO_LIMIT = 50;

export type PlanChange =
  | { type: 'edit-stop'; id: string; field: StopField; value: string }
  | { type: 'remove-stop'; id: string }
  | { type: 'add-stop'; stop: RunStop }
  | { type: 'reorder-stops'; stops: RunStop[] }
  | { type: 'edit-detail'; detail: RunDetail; value: string }
  | { type: 'choose-vehicle-type'; vehicleType: VehicleType }
  | { type: 'choose-vehicle-size'; size: number }
  /** A vehicle of the nursery's fleet: its kind, size, registration and usual driver, one undo step. */
  | { type: 'choose-fleet-vehicle'; vehicle: FleetVehicle }
  | { type: 'fill-cell'; index: number; label: string }
  | { type: 'clear-cells' }
  /** Fill: every stop's missing trolleys, in reverse drop order. */
  | { type: 'fill-load' }
  /** Blank the rest: every empty cell a blank trolley. */
  | { type: 'blank-spare' }
  /** Back to the plan as last saved or opened (Discard of a restored plan); Undo brings it back. */
  | { type: 'discard' }
  /** Another plan kept on this device takes this one's place ("Open it"); Undo brings this one back. */
  | { type: 'open-kept'; plan: RunPlan }
  | { type: 'undo' }
  /** The server has this plan now. */
  | { type: 'saved'; plan: RunPlan }
  /** Someone else's newer copy replaces this plan (a conflict's "Load theirs"): nothing unsaved, nothing to undo. */
  | { type: 'load'; plan: RunPlan };

export interface PlanState {
  plan: RunPlan;
  /** The plan as last saved (or opened), as JSON: the plan differs from it when there are unsaved changes. */
  saved: string;
  /** The plans before the last changes, oldest first, at most UNDO_LIMIT. */
  past: RunPlan[];
  /** Which field the last change typed into: more typing there is the same undo step. */
  typing: string | null;
}

/** The plan a run opens with: stops with distinct ids, a grid with one label per cell. */
function cleanPlan(initial: RunPlan): RunPlan {
  return { stops: withUniqueIds(initial.stops), vehicleInfo: normalizeGrid(initial.vehicleInfo) };
}

/**
 * The state a run opens with. `restored` is a plan kept on this device that was not saved
 * (plan-draft.ts): it is shown, and counts as unsaved against the plan opened.
 */
export function openPlan({ initial, restored = null }: { initial: RunPlan; restored?: RunPlan | null }): PlanState {
  const plan = cleanPlan(initial);
  const saved = JSON.stringify(plan);
  return { plan: restored ? cleanPlan(restored) : plan, saved, past: [], typing: null };
}

export function hasUnsavedChanges(state: PlanState): boolean {
  return JSON.stringify(state.plan) !== state.saved;
}

export const canUndo = (state: PlanState): boolean => state.past.length > 0;

const withStops = (plan: RunPlan, stops: RunStop[]): RunPlan => ({ ...plan, stops });
const withVehicle = (plan: RunPlan, vehicleInfo: VehicleInfo): RunPlan => ({ ...plan, vehicleInfo });
const withGrid = (plan: RunPlan, grid: string[]): RunPlan => withVehicle(plan, { ...plan.vehicleInfo, grid });

/** The plan after a change a planner makes; the same object when it changes nothing. */
function nextPlan(state: PlanState, change: PlanChange): RunPlan {
  const { plan } = state;
  const { stops, vehicleInfo } = plan;
  switch (change.type) {
    case 'edit-stop':
      return withStops(
        plan,
        stops.map((stop) => (stop.id === change.id ? { ...stop, [change.field]: change.value } : stop)),
      );
    case 'remove-stop':
      return withStops(
        plan,
        stops.filter((stop) => stop.id !== change.id),
      );
    case 'add-stop':
      return withStops(plan, [...stops, change.stop]);
    case 'reorder-stops':
      return withStops(plan, change.stops);
    case 'edit-detail':
      return withVehicle(plan, { ...vehicleInfo, [change.detail]: change.value });
    case 'choose-vehicle-type':
      return withVehicle(plan, switchVehicleType(vehicleInfo, change.vehicleType));
    case 'choose-vehicle-size':
      return vehicleInfo.trolleyNumber === change.size ? plan : withVehicle(plan, chooseVehicleSize(vehicleInfo, change.size));
    case 'choose-fleet-vehicle': {
      const { vehicleType, trolleyNumber, reg, driver } = change.vehicle;
      // The same steps as the type and size buttons, so the cells keep what those would keep.
      const sized = chooseVehicleSize(switchVehicleType(vehicleInfo, vehicleType), trolleyNumber);
      return withVehicle(plan, { ...sized, reg, driver });
    }
    case 'fill-cell':
      return vehicleInfo.grid[change.index] === change.label ? plan : withVehicle(plan, writeCell(vehicleInfo, change.index, change.label));
    case 'clear-cells':
      return withVehicle(plan, clearCells(vehicleInfo));
    case 'fill-load':
      return withGrid(plan, fillInReverseDropOrder(stops, vehicleInfo).grid);
    case 'blank-spare':
      return withGrid(plan, blankSpareCells(vehicleInfo.grid));
    case 'discard':
      return JSON.parse(state.saved) as RunPlan;
    case 'open-kept':
      return cleanPlan(change.plan);
    default:
      return plan;
  }
}

/** Typing into one field is one undo step, not one per key. */
function typingInto(change: PlanChange): string | null {
  if (change.type === 'edit-stop') return `stop:${change.id}:${change.field}`;
  if (change.type === 'edit-detail') return `detail:${change.detail}`;
  return null;
}

const samePlan = (a: RunPlan, b: RunPlan) => a === b || JSON.stringify(a) === JSON.stringify(b);

export function changePlan(state: PlanState, change: PlanChange): PlanState {
  switch (change.type) {
    case 'saved':
      return { ...state, saved: JSON.stringify(change.plan) };
    case 'load': {
      const plan = cleanPlan(change.plan);
      return { plan, saved: JSON.stringify(plan), past: [], typing: null };
    }
    case 'undo': {
      const previous = state.past.at(-1);
      return previous ? { ...state, plan: previous, past: state.past.slice(0, -1), typing: null } : state;
    }
    default: {
      const plan = nextPlan(state, change);
      if (samePlan(plan, state.plan)) return state;
      const typing = typingInto(change);
      const sameStep = typing !== null && typing === state.typing;
      const past = sameStep ? state.past : [...state.past, state.plan].slice(-UNDO_LIMIT);
      return { ...state, plan, past, typing };
    }
  }
}
