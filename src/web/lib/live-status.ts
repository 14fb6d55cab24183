import { useSyncExternalStore } from 'react';
import { clockLabel } from './clock-label';

// Whether the orders on screen are kept up to date by the server's push (realtime), when they
// were last fetched, whether the device is offline, and when the copy kept on the device that is
// on screen was fetched (docs/decisions/046). Tiny and dependency-free: the header shows it
// before the data layer has loaded.

export interface LiveStatus {
  /** True while the realtime subscription is connected. */
  isLive: boolean;
  /** When an order list last arrived from the server (ms since epoch), or null before that. */
  lastFetchedAt: number | null;
  /** True while the browser says it is offline, or the server cannot be reached. */
  isOffline: boolean;
  /** When the copy kept on the device that was put on screen had arrived from the server, or null. */
  keptAt: number | null;
}

let status: LiveStatus = { isLive: false, lastFetchedAt: null, isOffline: false, keptAt: null };
const listeners = new Set<() => void>();

function set(next: Partial<LiveStatus>): void {
  const merged = { ...status, ...next };
  if (
    merged.isLive === status.isLive &&
    merged.lastFetchedAt === status.lastFetchedAt &&
    merged.isOffline === status.isOffline &&
    merged.keptAt === status.keptAt
  )
    return;
  status = merged;
  for (const listener of listeners) listener();
}

export const liveStatus = {
  get: (): LiveStatus => status,
  setLive: (isLive: boolean) => set({ isLive }),
  /** An order list arrived from the server: it is reachable again. */
  markFetched: (at: number) => set({ lastFetchedAt: at, isOffline: false }),
  setOffline: (isOffline: boolean) => set({ isOffline }),
  /** A copy kept on the device, fetched at `at`, is on screen. */
  markKept: (at: number) => set({ keptAt: at }),
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(liveStatus.subscribe, liveStatus.get, liveStatus.get);
}

/**
 * Whether the header may say the board updates by itself: offline wins over a stream that has not
 * noticed yet, in the words and in the dot's colour alike. A copy kept on the device is not live
 * because the stream is: the stream connects before the fresh week arrives, and what is on screen
 * stays the copy until then (docs/decisions/058).
 */
export function isShownLive({ isLive, isOffline, lastFetchedAt, keptAt }: LiveStatus): boolean {
  const showsKeptCopy = keptAt !== null && lastFetchedAt === null;
  return isLive && !isOffline && !showsKeptCopy;
}

/**
 * "Offline · as of 10:42" without a connection; "Live"; "On this device · as of 10:42" while a
 * copy kept on the device is shown and nothing has arrived yet; else "Not live · updated 10:42"
 * or "Not live".
 */
export function describeLiveStatus({ isLive, lastFetchedAt, isOffline, keptAt }: LiveStatus, now: number = Date.now()): string {
  const asOf = lastFetchedAt ?? keptAt;
  if (isOffline) return asOf === null ? 'Offline' : `Offline · as of ${clockLabel(asOf, now)}`;
  if (isShownLive({ isLive, lastFetchedAt, isOffline, keptAt })) return 'Live';
  if (lastFetchedAt === null && keptAt !== null) return `On this device · as of ${clockLabel(keptAt, now)}`;
  if (lastFetchedAt === null) return 'Not live';
  return `Not live · updated ${clockLabel(lastFetchedAt, now)}`;
}

/**
 * The words a phone's one-row header has room for beside the dot (docs/decisions/067): nothing
 * when live (the green dot says it), "Offline", else the time of what is on screen. The whole
 * sentence of `describeLiveStatus` stays for screen readers.
 */
export function shortLiveStatus(status: LiveStatus, now: number = Date.now()): string {
  if (status.isOffline) return 'Offline';
  if (isShownLive(status)) return '';
  const asOf = status.lastFetchedAt ?? status.keptAt;
  return asOf === null ? 'Not live' : clockLabel(asOf, now);
}
