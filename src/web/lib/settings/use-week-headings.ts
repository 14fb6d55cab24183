import { useMutation, useQuery } from '@tanstack/react-query';
import { COLLECTIONS, type UserSettingsRecord, type WeekHeadings } from '#domain/records';
import { pickWeekHeadings } from '#domain/settings/week-headings';
import { pb } from '../pb';
import { queryClient } from '../query-client';
import { settingsKeys } from '../query-keys';
import { sessionState } from '../session';
import { useCurrentUser } from '../use-current-user';
import { cachedSettingsOf, readCachedSettings, writeCachedSettings, type CachedSettings } from './settings-cache';

const settingsCollection = () => pb.collection(COLLECTIONS.userSettings);
/** The settings record being made for a user in this page, if one is. */
const creating = new Map<string, Promise<UserSettingsRecord>>();

/** The user's settings record, or null when the user has none yet. */
async function readSettings(userId: string, requestKey?: null): Promise<UserSettingsRecord | null> {
  const list = await settingsCollection().getList<UserSettingsRecord>(1, 1, {
    filter: pb.filter('user = {:id}', { id: userId }),
    ...(requestKey === null ? { requestKey } : {}),
  });
  return list.items[0] ?? null;
}

/**
 * Makes the user's empty settings record, once: a new user's first visit may read the settings
 * in two places at a time (two tabs opened at once, a read made again while the first is still
 * making the record), and each would make one, the second refused with a 400 (one record per
 * user). Under a lock shared by the browser's tabs the settings are read again, and made only if
 * still missing (docs/decisions/058). Another device may still win the race: its record is read then.
 */
async function createSettingsOnce(userId: string): Promise<UserSettingsRecord> {
  const make = async (): Promise<UserSettingsRecord> => {
    // Not cancelled by the query's own read of the same list (the SDK's auto-cancellation).
    const made = await readSettings(userId, null);
    if (made) return made;
    try {
      return await settingsCollection().create<UserSettingsRecord>({ user: userId, settings_json: {} }, { requestKey: null });
    } catch (err) {
      const other = (err as { status?: unknown } | null)?.status === 400 ? await readSettings(userId, null) : null;
      if (other) return other;
      throw err;
    }
  };
  // One making at a time in this page, and in the browser where Web Locks are (every browser the
  // app supports has them). DOM's typing wraps the callback's promise once more than the browser does: `await` unwraps both.
  const locked = async (): Promise<UserSettingsRecord> =>
    'locks' in navigator ? await navigator.locks.request(`trolleyboard-user-settings-${userId}`, make) : make();
  const pending = creating.get(userId) ?? locked().finally(() => creating.delete(userId));
  creating.set(userId, pending);
  return pending;
}

/** The user's settings record, creating an empty one when the user has none (docs/product.md#settings). */
async function fetchOrCreateSettings(userId: string): Promise<CachedSettings> {
  const record = (await readSettings(userId)) ?? (await createSettingsOnce(userId));
  const value = cachedSettingsOf(userId, record);
  writeCachedSettings(value);
  return value;
}

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
    queryFn: () => fetchOrCreateSettings(userId),
    // The cached copy paints at once and counts as stale, so the server's copy is fetched too.
    initialData: () => readCachedSettings(userId) ?? undefined,
    initialDataUpdatedAt: 0,
    staleTime: 60_000,
  };
}

/** Saves the week headings to the user's settings record and the local cache. Throws on failure. */
export async function saveWeekHeadings(userId: string, headings: WeekHeadings): Promise<CachedSettings> {
  const known = queryClient.getQueryData<CachedSettings>(settingsKeys.forUser(userId));
  const recordId = known?.recordId ?? (await fetchOrCreateSettings(userId)).recordId;
  if (!recordId) throw new Error('saveWeekHeadings: fetchOrCreateSettings always gives a record id.');
  const saved = await pb
    .collection(COLLECTIONS.userSettings)
    .update<UserSettingsRecord>(recordId, { settings_json: { ...known?.settings_json, ...pickWeekHeadings(headings) } });
  const value = cachedSettingsOf(userId, saved);
  putSettings(value);
  return value;
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

/** The Save Settings action, with its busy, success and error states. */
export function useSaveWeekHeadings() {
  const user = useCurrentUser();
  return useMutation({
    mutationFn: (headings: WeekHeadings) => {
      if (!user) throw new Error('useSaveWeekHeadings: the settings form is only offered to a signed-in user.');
      return saveWeekHeadings(user.id, headings);
    },
  });
}
