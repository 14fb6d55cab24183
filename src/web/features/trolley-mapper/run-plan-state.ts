// The trolley mapper's plan while someone works on it, as a reducer: every change a planner can
// make, and what the last saved copy was, so the screen knows when there are unsaved changes.
import type { RunStop, VehicleInfo, VehicleType } from '#domain/records';
import { chooseVehicleSize, clearCells, normalizeGrid, switchVehicleType, writeCell, type RunPlan } from '#domain/trolleys/run-plan';
import type { StopField } from './stop-list';
import { withUniqueIds } from './stop-ids';

/** The run details typed in above the stops. */
export type RunDetail = 'driver' | 'reg' | 'code' | 'date';

export type PlanChange =
  | { type: 'edit-stop'; id: string; field: StopField; value: string }
  | { type: 'remove-stop'; id: string }
  | { type: 'add-stop'; stop: RunStop }
  | { type: 'reorder-stops'; stops: RunStop[] }
  | { type: 'edit-detail'; detail: RunDetail; value: string }
  | { type: 'choose-vehicle-type'; vehicleType: VehicleType }
  | { type: 'choose-vehicle-size'; size: number }
  | { type: 'fill-cell'; index: number; label: string }
  | { type: 'clear-cells' }
  /** The server has this plan now. */
  | { type: 'saved'; plan: RunPlan };

export interface PlanState {
  plan: RunPlan;
  /** The plan as last saved (or opened), as JSON: the plan differs from it when there are unsaved changes. */
  saved: string;
}

/** The plan a run opens with: stops with distinct ids, a grid with one label per cell. */
export function openPlan(initial: RunPlan): PlanState {
  const plan = { stops: withUniqueIds(initial.stops), vehicleInfo: normalizeGrid(initial.vehicleInfo) };
  return { plan, saved: JSON.stringify(plan) };
}

export function hasUnsavedChanges(state: PlanState): boolean {
  return JSON.stringify(state.plan) !== state.saved;
}

const withStops = (state: PlanState, stops: RunStop[]): PlanState => ({ ...state, plan: { ...state.plan, stops } });
const withVehicle = (state: PlanState, vehicleInfo: VehicleInfo): PlanState => ({ ...state, plan: { ...state.plan, vehicleInfo } });

export function changePlan(state: PlanState, change: PlanChange): PlanState {
  const { stops, vehicleInfo } = state.plan;
  switch (change.type) {
    case 'edit-stop':
      return withStops(
        state,
        stops.map((stop) => (stop.id === change.id ? { ...stop, [change.field]: change.value } : stop)),
      );
    case 'remove-stop':
      return withStops(
        state,
        stops.filter((stop) => stop.id !== change.id),
      );
    case 'add-stop':
      return withStops(state, [...stops, change.stop]);
    case 'reorder-stops':
      return withStops(state, change.stops);
    case 'edit-detail':
      return withVehicle(state, { ...vehicleInfo, [change.detail]: change.value });
    case 'choose-vehicle-type':
      return withVehicle(state, switchVehicleType(vehicleInfo, change.vehicleType));
    case 'choose-vehicle-size':
      return withVehicle(state, chooseVehicleSize(vehicleInfo, change.size));
    case 'fill-cell':
      return withVehicle(state, writeCell(vehicleInfo, change.index, change.label));
    case 'clear-cells':
      return withVehicle(state, clearCells(vehicleInfo));
    case 'saved':
      return { ...state, saved: JSON.stringify(change.plan) };
  }
}
