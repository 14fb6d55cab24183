import type { Collection } from '../records/collection';
import { compilePredicate, type RecordPredicate } from '../records/filter/evaluate-filter';
import type { SqlDialect } from '../records/filter/field-map';
import { parseFilter } from '../records/filter/parse-filter';
import { parseFieldsParam } from '../records/list-query';

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
  const filter = query.filter ?? '';
  if (filter.trim() !== '') {
    try {
      matches = compilePredicate(parseFilter(filter), collection.fields, dialect);
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
