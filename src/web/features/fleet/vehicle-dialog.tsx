import { useEffect, useState } from 'react';
import type { VehicleRecord } from '#domain/collections/vehicles';
import { vehicleKindLabel, vehicleSizes } from '#domain/trolleys/vehicle-layouts';
import { VEHICLE_TYPES, type VehicleType } from '#domain/vocabulary/vehicle-kind';
import { Checkbox, SelectField, TextField } from '../../components/ui/fields';
import { FormDialog } from '../../components/ui/form-dialog';
import { describeError } from '../../lib/describe-error';
import { createVehicle, updateVehicle, type VehicleFields } from '../../lib/fleet/fleet-queries';

const NEW_VEHICLE: VehicleFields = { name: '', reg: '', vehicleType: 'lorry', trolleyNumber: 0, driver: '', active: true };

const KINDS = VEHICLE_TYPES.map((type) => ({ value: type, label: vehicleKindLabel(type) }));

type FieldErrors = Partial<Record<keyof VehicleFields, string>>;

/** Field messages from the server's 400 answer ("A trailer comes in 3T, 6T or 7T." under Size). */
function fieldErrorsOf(err: unknown): FieldErrors {
  const data = (err as { response?: { data?: Record<string, { message?: unknown }> } } | null)?.response?.data ?? {};
  const errors: FieldErrors = {};
  for (const [name, detail] of Object.entries(data))
    if (typeof detail?.message === 'string') errors[name as keyof VehicleFields] = detail.message;
  return errors;
}

const fieldsOf = (vehicle: VehicleRecord): VehicleFields => ({
  name: vehicle.name,
  reg: vehicle.reg,
  vehicleType: vehicle.vehicleType,
  trolleyNumber: vehicle.trolleyNumber,
  driver: vehicle.driver,
  active: vehicle.active,
});

/** Add a vehicle (`vehicle` is 'new') or change one: the sizes offered are the ones its kind comes in. */
export function VehicleDialog({ vehicle, onClose }: { vehicle: VehicleRecord | 'new' | null; onClose: () => void }) {
  const [fields, setFields] = useState<VehicleFields>(NEW_VEHICLE);
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    setFields(vehicle && vehicle !== 'new' ? fieldsOf(vehicle) : NEW_VEHICLE);
    setErrors({});
  }, [vehicle]);
  const set = (changes: Partial<VehicleFields>) => setFields((current) => ({ ...current, ...changes }));
  const isNew = vehicle === 'new';
  const sizes = vehicleSizes(fields.vehicleType);
  const sizeOptions = [
    ...(sizes.includes(fields.trolleyNumber) ? [] : [{ value: 0, label: 'Choose a size' }]),
    ...sizes.map((size) => ({ value: size, label: `${size}T` })),
  ];

  return (
    <FormDialog
      describeError={describeError}
      open={vehicle !== null}
      title={isNew ? 'Add vehicle' : 'Edit vehicle'}
      actionLabel={isNew ? 'Add vehicle' : 'Save'}
      busyLabel="Saving..."
      wide
      onClose={onClose}
      onSubmit={async () => {
        try {
          const saved = vehicle && vehicle !== 'new' ? await updateVehicle(vehicle.id, fields) : await createVehicle(fields);
          return isNew ? `${saved.name} added.` : `${saved.name} saved.`;
        } catch (err) {
          setErrors(fieldErrorsOf(err));
          throw err;
        }
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Name"
          name="name"
          required
          maxLength={100}
          value={fields.name}
          error={errors.name}
          onChange={(e) => set({ name: e.target.value })}
          className="sm:col-span-2"
        />
        <SelectField
          label="Kind"
          name="vehicleType"
          options={KINDS}
          value={fields.vehicleType}
          error={errors.vehicleType}
          // A size the new kind does not come in is cleared, so the form never offers one the server refuses.
          onChange={(e) => {
            const vehicleType = e.target.value as VehicleType;
            set({ vehicleType, trolleyNumber: vehicleSizes(vehicleType).includes(fields.trolleyNumber) ? fields.trolleyNumber : 0 });
          }}
        />
        <SelectField
          label="Size"
          name="trolleyNumber"
          options={sizeOptions}
          value={fields.trolleyNumber}
          error={errors.trolleyNumber}
          onChange={(e) => set({ trolleyNumber: Number(e.target.value) })}
        />
        <TextField
          label="Registration"
          name="reg"
          maxLength={100}
          autoComplete="off"
          value={fields.reg}
          error={errors.reg}
          onChange={(e) => set({ reg: e.target.value })}
        />
        <TextField
          label="Usual driver"
          name="driver"
          maxLength={200}
          value={fields.driver}
          error={errors.driver}
          onChange={(e) => set({ driver: e.target.value })}
        />
        <Checkbox
          label="Active (Plan deliveries loads it)"
          checked={fields.active}
          onChange={(active) => set({ active })}
          className="sm:col-span-2"
        />
      </div>
    </FormDialog>
  );
}
