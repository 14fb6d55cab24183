// Reading the person's settings record from the server, making an empty one on a first visit:
// loaded with the first fetch, after the board's first paint (docs/decisions/074).
import { COLLECTIONS, type UserSettingsRecord } from '#domain/records';
import { loadPb } from '../lazy-pb';
import { cachedSettingsOf, writeCachedSettings, type CachedSettings } from './settings-cache';

// The SDK loads on the first read, after the board's first paint (docs/decisions/074).
export const settingsCollection = async () => (await loadPb()).collection(COLLECTIONS.userSettings);
/** The settings record being made for a user in this page, if one is. */
const creating = new Map<string, Promise<UserSettingsRecord>>();

/** The user's settings record, or null when the user has none yet. */
async function readSettings(userId: string, requestKey?: null): Promise<UserSettingsRecord | null> {
  const pb = await loadPb();
  const list = await (
    await settingsCollection()
  ).getList<UserSettingsRecord>(1, 1, {
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
      return await (await settingsCollection()).create<UserSettingsRecord>({ user: userId, settings_json: {} }, { requestKey: null });
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
export async function fetchOrCreateSettings(userId: string): Promise<CachedSettings> {
  const record = (await readSettings(userId)) ?? (await createSettingsOnce(userId));
  const value = cachedSettingsOf(userId, record);
  writeCachedSettings(value);
  return value;
}
