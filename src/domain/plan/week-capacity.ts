// The week's capacity (docs/decisions/076-plan-the-day.md): each day's trolleys ordered against
// what the active fleet can carry that day, so a planner sees a heavy Thursday coming.
import { trolleysNeeded } from '../trolleys/load-plan';
import type { RunStop } from '../trolleys/run-fields';
import { cellCount } from '../trolleys/vehicle-layouts';
import type { PlanVehicle } from './pack-day';

export interface DayCapacity<D extends string> {
  day: D;
  /** Cells the day's delivery orders need (a half trolley takes a whole cell, as Fill places it). */
  trolleys: number;
  /** Cells of the active fleet: each vehicle goes out once a day. */
  capacity: number;
  /** Trolleys beyond the capacity, 0 when they fit: shown in red when above 0. */
  over: number;
}

/** The fleet's cells: the active vehicles' layouts' cell counts summed. */
export function fleetCapacity(vehicles: readonly Pick<PlanVehicle, 'vehicleType' | 'trolleyNumber' | 'isActive'>[]): number {
  return vehicles.reduce((sum, vehicle) => sum + (vehicle.isActive ? cellCount(vehicle.vehicleType, vehicle.trolleyNumber) : 0), 0);
}

/**
 * Each day's trolleys against the fleet. `days` are the board's days in their order, each with its
 * delivery orders (not collect, not holding); an order without a count counts 0 here.
 */
export function weekCapacity<D extends string>(
  days: readonly { day: D; orders: readonly Pick<RunStop, 'trollies'>[] }[],
  vehicles: readonly Pick<PlanVehicle, 'vehicleType' | 'trolleyNumber' | 'isActive'>[],
): DayCapacity<D>[] {
  const capacity = fleetCapacity(vehicles);
  return days.map(({ day, orders }) => {
    const trolleys = orders.reduce((sum, order) => sum + trolleysNeeded(order), 0);
    return { day, trolleys, capacity, over: Math.max(0, trolleys - capacity) };
  });
}
