// The signed-in person's nursery (docs/decisions/035): its name and the route headings every
// member's board shows (its admins set them), and for admins whether a generated deletion
// password is still in use. One query, shared by the board and the settings page; realtime keeps
// it current on open boards.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { COLLECTIONS, type NurseryRecord, type WeekHeadings } from '#domain/records';
import { pickWeekHeadings } from '#domain/settings/week-headings';
import { pb } from '../pb';
import { queryClient } from '../query-client';
import { nurseryKeys } from '../query-keys';
import { sessionState } from '../session';
import { useCurrentUser } from '../use-current-user';
import { readCachedNurseryHeadings, writeCachedNurseryHeadings } from './settings-cache';

async function fetchNursery(id: string): Promise<NurseryRecord> {
  const nursery = await pb.collection(COLLECTIONS.nurseries).getOne<NurseryRecord>(id);
  writeCachedNurseryHeadings(id, pickWeekHeadings(nursery.headings));
  return nursery;
}

/** The nursery of the signed-in person, once they may use the app (null before). */
export function useNursery() {
  const user = useCurrentUser();
  const id = user?.nursery ?? '';
  return useQuery(
    {
      queryKey: nurseryKeys.detail(id),
      queryFn: () => fetchNursery(id),
      enabled: id !== '' && sessionState(user) === 'ready',
      staleTime: 60_000,
    },
    queryClient,
  );
}

const NO_HEADINGS: WeekHeadings = {};

/**
 * The nursery's headings: from the browser's copy first (so the board paints them at once), then
 * from the server.
 */
export function useNurseryHeadings(): WeekHeadings {
  const id = useCurrentUser()?.nursery ?? '';
  const stored = useNursery().data?.headings;
  // The same object while nothing changed, so the board does not redraw its headings for nothing.
  return useMemo(
    () => (stored !== undefined ? pickWeekHeadings(stored) : ((id ? readCachedNurseryHeadings(id) : null) ?? NO_HEADINGS)),
    [stored, id],
  );
}

/** What an admin changes: the name, the headings, a new deletion password. */
export interface NurseryChanges {
  name?: string;
  headings?: WeekHeadings;
  deletePassword?: string;
  remindAfterDays?: number;
}

/** Saves the nursery's settings (admins only; the server refuses anyone else) and shares the new copy. */
export async function saveNursery(id: string, changes: NurseryChanges): Promise<NurseryRecord> {
  const saved = await pb.collection(COLLECTIONS.nurseries).update<NurseryRecord>(id, changes);
  writeCachedNurseryHeadings(id, pickWeekHeadings(saved.headings));
  queryClient.setQueryData(nurseryKeys.detail(id), saved);
  return saved;
}

/** A change that arrived live (another admin saved): every screen showing the nursery follows. */
export function applyNurseryChange(record: NurseryRecord): void {
  writeCachedNurseryHeadings(record.id, pickWeekHeadings(record.headings));
  queryClient.setQueryData<NurseryRecord>(nurseryKeys.detail(record.id), (current) => ({ ...current, ...record }));
}
