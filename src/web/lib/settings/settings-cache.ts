// user_settings_cache (docs/product.md#settings): the week headings kept in the browser, so the board
// paints its route headings before the server answers. It is the settings query's first copy
// (its initialData, ./use-week-headings) and is written whenever the server's copy arrives.
import type { UserSettingsRecord, WeekHeadings } from '#domain/records';
import { pickWeekHeadings } from '#domain/settings/week-headings';
import { currentUser, NURSERY_HEADINGS_CACHE_KEY, USER_SETTINGS_CACHE_KEY } from '../session';

/** What the cache holds: whose settings they are, so one user never sees another's. */
export interface CachedSettings {
  userId: string;
  recordId: string | null;
  settings_json: WeekHeadings;
  /** The record's version, so a late copy never replaces a newer one (absent in older caches). */
  updated?: string;
}

/** The cached form of a user's settings record. */
export function cachedSettingsOf(userId: string, record: UserSettingsRecord): CachedSettings {
  return { userId, recordId: record.id, settings_json: pickWeekHeadings(record.settings_json), updated: record.updated };
}

export function readCachedSettings(userId: string): CachedSettings | null {
  try {
    const raw = localStorage.getItem(USER_SETTINGS_CACHE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<CachedSettings>;
    if (parsed.userId !== userId || typeof parsed.settings_json !== 'object' || parsed.settings_json === null) return null;
    return {
      userId,
      recordId: parsed.recordId ?? null,
      settings_json: pickWeekHeadings(parsed.settings_json),
      updated: typeof parsed.updated === 'string' ? parsed.updated : undefined,
    };
  } catch {
    return null;
  }
}

export function writeCachedSettings(value: CachedSettings): void {
  // A copy that arrives after logout (which clears this cache) belongs to nobody signed in here.
  if (currentUser()?.id !== value.userId) return;
  try {
    localStorage.setItem(USER_SETTINGS_CACHE_KEY, JSON.stringify(value));
  } catch {
    // A full or blocked storage only costs the instant first paint of headings next time.
  }
}

/** The nursery's route headings as last read, so the board paints them before the server answers. */
export function readCachedNurseryHeadings(nurseryId: string): WeekHeadings | null {
  try {
    const raw = localStorage.getItem(NURSERY_HEADINGS_CACHE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { nurseryId?: unknown; headings?: unknown };
    return parsed.nurseryId === nurseryId ? pickWeekHeadings(parsed.headings) : null;
  } catch {
    return null;
  }
}

export function writeCachedNurseryHeadings(nurseryId: string, headings: WeekHeadings): void {
  if (currentUser()?.nursery !== nurseryId) return;
  try {
    localStorage.setItem(NURSERY_HEADINGS_CACHE_KEY, JSON.stringify({ nurseryId, headings }));
  } catch {
    // As for the person's own headings: only the instant first paint is lost.
  }
}
