// The nursery's fleet and delivery rounds as the web app reads and writes them
// (docs/decisions/076): the Fleet screen's lists, a round's learned order, the round a customer's
// runs suggest, and the mapper's vehicle choice. Kept live through the app's one realtime
// connection while a screen that shows them is open. Only lazily loaded screens import it.
import { queryOptions } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { RoundRecord } from '#domain/collections/rounds';
import type { VehicleRecord } from '#domain/collections/vehicles';
import { PLAN_API, type RoundOrderAnswer, type RoundSuggestionAnswer } from '#domain/plan/plan-api';
import { COLLECTIONS } from '#domain/records';
import { pb } from '../pb';
import { queryClient } from '../query-client';
import { roundKeys, vehicleKeys } from '../query-keys';
import { addLiveFeed } from '../realtime';

const vehicles = () => pb.collection(COLLECTIONS.vehicles);
const rounds = () => pb.collection(COLLECTIONS.rounds);

/** The editable fields of a vehicle (what the form fills in). */
export type VehicleFields = Pick<VehicleRecord, 'name' | 'reg' | 'vehicleType' | 'trolleyNumber' | 'driver' | 'active'>;

export { vehicleListQuery } from './vehicle-list';

/** The nursery's rounds, by name. */
export function roundListQuery() {
  return queryOptions({
    queryKey: roundKeys.list(),
    queryFn: () => rounds().getFullList<RoundRecord>({ sort: 'name' }),
  });
}

/** A round's customers in the order learned from the nursery's runs, pins first (PLAN_API.roundOrder). */
export function roundOrderQuery(roundId: string) {
  return queryOptions({
    queryKey: roundKeys.order(roundId),
    queryFn: () => pb.send<RoundOrderAnswer>(PLAN_API.roundOrder(roundId), {}),
    enabled: roundId !== '',
  });
}

/** The round a customer's runs suggest ('' when they suggest none); asked only when it has no round. */
export function roundSuggestionQuery(customerId: string, enabled: boolean) {
  return queryOptions({
    queryKey: roundKeys.suggestion(customerId),
    queryFn: () => pb.send<RoundSuggestionAnswer>(PLAN_API.roundSuggestion(customerId), {}),
    enabled: enabled && customerId !== '',
  });
}

async function andRefetch<T>(request: Promise<T>, key: readonly unknown[]): Promise<T> {
  const answer = await request;
  await queryClient.invalidateQueries({ queryKey: key });
  return answer;
}

export function createVehicle(fields: VehicleFields): Promise<VehicleRecord> {
  return andRefetch(vehicles().create<VehicleRecord>(fields), vehicleKeys.all);
}

export function updateVehicle(id: string, fields: Partial<VehicleFields>): Promise<VehicleRecord> {
  return andRefetch(vehicles().update<VehicleRecord>(id, fields), vehicleKeys.all);
}

/** To Deleted (docs/decisions/034): no deletion password for the fleet. */
export function deleteVehicle(id: string): Promise<boolean> {
  return andRefetch(vehicles().delete(id), vehicleKeys.all);
}

export function createRound(name: string): Promise<RoundRecord> {
  return andRefetch(rounds().create<RoundRecord>({ name }), roundKeys.all);
}

export function renameRound(id: string, name: string): Promise<RoundRecord> {
  return andRefetch(rounds().update<RoundRecord>(id, { name }), roundKeys.all);
}

export function deleteRound(id: string): Promise<boolean> {
  return andRefetch(rounds().delete(id), roundKeys.all);
}

/**
 * A customer's place in its round (1 = first drop), or 0 to let the runs decide: written to the
 * customer's `roundPlace`, through the customers collection like any change to a customer.
 */
export async function pinCustomer(customerId: string, place: number): Promise<void> {
  await pb.collection(COLLECTIONS.customers).update(customerId, { roundPlace: place });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: roundKeys.all }),
    queryClient.invalidateQueries({ queryKey: [COLLECTIONS.customers] }),
  ]);
}

/**
 * Keeps the fleet and the rounds live while a screen showing them is open: a teammate's new
 * vehicle or a renamed round shows at once. A customer's change (its round or pin) may move any
 * round's order, so it refreshes the orders shown.
 */
export function useFleetLive(): void {
  useEffect(() => {
    const refresh = (key: readonly unknown[]) => () => void queryClient.invalidateQueries({ queryKey: key });
    const stops = [
      addLiveFeed({ collection: COLLECTIONS.vehicles, onEvent: refresh(vehicleKeys.all), catchUp: refresh(vehicleKeys.all) }),
      addLiveFeed({ collection: COLLECTIONS.rounds, onEvent: refresh(roundKeys.all), catchUp: refresh(roundKeys.all) }),
      addLiveFeed({
        collection: COLLECTIONS.customers,
        onEvent: refresh([...roundKeys.all, 'order']),
        catchUp: refresh([...roundKeys.all, 'order']),
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }, []);
}
