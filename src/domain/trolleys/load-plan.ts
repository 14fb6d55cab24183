// Which trolleys of a run are on the vehicle, and loading the rest in reverse drop order
// (docs/product.md#loading-order). Plain data in, plain data out: the mapper and its tests call
// these, and any check of a run's load must call the same functions.
import type { RunStop, VehicleInfo } from './run-fields';
import type { VehicleType } from '../vocabulary/vehicle-kind';
import { customerLabel } from './customer-label';
import { BLANK_TROLLEY_LABEL } from './run-plan';
import { vehicleLayout } from './vehicle-layouts';

/**
 * The cells a stop needs: its trollies when they are a plain number (the rule of Total
 * Trollies, docs/product.md#trolley-counts), a part trolley taking a whole cell ("1.5" needs 2);
 * anything else needs none.
 */
export function trolleysNeeded(stop: Pick<RunStop, 'trollies'>): number {
  const text = stop.trollies.trim();
  const count = text === '' ? 0 : Number(text);
  return Number.isFinite(count) && count > 0 ? Math.ceil(count) : 0;
}

export interface StopPlacement {
  /** Cells the stop needs (trolleysNeeded). */
  needed: number;
  /** Cells holding the stop's label. */
  placed: number;
}

/**
 * How many of each stop's trolleys are in the grid: the cells holding its label. Stops with the
 * same label (the same customer twice, without order numbers) share its cells in drop order: each
 * earlier stop counts up to what it needs, the last one counts the rest.
 */
export function stopPlacements(stops: readonly RunStop[], grid: readonly string[]): StopPlacement[] {
  const cellsLeft = new Map<string, number>();
  for (const cell of grid) if (cell !== '') cellsLeft.set(cell, (cellsLeft.get(cell) ?? 0) + 1);
  const labels = stops.map(customerLabel);
  return stops.map((stop, index) => {
    const needed = trolleysNeeded(stop);
    const label = labels[index]!;
    const left = label === '' ? 0 : (cellsLeft.get(label) ?? 0);
    const isLastWithLabel = labels.indexOf(label, index + 1) === -1;
    const placed = isLastWithLabel ? left : Math.min(left, needed);
    cellsLeft.set(label, left - placed);
    return { needed, placed };
  });
}

/**
 * The cells in the order a crew loads them: the row at the front of the vehicle first (the
 * deepest, furthest from the doors at the back), left to right, ending with the row by the
 * doors. Cells are numbered from the front (vehicle-layouts.ts), so on a lorry this is Trolley 1,
 * 2, 3, …; on a trailer the head block, the neck block, then its 3×3 grid row by row.
 */
export function loadingOrder(vehicleType: VehicleType, trolleyNumber: number): number[] {
  return vehicleLayout(vehicleType, trolleyNumber)
    .cells.slice()
    .sort((a, b) => a.drawRow - b.drawRow || a.drawColumn - b.drawColumn)
    .map((cell) => cell.index);
}

/** Trolleys of one stop that Fill could not place. */
export interface LeftOff {
  /** 0-based position of the stop in the run. */
  stopIndex: number;
  label: string;
  count: number;
}

export interface FillResult {
  grid: string[];
  /** Trolleys Fill placed. */
  placed: number;
  /** Stops with trolleys still not on the vehicle, in drop order: no room, or no name to write. */
  leftOff: LeftOff[];
}

/**
 * Fill: places every stop's trolleys that are not on the vehicle yet, in reverse drop order. The
 * last drop is loaded first, into the empty cells deepest in the vehicle; the first drop goes in
 * last, nearest the doors, so each drop comes off the back without moving another customer's
 * trolleys. Cells already filled (a customer or Blank) stay as they are. When the empty cells run
 * out, the earliest drops are the ones left off.
 */
export function fillInReverseDropOrder(stops: readonly RunStop[], info: VehicleInfo): FillResult {
  const grid = [...info.grid];
  const emptyCells = loadingOrder(info.vehicleType, info.trolleyNumber).filter((index) => index < grid.length && grid[index] === '');
  const placements = stopPlacements(stops, grid);
  const left: (LeftOff | null)[] = stops.map(() => null);
  let placed = 0;
  for (let stopIndex = stops.length - 1; stopIndex >= 0; stopIndex -= 1) {
    const { needed, placed: already } = placements[stopIndex]!;
    const missing = Math.max(0, needed - already);
    if (missing === 0) continue;
    const label = customerLabel(stops[stopIndex]!);
    const cells = label === '' ? [] : emptyCells.splice(0, missing);
    for (const cell of cells) grid[cell] = label;
    placed += cells.length;
    if (cells.length < missing) left[stopIndex] = { stopIndex, label, count: missing - cells.length };
  }
  return { grid, placed, leftOff: left.filter((entry): entry is LeftOff => entry !== null) };
}

/** "Blank the rest": every empty cell becomes a blank trolley. */
export function blankSpareCells(grid: readonly string[]): string[] {
  return grid.map((cell) => (cell === '' ? BLANK_TROLLEY_LABEL : cell));
}

export interface LoadCapacity {
  /** Cells the stops need together. */
  needed: number;
  /** Cells the chosen vehicle has (0 before a size is chosen). */
  cells: number;
  /** Trolleys that cannot fit: needed beyond the cells, 0 when they fit. */
  over: number;
}

/** Whether the run's trolleys fit the chosen vehicle. */
export function loadCapacity(stops: readonly RunStop[], info: Pick<VehicleInfo, 'grid'>): LoadCapacity {
  const needed = stops.reduce((sum, stop) => sum + trolleysNeeded(stop), 0);
  const cells = info.grid.length;
  return { needed, cells, over: Math.max(0, needed - cells) };
}
