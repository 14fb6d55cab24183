import type { VehicleRecord } from '#domain/collections/vehicles';
import type { VehicleInfo } from '#domain/records';
import { vehicleKindAndSize } from '#domain/trolleys/vehicle-layouts';
import { SelectField } from '../../components/ui/fields';
import type { FleetVehicle } from './run-plan-state';

/** The fleet vehicle a run's details describe: same kind, size and registration. */
const matches = (vehicle: VehicleRecord, info: VehicleInfo) =>
  vehicle.vehicleType === info.vehicleType && vehicle.trolleyNumber === info.trolleyNumber && vehicle.reg.trim() === info.reg.trim();

/**
 * The nursery's vehicles (docs/decisions/076): choosing one sets the run's kind, size,
 * registration and driver; the Lorry/Trailer and size buttons stay for a vehicle not in the
 * fleet. Only active vehicles are offered, and the one the run already has. Nothing shows while
 * the nursery has no vehicles.
 */
export function FleetChoice({
  vehicles,
  vehicleInfo,
  onChoose,
}: {
  vehicles: readonly VehicleRecord[];
  vehicleInfo: VehicleInfo;
  onChoose: (vehicle: FleetVehicle) => void;
}) {
  const current = vehicles.find((vehicle) => matches(vehicle, vehicleInfo));
  const offered = vehicles.filter((vehicle) => vehicle.active || vehicle === current);
  if (offered.length === 0) return null;
  const options = [
    { value: '', label: current ? 'Another vehicle' : 'Choose from the fleet' },
    ...offered.map((vehicle) => ({
      value: vehicle.id,
      label: [vehicle.name, vehicleKindAndSize(vehicle.vehicleType, vehicle.trolleyNumber), vehicle.reg].filter(Boolean).join(' · '),
    })),
  ];
  return (
    <SelectField
      label="Fleet vehicle"
      name="fleetVehicle"
      className="mb-3 max-w-md"
      options={options}
      value={current?.id ?? ''}
      onChange={(e) => {
        const chosen = vehicles.find((vehicle) => vehicle.id === e.target.value);
        if (chosen)
          onChoose({ vehicleType: chosen.vehicleType, trolleyNumber: chosen.trolleyNumber, reg: chosen.reg, driver: chosen.driver });
      }}
    />
  );
}
