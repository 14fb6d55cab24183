// Plan deliveries' server data (docs/decisions/076-plan-the-day.md): the nursery's vehicles (the
// board's week capacity), one day's proposal and Create runs. Only lazily loaded parts import it.
import { queryOptions } from '@tanstack/react-query';
import { PLAN_API, type CreateRunsAnswer, type DayPlanAnswer, type RunToCreate } from '#domain/plan/plan-api';
import type { PlanVehicle } from '#domain/plan/pack-day';
import type { VehicleRecord } from '#domain/collections/vehicles';
import type { Day } from '#domain/vocabulary/day';
import { pb } from '../pb';
import { planKeys, runKeys } from '../query-keys';
import { queryClient } from '../query-client';

/** A vehicle record as the planner's domain reads it. */
export function planVehicleOf(record: VehicleRecord): PlanVehicle {
  return {
    id: record.id,
    name: record.name,
    reg: record.reg,
    driver: record.driver,
    vehicleType: record.vehicleType,
    trolleyNumber: record.trolleyNumber,
    isActive: record.active,
  };
}

/** One board day's proposal. Asked afresh each time the planner opens, and never refetched under a person's changes. */
export function dayPlanQuery(year: number, week: number, day: Day) {
  const query = new URLSearchParams({ year: String(year), week: String(week), day });
  return queryOptions({
    queryKey: planKeys.day(year, week, day),
    queryFn: () => pb.send<DayPlanAnswer>(`${PLAN_API.day}?${query.toString()}`, { method: 'GET', requestKey: null }),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });
}

/** Create runs: one request, one transaction on the server; ids chosen by the caller, so a retry creates nothing twice. */
export async function createPlannedRuns(runs: readonly RunToCreate[]): Promise<CreateRunsAnswer> {
  const answer = await pb.send<CreateRunsAnswer>(PLAN_API.createRuns, { method: 'POST', body: { runs }, requestKey: null });
  void queryClient.invalidateQueries({ queryKey: runKeys.all });
  return answer;
}

/**
 * A new run's id in PocketBase's form (15 of a–z0–9), chosen once per proposed run so that sending
 * the same proposal twice makes each run once. (The outbox's newRecordId does the same, but
 * importing it would bring the outbox's sender into the planner's chunk.)
 */
export function newRunId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(crypto.getRandomValues(new Uint8Array(15)), (byte) => alphabet[byte % alphabet.length]).join('');
}
