// A run's steps and drops as TanStack Query options and calls (docs/decisions/042): the Runs
// screen's progress of a dispatched run, each drop's outcome, and recording one for a driver who
// phones in. Kept live by ./runs-live (realtime on run_drops and trolley_exports).
import { queryOptions } from '@tanstack/react-query';
import type { BookingResult } from '#domain/ledger/booking';
import { COLLECTIONS, type DropReport, type RunDropRecord, type TrolleyExportRecord } from '#domain/records';
import type { RunState } from '#domain/runs/run-states';
import { RUNS_API } from '#domain/runs/runs-api';
import { pb } from '../pb';
import { runKeys } from '../query-keys';

export const dropKeys = {
  all: [COLLECTIONS.runDrops] as const,
  /** One run's drops. */
  ofRun: (run: string) => [...dropKeys.all, 'run', run] as const,
  /** One run's stops (its `data`), for the progress and the drops list. */
  stops: (run: string) => [...runKeys.all, 'stops', run] as const,
};

export type RunStops = Pick<TrolleyExportRecord, 'id' | 'name' | 'data' | 'vehicleInfo'>;

/** A run's stops and vehicle, read when its drops are shown. */
export function runStopsQuery(run: string) {
  return queryOptions({
    queryKey: dropKeys.stops(run),
    queryFn: () => pb.collection(COLLECTIONS.trolleyExports).getOne<RunStops>(run, { fields: 'id,name,data,vehicleInfo' }),
    staleTime: 30_000,
  });
}

/** A run's drops, in the order they were recorded. */
export function runDropsQuery(run: string) {
  return queryOptions({
    queryKey: dropKeys.ofRun(run),
    queryFn: () =>
      pb.collection(COLLECTIONS.runDrops).getFullList<RunDropRecord>({ filter: pb.filter('run = {:run}', { run }), sort: 'recordedAt' }),
    staleTime: 30_000,
  });
}

/** What a move answers: the run now, and what dispatch booked out. */
export interface MoveAnswer {
  run: TrolleyExportRecord;
  booking: BookingResult | null;
}

export const moveRun = (run: string, state: Exclude<RunState, 'new'>): Promise<MoveAnswer> =>
  pb.send<MoveAnswer>(RUNS_API.state(run), { method: 'POST', body: { state } });

export type DropInput = DropReport & { clientId: string };

export const recordDrop = (run: string, drop: DropInput): Promise<RunDropRecord> =>
  pb.send<RunDropRecord>(RUNS_API.drops(run), { method: 'POST', body: drop });
