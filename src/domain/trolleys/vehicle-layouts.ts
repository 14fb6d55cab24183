// How a vehicle of each kind and size is drawn, read from its row of the vehicle-kind table
// (vocabulary/vehicle-kind.ts), so no function here names a kind (docs/decisions/059).
import { labelOf } from '../vocabulary/label-of';
import { VEHICLE_BLOCK_TABLE, VEHICLE_KIND_TABLE, VEHICLE_TYPES, type VehicleBlock, type VehicleType } from '../vocabulary/vehicle-kind';

/**
 * The kind's name as the mapper, its dialogs and the run sheet show it ("Lorry", "Trailer"). A
 * missing or unknown type reads as the first kind, the lorry, as a stored run's vehicle is read.
 */
export function vehicleKindLabel(vehicleType: string | undefined): string {
  return labelOf(VEHICLE_KIND_TABLE, vehicleType ?? '') ?? VEHICLE_KIND_TABLE[VEHICLE_TYPES[0]].label;
}

/** How many grid cells a vehicle of this type and size has; 0 for a size that type does not come in. */
export function cellCount(vehicleType: VehicleType, trolleyNumber: number): number {
  const sizes: readonly { trolleyNumber: number; cells: number }[] = VEHICLE_KIND_TABLE[vehicleType].sizes;
  return sizes.find((size) => size.trolleyNumber === trolleyNumber)?.cells ?? 0;
}

/** The size buttons of a vehicle type, in trolleys ("4T" ... "24T"; "3T", "6T", "7T"). */
export function vehicleSizes(vehicleType: VehicleType): number[] {
  return VEHICLE_KIND_TABLE[vehicleType].sizes.map((size) => size.trolleyNumber);
}

/** Which part of the vehicle a cell belongs to: a lorry is all grid; a trailer has a head block,
 * a neck block and a 3x3 grid. */
export type CellBlock = 'grid' | VehicleBlock;

/** What follows a cell's trolley name: " (head)", " (neck)", nothing for a grid cell. */
export function blockCaption(block: CellBlock): string {
  return block === 'grid' ? '' : ` (${VEHICLE_BLOCK_TABLE[block].label})`;
}

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
  const kind = VEHICLE_KIND_TABLE[vehicleType];
  const blocks: readonly VehicleBlock[] = kind.blocks;
  const { columns } = kind;
  const cells = Array.from({ length: count }, (_, index): CellPlacement => {
    const block = blocks[index];
    if (block !== undefined) return { index, block, row: 0, column: 0, drawRow: index, drawColumn: 0, columnSpan: columns };
    const row = Math.floor((index - blocks.length) / columns);
    const column = (index - blocks.length) % columns;
    return { index, block: 'grid', row, column, drawRow: row + blocks.length, drawColumn: column, columnSpan: 1 };
  });
  const gridRows = Math.max(0, Math.ceil((count - blocks.length) / columns));
  return { columns, rows: count === 0 ? 0 : blocks.length + gridRows, cells };
}

/** A vehicle's kind and size as staff say it: "Lorry 16T", "Trailer 7T" (the Fleet screen, the mapper's fleet choice). */
export function vehicleKindAndSize(vehicleType: string | undefined, trolleyNumber: number): string {
  return `${vehicleKindLabel(vehicleType)} ${trolleyNumber}T`;
}
