import { useCallback, useEffect, useState } from 'react';
import { COLLECTIONS, type UserSettingsRecord, type WeekHeadings } from '#domain/records';
import { pickWeekHeadings as onlyHeadings } from '#domain/settings/week-headings';
import { loadPb } from './lazy-pb';
import { USER_SETTINGS_CACHE_KEY, sessionState } from './session';
import { useCurrentUser } from './use-current-user';

/** What user_settings_cache holds: whose settings they are, so one user never sees another's. */
interface CachedSettings {
  userId: string;
  recordId: string | null;
  settings_json: WeekHeadings;
}

function readCache(userId: string): CachedSettings | null {
  try {
    const raw = localStorage.getItem(USER_SETTINGS_CACHE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<CachedSettings>;
    if (parsed.userId !== userId || typeof parsed.settings_json !== 'object' || parsed.settings_json === null) return null;
    return { userId, recordId: parsed.recordId ?? null, settings_json: onlyHeadings(parsed.settings_json) };
  } catch {
    return null;
  }
}

function writeCache(value: CachedSettings): void {
  try {
    localStorage.setItem(USER_SETTINGS_CACHE_KEY, JSON.stringify(value));
  } catch {
    // A full or blocked storage only costs the instant first paint of headings.
  }
}

// One load per user per page: the board and settings page may both ask, and two concurrent
// "none yet, create one" paths would race for the user's single settings record.
const loading = new Map<string, Promise<UserSettingsRecord>>();

/** The user's settings record, creating an empty one when the user has none (spec section 4). */
export function loadSettingsRecord(userId: string): Promise<UserSettingsRecord> {
  let pending = loading.get(userId);
  if (!pending) {
    pending = fetchOrCreate(userId);
    loading.set(userId, pending);
    pending.catch(() => loading.delete(userId));
  }
  return pending;
}

async function fetchOrCreate(userId: string): Promise<UserSettingsRecord> {
  const pb = await loadPb();
  const settings = pb.collection(COLLECTIONS.userSettings);
  const list = await settings.getList<UserSettingsRecord>(1, 1, { filter: pb.filter('user = {:id}', { id: userId }) });
  const found = list.items[0];
  if (found) return found;
  return settings.create<UserSettingsRecord>({ user: userId, settings_json: {} });
}

export interface WeekHeadingsState {
  headings: WeekHeadings;
  /** True once the server's copy has been read (the cache may be shown before that). */
  isFresh: boolean;
  /** Saves the headings to the user's settings record and the local cache. Throws on failure. */
  save: (headings: WeekHeadings) => Promise<void>;
}

/**
 * The signed-in user's week headings: read from user_settings_cache first, then refreshed from
 * the server. Fetch failures are only logged (spec section 8); the cached or empty headings stay.
 */
export function useWeekHeadings(): WeekHeadingsState {
  const user = useCurrentUser();
  const userId = user?.id ?? null;
  const canUseServer = sessionState(user) === 'ready';
  const [cached, setCached] = useState<CachedSettings | null>(() => (userId ? readCache(userId) : null));
  const [isFresh, setFresh] = useState(false);

  useEffect(() => {
    if (!userId) {
      setCached(null);
      return;
    }
    setCached(readCache(userId));
    if (!canUseServer) return;
    let active = true;
    loadSettingsRecord(userId).then(
      (record) => {
        const next: CachedSettings = { userId, recordId: record.id, settings_json: onlyHeadings(record.settings_json) };
        writeCache(next);
        if (!active) return;
        setCached(next);
        setFresh(true);
      },
      (err: unknown) => {
        if ((err as { isAbort?: unknown } | null)?.isAbort === true) return;
        console.warn('Could not load the week headings; showing the cached ones.', err);
      },
    );
    return () => {
      active = false;
    };
  }, [userId, canUseServer]);

  const save = useCallback(
    async (headings: WeekHeadings) => {
      if (!userId) throw new Error('save needs a signed-in user: the settings page only offers it then.');
      const record = await loadSettingsRecord(userId);
      const settings_json = { ...onlyHeadings(record.settings_json), ...onlyHeadings(headings) };
      const pb = await loadPb();
      const saved = await pb.collection(COLLECTIONS.userSettings).update<UserSettingsRecord>(record.id, { settings_json });
      loading.set(userId, Promise.resolve(saved));
      const next: CachedSettings = { userId, recordId: saved.id, settings_json: onlyHeadings(saved.settings_json) };
      writeCache(next);
      setCached(next);
    },
    [userId],
  );

  return { headings: cached?.settings_json ?? {}, isFresh, save };
}
