// The nursery's fleet (collection `vehicles`, docs/decisions/076): each vehicle's name,
// registration, kind and size from the mapper's layouts, usual driver and whether it is on the
// road. Plan deliveries packs the day onto the active ones; a vehicle's capacity is its layout's
// cell count (trolleys/vehicle-layouts.ts), never a number of its own.
import type { FieldError } from '../validation';
import { vehicleKindLabel, vehicleSizes } from '../trolleys/vehicle-layouts';
import { VEHICLE_TYPES, type VehicleType } from '../vocabulary/vehicle-kind';
import { bool, defineCollection, number, relation, select, text, type RecordOf, type RefineContext } from './fields';
import { createdBy, updatedBy } from './trail-fields';

/** The size must be one the kind comes in: "A trailer comes in 3T, 6T or 7T." */
function sizeOfItsKind(value: Record<string, unknown>, errors: Record<string, FieldError>, { existing }: RefineContext): void {
  if (errors.vehicleType || errors.trolleyNumber) return;
  const kind = ('vehicleType' in value ? value.vehicleType : existing?.vehicleType) as VehicleType;
  const size = 'trolleyNumber' in value ? value.trolleyNumber : existing?.trolleyNumber;
  const sizes = vehicleSizes(kind);
  if (typeof size === 'number' && sizes.includes(size)) return;
  const names = sizes.map((s) => `${s}T`);
  errors.trolleyNumber = {
    code: 'validation_invalid_value',
    message: `A ${vehicleKindLabel(kind).toLowerCase()} comes in ${names.slice(0, -1).join(', ')} or ${names.at(-1)}.`,
  };
}

/** A nursery's vehicles. Every member reads them; office staff and admins keep them (docs/decisions/076). */
export const vehicles = defineCollection({
  name: 'vehicles',
  id: 'pbc_vehicles_0001',
  noun: 'vehicle',
  fields: {
    nursery: relation('nurseries', { settable: 'always', stamp: 'create', stampWith: 'nursery', default: '' }),
    name: text({ label: 'Name', settable: 'always', required: true, max: 100, default: '' }),
    reg: text({ label: 'Registration', settable: 'always', max: 100, default: '' }),
    vehicleType: select(VEHICLE_TYPES, { label: 'Kind', settable: 'always', default: 'lorry', optionLabel: vehicleKindLabel }),
    trolleyNumber: number({ label: 'Size', settable: 'always', required: true, min: 1, max: 100 }),
    driver: text({ label: 'Usual driver', settable: 'always', max: 200, default: '' }),
    active: bool({ label: 'Active', settable: 'always', default: true }),
    created_by: createdBy,
    updated_by: updatedBy,
  },
  indexes: [{ name: 'vehicles_nursery_seq', on: ['nursery', 'seq'] }],
  refine: sizeOfItsKind,
  // History of every change, and Deleted instead of gone (docs/decisions/034).
  trail: true,
});

/** A vehicle of the nursery's fleet (collection `vehicles`, docs/decisions/076). */
export type VehicleRecord = RecordOf<typeof vehicles>;
