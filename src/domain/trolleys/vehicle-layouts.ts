import type { VehicleType } from '../records';

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

/** How many grid cells a vehicle of this type and size has; 0 for a size that type does not come in. */
export function cellCount(vehicleType: VehicleType, trolleyNumber: number): number {
  if (vehicleType === 'lorry') return (LORRY_SIZES as readonly number[]).includes(trolleyNumber) ? trolleyNumber : 0;
  return TRAILER_SIZES.find((size) => size.trolleyNumber === trolleyNumber)?.cells ?? 0;
}
