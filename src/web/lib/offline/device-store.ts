import { clear, createStore, delMany, setMany, values } from 'idb-keyval';
import { isKeptEntry, type KeptEntry } from './kept-queries';

// The answers kept on the device (docs/decisions/046), in IndexedDB: a database of the app's own
// with one object store. IndexedDB exists on plain-HTTP pages too, so a yard tablet without a
// service worker still opens with its last weeks at once.

/** The app's database; its name is what sign-out clears and what the tests read. */
export const DEVICE_DB = 'trolleyboard-device';
const STORE = 'kept';

let store: ReturnType<typeof createStore> | null = null;
/** Opened on first use: a page that never reads or writes kept data never opens the database. */
const keptStore = () => (store ??= createStore(DEVICE_DB, STORE));

export async function readKeptEntries(): Promise<KeptEntry[]> {
  return (await values(keptStore())).filter(isKeptEntry);
}

export function writeKeptEntries(entries: readonly KeptEntry[]): Promise<void> {
  return setMany(
    entries.map((entry) => [entry.hash, entry]),
    keptStore(),
  );
}

export function removeKeptEntries(hashes: readonly string[]): Promise<void> {
  return hashes.length === 0 ? Promise.resolve() : delMany([...hashes], keptStore());
}

/**
 * Everything the app keeps on the device, for sign-out: the kept answers, and any Cache Storage
 * cache but the service worker's precache (the app's own files, nobody's data), which may stay.
 */
export async function clearDevice(): Promise<void> {
  const caches = 'caches' in globalThis ? globalThis.caches : null;
  const dataCaches = caches ? (await caches.keys()).filter((name) => !name.startsWith('workbox-precache')) : [];
  await Promise.all([clear(keptStore()), ...dataCaches.map((name) => caches?.delete(name))]);
}
