import type { VehicleType } from '../vocabulary/vehicle-kind';

/** Lorry sizes in trolleys; each size is that many cells of a 4-column by 6-row grid. */
export const LORRY_SIZES = [4, 8, 12, 16, 20, 24] as const;
export const LORRY_GRID = { columns: 4, rows: 6 } as const;

/** Trailer sizes and their cells: the first two cells are the head and neck blocks, the rest
 * fill a 3x3 grid. */
export const TRAILER_SIZES = [
  { trolleyNumber: 3, cells: 5 },
  { trolleyNumber: 6, cells: 8 },
  { trolleyNumber: 7, cells: 9 },
] as const;

/** The trailer's 3x3 grid behind its head and neck blocks. */
export const TRAILER_GRID = { columns: 3, rows: 3 } as const;

/** How many grid cells a vehicle of this type and size has; 0 for a size that type does not come in. */
export function cellCount(vehicleType: VehicleType, trolleyNumber: number): number {
  if (vehicleType === 'lorry') return (LORRY_SIZES as readonly number[]).includes(trolleyNumber) ? trolleyNumber : 0;
  return TRAILER_SIZES.find((size) => size.trolleyNumber === trolleyNumber)?.cells ?? 0;
}

/** The size buttons of a vehicle type, in trolleys ("4T" ... "24T"; "3T", "6T", "7T"). */
export function vehicleSizes(vehicleType: VehicleType): number[] {
  return vehicleType === 'lorry' ? [...LORRY_SIZES] : TRAILER_SIZES.map((size) => size.trolleyNumber);
}

/** Which part of the vehicle a cell belongs to: a lorry is all grid; a trailer has a head block,
 * a neck block and a 3x3 grid. */
export type CellBlock = 'grid' | 'head' | 'neck';

export interface CellPlacement {
  /** 0-based position in `vehicleInfo.grid`; staff read it as "Trolley {index + 1}". */
  index: number;
  block: CellBlock;
  /** Row and column inside its block (0-based). */
  row: number;
  column: number;
  /** Where the cell sits on the whole drawing (0-based), and how many drawing columns it spans. */
  drawRow: number;
  drawColumn: number;
  columnSpan: number;
}

export interface VehicleLayout {
  /** Size of the whole drawing, in cells. */
  columns: number;
  rows: number;
  cells: CellPlacement[];
}

/**
 * Geometry of a vehicle for drawing it, on screen and in the run sheet PDF alike. A lorry fills
 * its 4 columns row by row from the front (only as many rows as its cells need, at most 6); a
 * trailer draws its head block and neck block across the full width above its 3x3 grid. A size
 * the type does not come in has no cells.
 */
export function vehicleLayout(vehicleType: VehicleType, trolleyNumber: number): VehicleLayout {
  const count = cellCount(vehicleType, trolleyNumber);
  if (vehicleType === 'lorry') {
    const { columns } = LORRY_GRID;
    const cells = Array.from({ length: count }, (_, index): CellPlacement => {
      const row = Math.floor(index / columns);
      const column = index % columns;
      return { index, block: 'grid', row, column, drawRow: row, drawColumn: column, columnSpan: 1 };
    });
    return { columns, rows: Math.ceil(count / columns), cells };
  }
  const { columns } = TRAILER_GRID;
  const cells = Array.from({ length: count }, (_, index): CellPlacement => {
    if (index < 2) {
      return { index, block: index === 0 ? 'head' : 'neck', row: 0, column: 0, drawRow: index, drawColumn: 0, columnSpan: columns };
    }
    const row = Math.floor((index - 2) / columns);
    const column = (index - 2) % columns;
    return { index, block: 'grid', row, column, drawRow: row + 2, drawColumn: column, columnSpan: 1 };
  });
  const gridRows = Math.max(0, Math.ceil((count - 2) / columns));
  return { columns, rows: count === 0 ? 0 : 2 + gridRows, cells };
}
