import { useSyncExternalStore } from 'react';
import type { Query, QueryClient } from '@tanstack/react-query';
import { liveStatus } from '../live-status';
import { forgetKeptBoard, readKeptBoard } from './kept-board';
import { entriesOverLimit, keptKind, mayShowOnline, type KeptEntry } from './kept-queries';

// Keeps the answers a person last saw on the device and puts them on screen at once on the next
// visit (docs/decisions/046): the last weeks viewed (the board, collect and pick sheets read them),
// holding, runs opened and the nursery's and person's settings. A kept answer is shown with its
// age ("On this device · as of 10:42", "Offline · as of 10:42") while the query fetches the fresh
// one as it always does, which replaces it. TanStack Query stays the only holder of server data
// in the page; IndexedDB is a copy of some of its answers for the next page load.

/**
 * IndexedDB's side (idb-keyval): loaded when first read or written, after the board's first
 * render, which takes what it needs from localStorage (docs/decisions/051, 074).
 */
const deviceStore = () => import('./device-store');

/** Answers settle for this long before they are written: a burst of realtime changes is one write. */
const WRITE_DELAY_MS = 500;

const kept = new Map<string, KeptEntry>();
const pendingWrites = new Set<string>();
let writeTimer: ReturnType<typeof setTimeout> | null = null;
let stopped = false;
/** Counts the reads of the device's entries, so screens reading `kept` follow when they arrive. */
let loads = 0;
const loadListeners = new Set<() => void>();

/** Changes once the entries kept on the device have been read (offline search waits for them). */
export function useKeptLoads(): number {
  return useSyncExternalStore(
    (listener) => {
      loadListeners.add(listener);
      return () => loadListeners.delete(listener);
    },
    () => loads,
    () => loads,
  );
}

/** Puts the kept answer for this query on screen when the query has nothing newer. */
function restore(client: QueryClient, query: Query): void {
  const entry = kept.get(query.queryHash);
  if (!entry) return;
  const { data, dataUpdatedAt } = query.state;
  if (data !== undefined && dataUpdatedAt >= entry.at) return;
  const kind = keptKind(entry.key);
  if (kind === null || (!mayShowOnline(kind) && navigator.onLine && !liveStatus.get().isOffline)) return;
  // Marked as set by hand: a fetch under way carries on and replaces it when it arrives.
  client.setQueryData(query.queryKey, entry.data, { updatedAt: entry.at });
  // And never fresh, however young: a change saved on this page before the query existed (Add
  // Order opened by its address, then the board) is not in it, and the query-client's staleTime
  // would otherwise let the board show this copy without asking the server.
  query.invalidate();
  liveStatus.markKept(entry.at);
}

async function flushWrites(client: QueryClient, user: string): Promise<void> {
  writeTimer = null;
  if (stopped) return;
  const now = Date.now();
  const entries: KeptEntry[] = [];
  for (const hash of pendingWrites) {
    const query = client.getQueryCache().get(hash);
    if (!query || query.state.data === undefined) continue;
    const entry: KeptEntry = { hash, key: query.queryKey, user, at: query.state.dataUpdatedAt, keptAt: now, data: query.state.data };
    kept.set(hash, entry);
    entries.push(entry);
  }
  pendingWrites.clear();
  const over = entriesOverLimit([...kept.values()]).map((entry) => entry.hash);
  for (const hash of over) kept.delete(hash);
  try {
    const store = await deviceStore();
    await store.writeKeptEntries(entries);
    await store.removeKeptEntries(over);
  } catch (err) {
    // Private mode, a full disk, a browser without IndexedDB: the app works, it just opens slower.
    console.warn('Could not keep the latest answers on this device.', err);
  }
}

function scheduleWrite(client: QueryClient, user: string, query: Query): void {
  if (stopped || keptKind(query.queryKey) === null) return;
  // What was just restored from the device is already there as it is.
  if (kept.get(query.queryHash)?.data === query.state.data) return;
  pendingWrites.add(query.queryHash);
  writeTimer ??= setTimeout(() => void flushWrites(client, user), WRITE_DELAY_MS);
}

let startedFor: string | null = null;

/**
 * Starts keeping answers for the signed-in person `user` (their id), and restores what was kept
 * for them into the queries on screen or about to be. Anything kept for someone else on this
 * device is removed. Called again for the same person, it does nothing.
 */
export async function keepOnDevice(client: QueryClient, user: string | undefined): Promise<void> {
  if (!user || startedFor !== null || stopped) return;
  startedFor = user;
  // The board the boot script may have put on the page: its orders are in the app's first render,
  // read synchronously, so that render takes the markup over instead of replacing it (decision 051).
  const board = readKeptBoard();
  if (board?.user === user)
    kept.set(board.hash, { hash: board.hash, key: board.key, user, at: board.at, keptAt: board.at, data: board.data });
  const cache = client.getQueryCache();
  cache.subscribe((event) => {
    if (event.type === 'added') {
      restore(client, event.query);
      // An answer the query started with (the boot script's week, taken as initial data) is
      // kept as a fetched one is: no success is reported for it.
      if (event.query.state.data !== undefined) scheduleWrite(client, user, event.query);
    } else if (event.type === 'updated' && event.action.type === 'success') scheduleWrite(client, user, event.query);
  });
  let entries: KeptEntry[];
  try {
    entries = await (await deviceStore()).readKeptEntries();
  } catch (err) {
    console.warn('Could not read the answers kept on this device.', err);
    return;
  }
  if (stopped) return;
  const others = entries.filter((entry) => entry.user !== user).map((entry) => entry.hash);
  for (const entry of entries) if (entry.user === user && (kept.get(entry.hash)?.at ?? -1) < entry.at) kept.set(entry.hash, entry);
  for (const query of cache.getAll()) restore(client, query);
  loads += 1;
  for (const listener of loadListeners) listener();
  void deviceStore()
    .then((store) => store.removeKeptEntries(others))
    .catch(() => undefined);
}

/** Stops keeping and removes everything kept on this device (sign-out, docs/decisions/046). */
export async function forgetDevice(): Promise<void> {
  stopped = true;
  if (writeTimer !== null) clearTimeout(writeTimer);
  pendingWrites.clear();
  kept.clear();
  forgetKeptBoard();
  await (await deviceStore()).clearDevice();
}

/** Every order in the lists kept on the device (offline search reads them). */
export function keptOrderLists(): unknown[] {
  return [...kept.values()]
    .filter((entry) => ['week', 'collect', 'holding'].includes(keptKind(entry.key) ?? ''))
    .map((entry) => entry.data);
}
