// The vehicles a run is loaded on (docs/product.md#trolley-mapper): each kind's name and, in
// step 2 of issue 29, its sizes and layout. A kind without its row does not compile
// (docs/decisions/059).

export const VEHICLE_TYPES = ['lorry', 'trailer'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];

export interface VehicleKindEntry {
  /** The kind's name as the mapper, its dialogs and the run sheet show it. */
  label: string;
}

export const VEHICLE_KIND_TABLE = {
  lorry: { label: 'Lorry' },
  trailer: { label: 'Trailer' },
} as const satisfies Readonly<Record<VehicleType, VehicleKindEntry>>;
