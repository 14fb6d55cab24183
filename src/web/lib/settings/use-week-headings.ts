import { useQuery } from '@tanstack/react-query';
import type { WeekHeadings } from '#domain/records';
import { queryClient } from '../query-client';
import { settingsKeys } from '../query-keys';
import { sessionState } from '../session';
import { useCurrentUser } from '../use-current-user';
import { readCachedSettings, writeCachedSettings, type CachedSettings } from './settings-cache';

/**
 * A copy of the user's settings from the server (a save here, or a live event of a save on
 * another device, ./settings-realtime): into the query, so every screen showing the headings
 * follows, and into the cache for the next first paint. An older copy than the one held is ignored.
 */
export function putSettings(value: CachedSettings): void {
  const key = settingsKeys.forUser(value.userId);
  const held = queryClient.getQueryData<CachedSettings>(key);
  if (held?.updated && value.updated && held.updated > value.updated) return;
  writeCachedSettings(value);
  queryClient.setQueryData(key, value);
}

function settingsQuery(userId: string) {
  return {
    queryKey: settingsKeys.forUser(userId),
    // Reading (and on a first visit making) the record loads on the first fetch (decision 074).
    queryFn: async () => (await import('./settings-fetch')).fetchOrCreateSettings(userId),
    // The cached copy paints at once and counts as stale, so the server's copy is fetched too.
    initialData: () => readCachedSettings(userId) ?? undefined,
    initialDataUpdatedAt: 0,
    staleTime: 60_000,
  };
}

/** One object for "no headings", so a board without any does not re-render for a new `{}`. */
const NO_HEADINGS: WeekHeadings = {};

function useSettingsQuery() {
  const user = useCurrentUser();
  const userId = user?.id ?? '';
  return useQuery({ ...settingsQuery(userId), enabled: userId !== '' && sessionState(user) === 'ready' }, queryClient);
}

/**
 * The signed-in user's week headings: from user_settings_cache first (in the first render, so
 * the board paints them at once), then from the server. Fetch failures are only logged (spec
 * section 8); the cached or empty headings stay. The client is passed in, not taken from a
 * provider: the board's page sits above the lazily mounted QueryProvider. Only the headings are
 * read, so the board re-renders when they change, not when a fetch starts or ends.
 */
export function useWeekHeadings(): WeekHeadings {
  return useSettingsQuery().data?.settings_json ?? NO_HEADINGS;
}

/** Whether the server's copy of the headings has been read (the cache may be shown before that). */
export function useWeekHeadingsAreFresh(): boolean {
  const query = useSettingsQuery();
  return query.isFetched && !query.isFetching;
}
