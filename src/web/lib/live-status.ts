import { useSyncExternalStore } from 'react';

// Whether the orders on screen are kept up to date by the server's push (realtime), and when
// they were last fetched. Tiny and dependency-free: the header shows it before the data layer
// has loaded.

export interface LiveStatus {
  /** True while the realtime subscription is connected. */
  isLive: boolean;
  /** When an order list last arrived from the server (ms since epoch), or null before that. */
  lastFetchedAt: number | null;
}

let status: LiveStatus = { isLive: false, lastFetchedAt: null };
const listeners = new Set<() => void>();

function set(next: Partial<LiveStatus>): void {
  const merged = { ...status, ...next };
  if (merged.isLive === status.isLive && merged.lastFetchedAt === status.lastFetchedAt) return;
  status = merged;
  for (const listener of listeners) listener();
}

export const liveStatus = {
  get: (): LiveStatus => status,
  setLive: (isLive: boolean) => set({ isLive }),
  markFetched: (at: number) => set({ lastFetchedAt: at }),
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(liveStatus.subscribe, liveStatus.get, liveStatus.get);
}

/** "Live", or "Not live · updated 10:42" (the time in the viewer's own clock), or "Not live". */
export function describeLiveStatus({ isLive, lastFetchedAt }: LiveStatus): string {
  if (isLive) return 'Live';
  if (lastFetchedAt === null) return 'Not live';
  const time = new Date(lastFetchedAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return `Not live · updated ${time}`;
}
