// The signed-in person's nursery (docs/decisions/035): its name and the route headings every
// member's board shows (its admins set them), and for admins whether a generated deletion
// password is still in use. One query, shared by the board and the settings page; realtime keeps
// it current on open boards.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { COLLECTIONS, type NurseryRecord, type WeekHeadings } from '#domain/records';
import { pickWeekHeadings } from '#domain/settings/week-headings';
import { loadPb } from '../lazy-pb';
import { queryClient } from '../query-client';
import { nurseryKeys } from '../query-keys';
import { sessionState } from '../session';
import { useCurrentUser } from '../use-current-user';
import { readCachedNurseryHeadings, writeCachedNurseryHeadings } from './settings-cache';

async function fetchNursery(id: string): Promise<NurseryRecord> {
  const nursery = await (await loadPb()).collection(COLLECTIONS.nurseries).getOne<NurseryRecord>(id);
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
