// user_settings_cache (docs/product.md#settings): the week headings kept in the browser, so the board
// paints its route headings before the server answers. Dependency-free: used on first paint.
// The settings query (./use-week-headings) writes it whenever the server's copy arrives, and
// `useCachedWeekHeadings` re-renders the board's headings then.
import { useSyncExternalStore } from 'react';
import type { WeekHeadings } from '#domain/records';
import { pickWeekHeadings } from '#domain/settings/week-headings';
import { USER_SETTINGS_CACHE_KEY } from '../session';

/** What the cache holds: whose settings they are, so one user never sees another's. */
export interface CachedSettings {
  userId: string;
  recordId: string | null;
  settings_json: WeekHeadings;
}

export function readCachedSettings(userId: string): CachedSettings | null {
  try {
    const raw = localStorage.getItem(USER_SETTINGS_CACHE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<CachedSettings>;
    if (parsed.userId !== userId || typeof parsed.settings_json !== 'object' || parsed.settings_json === null) return null;
    return { userId, recordId: parsed.recordId ?? null, settings_json: pickWeekHeadings(parsed.settings_json) };
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
let version = 0;

export function writeCachedSettings(value: CachedSettings): void {
  try {
    localStorage.setItem(USER_SETTINGS_CACHE_KEY, JSON.stringify(value));
  } catch {
    // A full or blocked storage only costs the instant first paint of headings.
  }
  latest = value;
  version += 1;
  for (const listener of listeners) listener();
}

// Kept in memory too, so the headings update even when storage is blocked.
let latest: CachedSettings | null = null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const EMPTY: WeekHeadings = {};
let snapshot: { key: string; headings: WeekHeadings } = { key: '', headings: EMPTY };

/** The week headings of `userId` as last cached (empty when none), updating when the cache is written. */
export function useCachedWeekHeadings(userId: string | null): WeekHeadings {
  const read = () => {
    const key = `${userId ?? ''}#${version}`;
    if (snapshot.key !== key) {
      const cached = userId ? (latest?.userId === userId ? latest : readCachedSettings(userId)) : null;
      snapshot = { key, headings: cached?.settings_json ?? EMPTY };
    }
    return snapshot.headings;
  };
  return useSyncExternalStore(subscribe, read, read);
}
