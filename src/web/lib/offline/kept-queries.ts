// Which server answers are kept on the device (docs/decisions/046), and how many of each: pure
// rules, no IndexedDB. A kept answer is shown at once on the next visit, marked with its age,
// while the fresh one is fetched.
import { nurseryKeys, orderKeys, runKeys, settingsKeys } from '../query-keys';

/** One kept answer: a query's data, whose it is, and how old. */
export interface KeptEntry {
  /** TanStack Query's hash of the key (JSON of the key): the entry's IndexedDB key. */
  hash: string;
  key: readonly unknown[];
  /** The signed-in person it was fetched for; anyone else never sees it. */
  user: string;
  /** When the server's answer arrived (the query's dataUpdatedAt): the age shown. */
  at: number;
  /** When it was last written, i.e. last on screen: the least recently used go first. */
  keptAt: number;
  data: unknown;
}

export type KeptKind = 'week' | 'collect' | 'holding' | 'runs' | 'run' | 'settings' | 'nursery';

/**
 * At most this many of each kind. Weeks and runs are what a yard reopens: the last weeks viewed
 * (the board, its pick sheets, which read the same week) and the runs opened lately.
 */
export const KEEP_AT_MOST: Record<KeptKind, number> = { week: 6, collect: 6, holding: 1, runs: 1, run: 10, settings: 1, nursery: 1 };

/**
 * Whether a kept answer of this kind may be shown while the device is online. A run's mapper plans
 * on the copy it opened with and never takes a later one (docs/decisions/033), so online it waits
 * for the server's copy; offline the kept run is the only one there is, and a save from it still
 * carries its version in If-Match.
 */
export function mayShowOnline(kind: KeptKind): boolean {
  return kind !== 'run';
}

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) => prefix.every((part, i) => key[i] === part);

/** The kind of answer a query key names when it is kept, or null when it is not (search, history, team, …). */
export function keptKind(key: readonly unknown[]): KeptKind | null {
  if (startsWith(key, orderKeys.lists())) {
    const kind = key[orderKeys.lists().length];
    if (kind === 'week' || kind === 'collect') return kind;
    if (kind === 'holding') return 'holding';
    return null;
  }
  if (startsWith(key, runKeys.list())) return 'runs';
  if (startsWith(key, [...runKeys.all, 'detail'])) return 'run';
  if (startsWith(key, settingsKeys.all) && key.length === settingsKeys.forUser('').length) return 'settings';
  if (startsWith(key, nurseryKeys.all) && key.length === nurseryKeys.detail('').length) return 'nursery';
  return null;
}

/** The entries beyond each kind's limit, least recently kept first out. */
export function entriesOverLimit(entries: readonly KeptEntry[]): KeptEntry[] {
  const byKind = new Map<KeptKind, KeptEntry[]>();
  for (const entry of entries) {
    const kind = keptKind(entry.key);
    if (kind === null) continue;
    byKind.set(kind, [...(byKind.get(kind) ?? []), entry]);
  }
  return [...byKind.entries()].flatMap(([kind, list]) => [...list].sort((a, b) => b.keptAt - a.keptAt).slice(KEEP_AT_MOST[kind]));
}

/** Whether a stored value has the shape of a kept entry (IndexedDB may hold anything an older version wrote). */
export function isKeptEntry(value: unknown): value is KeptEntry {
  const entry = value as Partial<KeptEntry> | null;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    typeof entry.hash === 'string' &&
    Array.isArray(entry.key) &&
    typeof entry.user === 'string' &&
    typeof entry.at === 'number' &&
    typeof entry.keptAt === 'number' &&
    'data' in entry
  );
}
