// The saved runs (trolley_exports) as TanStack Query options: the Runs page's list and one run
// for the mapper. Both are read afresh each time their page opens and dropped when it closes
// (gcTime 0): the mapper plans on the copy it opened with, so it must never open an old one.
import { queryOptions } from '@tanstack/react-query';
import { COLLECTIONS, type TrolleyExportRecord } from '#domain/records';
import { pb } from '../pb';
import { runKeys } from '../query-keys';

/** What the Runs list shows of a run: its name, date, state and steps (docs/decisions/042). */
export type RunSummary = Pick<TrolleyExportRecord, 'id' | 'name' | 'created' | 'state' | 'stateLog' | 'vehicleInfo'>;

const runs = () => pb.collection(COLLECTIONS.trolleyExports);

/** Every saved run, newest first, with only what the list shows. */
export function runsQuery() {
  return queryOptions({
    queryKey: runKeys.list(),
    queryFn: () => runs().getFullList<RunSummary>({ sort: '-created', fields: 'id,name,created,state,stateLog,vehicleInfo' }),
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * One saved run for the mapper. The mapper keeps its own copy once open, so the run is not
 * asked for again on window focus: that would cost a request and change nothing on screen.
 */
export function runQuery(id: string) {
  return queryOptions({
    queryKey: runKeys.detail(id),
    queryFn: () => runs().getOne<TrolleyExportRecord>(id),
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}
