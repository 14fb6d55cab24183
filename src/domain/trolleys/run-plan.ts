import type { RunStop, VehicleInfo } from './run-fields';
import type { VehicleType } from '../vocabulary/vehicle-kind';
import { cellCount } from './vehicle-layouts';

/** The label a cell gets from the Blank Trolley button. */
export const BLANK_TROLLEY_LABEL = 'Blank';

/** A run being planned in the trolley mapper: the same shape it is saved in. */
export interface RunPlan {
  stops: RunStop[];
  vehicleInfo: VehicleInfo;
}

/** A new, empty run: no stops, a lorry with no size chosen yet, no details. */
export function emptyVehicleInfo(): VehicleInfo {
  return { driver: '', reg: '', code: '', date: '', vehicleType: 'lorry', trolleyNumber: 0, grid: [] };
}

/** A fresh grid for a vehicle: one empty label per cell. */
export function freshGrid(vehicleType: VehicleType, trolleyNumber: number): string[] {
  return Array.from({ length: cellCount(vehicleType, trolleyNumber) }, () => '');
}

/** Lorry <-> Trailer: the cells mean different places on the other vehicle, so the grid and
 * the size are cleared (docs/product.md#trolley-mapper). Choosing the type already chosen changes nothing. */
export function switchVehicleType(info: VehicleInfo, vehicleType: VehicleType): VehicleInfo {
  if (info.vehicleType === vehicleType) return info;
  return { ...info, vehicleType, trolleyNumber: 0, grid: [] };
}

/**
 * Picks a size of the current vehicle type. The cells keep their labels where the new size
 * still has them (a planner who goes from 12T to 16T keeps the first 12 trolleys); cells beyond
 * the new size are dropped.
 */
export function chooseVehicleSize(info: VehicleInfo, trolleyNumber: number): VehicleInfo {
  const grid = freshGrid(info.vehicleType, trolleyNumber).map((empty, index) => info.grid[index] ?? empty);
  return { ...info, trolleyNumber, grid };
}

/** Writes a label into one cell ('' erases, "Blank" marks a blank trolley). Out of range: no change. */
export function writeCell(info: VehicleInfo, index: number, label: string): VehicleInfo {
  if (index < 0 || index >= info.grid.length) return info;
  return { ...info, grid: info.grid.map((cell, i) => (i === index ? label : cell)) };
}

/** Clear All: every cell empty, the vehicle and size stay. */
export function clearCells(info: VehicleInfo): VehicleInfo {
  return { ...info, grid: info.grid.map(() => '') };
}

/** The grid as the mapper shows it: exactly one label per cell of the chosen vehicle, whatever
 * was saved (an older or hand-made record may have too few or too many). */
export function normalizeGrid(info: VehicleInfo): VehicleInfo {
  const grid = freshGrid(info.vehicleType, info.trolleyNumber).map((empty, index) => info.grid[index] ?? empty);
  return { ...info, grid };
}

/** A change to the vehicle that may empty cells. */
export type VehicleChange = { kind: 'clear' } | { kind: 'type'; vehicleType: VehicleType } | { kind: 'size'; trolleyNumber: number };

/**
 * How many filled cells (a customer or Blank) a change would drop: Clear All drops them all, a
 * switch to the other vehicle type too, a smaller size the ones beyond its last cell. The mapper
 * asks before any change that drops one (docs/product.md#trolley-mapper).
 */
export function filledCellsDropped(info: VehicleInfo, change: VehicleChange): number {
  return info.grid.slice(cellsKept(info, change)).filter((cell) => cell !== '').length;
}

/** How many cells, from the first, keep their labels through a change. */
function cellsKept(info: VehicleInfo, change: VehicleChange): number {
  switch (change.kind) {
    case 'clear':
      return 0;
    case 'type':
      return change.vehicleType === info.vehicleType ? info.grid.length : 0;
    case 'size':
      return cellCount(info.vehicleType, change.trolleyNumber);
  }
}
