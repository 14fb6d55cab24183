// The vehicles a run is loaded on (docs/product.md#trolley-mapper): each kind's name, the sizes it
// comes in and how its cells are laid out. trolleys/vehicle-layouts.ts draws any kind from its row,
// so a new kind is one row here; a kind without its row does not compile (docs/decisions/059).
// Rows are plain literals, no calls: the inline boot scripts bundle this file through records.ts,
// and only a literal is dropped from them when unused.

export const VEHICLE_TYPES = ['lorry', 'trailer'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];

/** A block drawn across the full width in front of a vehicle's grid, one cell each. */
export type VehicleBlock = 'head' | 'neck';

/** A block's word, after its trolley's name on screen and on the run sheet ("Trolley 1 (head)"). */
export const VEHICLE_BLOCK_TABLE = {
  head: { label: 'head' },
  neck: { label: 'neck' },
} as const satisfies Readonly<Record<VehicleBlock, { label: string }>>;

export interface VehicleSize {
  /** The size as staff name it ("12T"), in trolleys. */
  trolleyNumber: number;
  /** How many cells the size has, its blocks included. */
  cells: number;
}

export interface VehicleKindEntry {
  /** The kind's name as the mapper, its dialogs and the run sheet show it. */
  label: string;
  /** The size buttons, in the order shown. */
  sizes: readonly VehicleSize[];
  /** The first cells, each a block across the whole width, in front of the grid. */
  blocks: readonly VehicleBlock[];
  /** The columns of the grid the remaining cells fill row by row from the front (its rows are as
   * many as the cells need). */
  columns: number;
}

export const VEHICLE_KIND_TABLE = {
  /** Sizes in trolleys; each size is that many cells of a 4-column grid (at most 6 rows). */
  lorry: {
    label: 'Lorry',
    sizes: [
      { trolleyNumber: 4, cells: 4 },
      { trolleyNumber: 8, cells: 8 },
      { trolleyNumber: 12, cells: 12 },
      { trolleyNumber: 16, cells: 16 },
      { trolleyNumber: 20, cells: 20 },
      { trolleyNumber: 24, cells: 24 },
    ],
    blocks: [],
    columns: 4,
  },
  /** The first two cells are the head and neck blocks, the rest fill a 3x3 grid. */
  trailer: {
    label: 'Trailer',
    sizes: [
      { trolleyNumber: 3, cells: 5 },
      { trolleyNumber: 6, cells: 8 },
      { trolleyNumber: 7, cells: 9 },
    ],
    blocks: ['head', 'neck'],
    columns: 3,
  },
} as const satisfies Readonly<Record<VehicleType, VehicleKindEntry>>;
