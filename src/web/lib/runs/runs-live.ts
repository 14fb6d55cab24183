// The Runs screen kept live (docs/decisions/042): a drop recorded on a driver's phone or by
// someone else in the office shows at once in the run's progress, and a run's step (dispatched,
// delivered by its last drop) in the list, through the app's one realtime connection.
import { useEffect } from 'react';
import { COLLECTIONS, type RunDropRecord, type TrolleyExportRecord } from '#domain/records';
import { queryClient } from '../query-client';
import { runKeys } from '../query-keys';
import { addLiveFeed, type RecordEvent } from '../realtime';
import type { RunSummary } from './run-queries';
import { dropKeys } from './drop-queries';

function onDropEvent(event: RecordEvent<RunDropRecord>): void {
  const drop = event.record;
  if (!drop) return;
  if (event.action === 'create')
    queryClient.setQueryData<RunDropRecord[]>(dropKeys.ofRun(drop.run), (drops) =>
      drops && !drops.some((known) => known.id === drop.id) ? [...drops, drop] : drops,
    );
  else void queryClient.invalidateQueries({ queryKey: dropKeys.ofRun(drop.run) });
}

function onRunEvent(event: RecordEvent<TrolleyExportRecord>): void {
  const run = event.record;
  if (!run) return;
  if (event.action === 'update')
    queryClient.setQueryData<RunSummary[]>(runKeys.list(), (runs) =>
      runs?.map((known) =>
        known.id === run.id ? { ...known, name: run.name, state: run.state, stateLog: run.stateLog, vehicleInfo: run.vehicleInfo } : known,
      ),
    );
  else void queryClient.invalidateQueries({ queryKey: runKeys.list() });
  void queryClient.invalidateQueries({ queryKey: dropKeys.stops(run.id) });
}

/** Keeps the Runs screen's runs and drops live while it is open. */
export function useRunsLive(): void {
  useEffect(() => {
    const stops = [
      addLiveFeed({
        collection: COLLECTIONS.runDrops,
        onEvent: (event) => onDropEvent(event as RecordEvent<RunDropRecord>),
        catchUp: () => void queryClient.invalidateQueries({ queryKey: dropKeys.all }),
      }),
      addLiveFeed({
        collection: COLLECTIONS.trolleyExports,
        onEvent: (event) => onRunEvent(event as RecordEvent<TrolleyExportRecord>),
        catchUp: () => void queryClient.invalidateQueries({ queryKey: runKeys.list() }),
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }, []);
}
