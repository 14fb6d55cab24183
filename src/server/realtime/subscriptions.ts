import type { Collection } from '../records/collection';
import { compilePredicate, type RecordPredicate } from '../records/filter/evaluate-filter';
import type { SqlDialect } from '../records/filter/field-map';
import { parseFilter, type FilterNode } from '../records/filter/parse-filter';
import { parseFieldsParam } from '../records/list-query';

/**
 * What one stream may hold (docs/decisions/016-realtime-bounds.md). The web app posts two keys
 * (`PB_CONNECT` and `tasks/*`); PocketBase allows 1,000 keys of 2,500 characters, which let one
 * visitor park 2.5 MB on the server per stream.
 */
export const SUBSCRIPTION_BOUNDS = {
  /** Keys per stream. */
  maxKeys: 100,
  /** Characters per key (PocketBase's bound). */
  maxKeyLength: 2500,
  /** Characters of all keys of a stream together. */
  maxKeyChars: 16 * 1024,
  /** Keys with options (`?…`) per stream: each gets its own copy of every event it matches. */
  maxOptionKeys: 10,
  /** Filter cost (see filterCost) of all subscriptions of a stream together. */
  maxStreamCost: 500,
} as const;

/** Filter cost all streams of one instance may hold together: at about 1 µs a unit, the most filter work one event can cause. */
export const DEFAULT_MAX_INSTANCE_FILTER_COST = 50_000;

/** `~` and `!~` against a value: a scan of the field's text, up to a 5,000-character note (~90 µs measured). */
const SEARCH_COST = 100;
/** `~` and `!~` between two fields: the match grows with both texts; more than one stream may spend. */
const FIELD_SEARCH_COST = SUBSCRIPTION_BOUNDS.maxStreamCost + 1;

/**
 * What checking `node` against one event costs, in units of about one simple comparison (about
 * 1 µs on a 2-core machine): a comparison 1, a `~` search 100, a `~` between two fields more than
 * a stream's whole allowance.
 */
export function filterCost(node: FilterNode | null): number {
  if (node === null) return 0;
  if (node.kind !== 'comparison') return node.children.reduce((sum, child) => sum + filterCost(child), 0);
  if (node.operator !== '~' && node.operator !== '!~') return 1;
  return node.left.kind === 'field' && node.right.kind === 'field' ? FIELD_SEARCH_COST : SEARCH_COST;
}

/**
 * One subscription key as the SDK sends it, parsed once when the client posts its set:
 * `tasks/*`, `tasks/{id}` (or the collection id instead of its name, or the bare name, which
 * PocketBase keeps as the older form of `/*`), optionally `?options=<urlencoded JSON
 * {query, headers}>`. Only `query.filter` and `query.fields` are honoured; `headers` are ignored
 * on purpose, so a subscription can never change who the client is.
 */
export interface Subscription {
  /** The full key: every event for it is sent under this SSE event name. */
  key: string;
  collection: Collection;
  /** null for `*` topics. */
  recordId: string | null;
  /** `*` topics use the list rule, `{id}` topics the view rule (as PocketBase). */
  rule: 'list' | 'view';
  /** The subscription's own filter; a filter that does not compile never matches. */
  matches: RecordPredicate;
  fields: string[] | null;
  /** filterCost of its filter: 0 without one, or when the filter never matches. */
  cost: number;
}

const never: RecordPredicate = () => false;

/** The subscription for `key`, or null when its topic names no collection of ours (kept by the client, never matched). */
export function parseSubscription(key: string, collections: readonly Collection[], dialect: SqlDialect): Subscription | null {
  const queryAt = key.indexOf('?');
  const topic = queryAt === -1 ? key : key.slice(0, queryAt);
  const slash = topic.indexOf('/');
  const collectionName = slash === -1 ? topic : topic.slice(0, slash);
  const target = slash === -1 ? '*' : topic.slice(slash + 1);
  const collection = collections.find((c) => c.name === collectionName || c.id === collectionName);
  if (!collection || target === '') return null;

  const query = readOptionsQuery(queryAt === -1 ? '' : key.slice(queryAt + 1));
  let matches: RecordPredicate = () => true;
  let cost = 0;
  const filter = query.filter ?? '';
  if (filter.trim() !== '') {
    try {
      const node = parseFilter(filter);
      matches = compilePredicate(node, collection.fields, dialect);
      cost = filterCost(node);
    } catch {
      // PocketBase answers the subscribe with 204 and the bad filter simply never matches.
      matches = never;
    }
  }
  return {
    key,
    collection,
    recordId: target === '*' ? null : target,
    rule: target === '*' ? 'list' : 'view',
    matches,
    fields: parseFieldsParam(query.fields),
    cost,
  };
}

/** `options={"query":{...},"headers":{...}}` -> the query part, every value as a string (as PocketBase's cast). */
function readOptionsQuery(search: string): Record<string, string | undefined> {
  const raw = new URLSearchParams(search).get('options');
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  const query = (parsed as { query?: unknown } | null)?.query;
  if (typeof query !== 'object' || query === null) return {};
  const out: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    out[name] = typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return out;
}
