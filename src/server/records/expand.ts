// PocketBase's `expand`: `?expand=user` puts the record a relation field points at into the
// answer, under `expand.user`; `?expand=user,a.b` follows several relations and relations of
// related records. As PocketBase, a related record is shown only to a caller the related
// collection's VIEW rule lets see it; one they may not see (or one that is gone) is simply absent
// from `expand`, never an error, so expanding reveals nothing a `getOne` would not. Names that are
// not relation fields are ignored, as PocketBase does.
//
// Bounded, so it cannot be used to make the server work hard: the parameter's length, the number
// of paths and their depth are limited (a 400 says which), and each distinct path costs one
// lookup by id of at most as many records as the answer holds.

import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { AuthContext } from '../auth/auth-context';
import { badRequest } from '../errors';
import { accessOf, type FieldVisibility } from './access-rules';
import type { Collection } from './collection';
import type { SqlDialect } from './filter/field-map';
import type { ApiRecord } from './record-mapping';
import type { RecordStore } from './record-store';

export const EXPAND_BOUNDS = {
  /** Characters of the `expand` parameter. */
  maxLength: 1000,
  /** Comma-separated paths. */
  maxPaths: 20,
  /** Relations followed one after the other (PocketBase's own limit). */
  maxDepth: 6,
} as const;

/** Ids looked up in one query. */
const IDS_PER_QUERY = 500;

/** One relation to expand for one caller: where its records are, which of them the caller may see, and what to expand in them. */
export interface ExpandNode {
  field: string;
  target: Collection;
  /** The target's view rule for this caller as SQL; null when every record qualifies. */
  scope: RawBuilder<SqlBool> | null;
  /** The target's fields this caller may not see (an account's e-mail address); null: none. */
  visibility: FieldVisibility | null;
  children: ExpandNode[];
  /**
   * Set for a relation declared `expandAs: 'presentable'` (who added or changed a record): the
   * related record shows only these fields, to whoever sees the record that names it, and
   * nothing is expanded inside it (docs/decisions/034).
   */
  presentable?: readonly string[];
}

/** The fields of `collection` shown where another record names one of its records as who did something. */
export function presentableFields(collection: Collection): string[] {
  return Object.entries(collection.declaration.fields)
    .filter(([, field]) => field.presentable && !field.hidden)
    .map(([name]) => name);
}

/** A related record cut down to its id, collection and presentable fields. */
function presentableRecord(record: ApiRecord, fields: readonly string[]): ApiRecord {
  const shown: ApiRecord = { id: record.id, collectionId: record.collectionId, collectionName: record.collectionName };
  for (const name of fields) shown[name] = record[name];
  return shown;
}

/** `expand=user,a.b` as paths of field names; undefined or blank is none. */
export function parseExpandParam(raw: string | undefined): string[][] {
  if (raw === undefined || raw.trim() === '') return [];
  const { maxLength, maxPaths, maxDepth } = EXPAND_BOUNDS;
  if (raw.length > maxLength)
    throw badRequest(`The "expand" query parameter is too long (${raw.length} characters; at most ${maxLength}).`);
  const paths = raw
    .split(',')
    .map((path) => path.trim())
    .filter((path) => path !== '')
    .map((path) => path.split('.').map((name) => name.trim()));
  if (paths.length > maxPaths)
    throw badRequest(`The "expand" query parameter names too many relations (${paths.length}; at most ${maxPaths}).`);
  const deepest = Math.max(0, ...paths.map((path) => path.length));
  if (deepest > maxDepth)
    throw badRequest(`The "expand" query parameter follows relations too deep (${deepest} levels; at most ${maxDepth}).`);
  return paths;
}

/**
 * What `paths` expand for this caller, as a tree: relations whose collection the caller may not
 * view at all are left out here, records they may not view are left out by `scope`.
 */
export function planExpand(
  collection: Collection,
  paths: readonly string[][],
  auth: AuthContext,
  collectionNamed: (name: string) => Collection | undefined,
  dialect: SqlDialect,
): ExpandNode[] {
  const nodes: ExpandNode[] = [];
  for (const path of paths) {
    let level = nodes;
    let from = collection;
    for (const field of path) {
      let node = level.find((n) => n.field === field);
      if (!node) {
        const targetName = Object.hasOwn(from.relations, field) ? from.relations[field] : undefined;
        const target = targetName === undefined ? undefined : collectionNamed(targetName);
        if (!target) break;
        const declared = from.declaration.fields[field];
        if (declared?.kind === 'relation' && declared.expandAs === 'presentable') {
          // Who did something is part of the record: seen by whoever sees it, its presentable fields only.
          node = { field, target, scope: null, visibility: null, children: [], presentable: presentableFields(target) };
        } else {
          const access = accessOf(target, dialect);
          if (!access.permits('view', auth)) break;
          node = { field, target, scope: access.sqlScope('view', auth), visibility: access.fieldVisibility(auth), children: [] };
        }
        level.push(node);
      }
      // Nothing is expanded inside a presentable record.
      if (node.presentable) break;
      level = node.children;
      from = node.target;
    }
  }
  return nodes;
}

/** Every node of the tree with its dotted path, for the list cache's key. */
export function flattenExpand(nodes: readonly ExpandNode[], prefix = ''): Array<{ path: string; node: ExpandNode }> {
  return nodes.flatMap((node) => {
    const path = prefix + node.field;
    return [{ path, node }, ...flattenExpand(node.children, `${path}.`)];
  });
}

/** Puts the related records each caller may see under `expand` of `records` (in place), level by level. */
export async function expandRecords(records: ApiRecord[], nodes: readonly ExpandNode[], store: RecordStore): Promise<void> {
  for (const node of nodes) {
    const ids = [...new Set(records.map((record) => record[node.field]).filter((id): id is string => typeof id === 'string' && id !== ''))];
    if (ids.length === 0) continue;
    const found = new Map<string, ApiRecord>();
    for (let i = 0; i < ids.length; i += IDS_PER_QUERY) {
      const chunk = ids.slice(i, i + IDS_PER_QUERY);
      const where = [sql<SqlBool>`${sql.ref('id')} IN (${sql.join(chunk)})`];
      if (node.scope) where.push(node.scope);
      const { rows } = await store.list(node.target.table, { where, sort: [], page: 1, perPage: chunk.length, skipTotal: true });
      for (const row of rows) {
        const record = node.target.toRecord(row);
        found.set(
          String(row.id),
          node.presentable ? presentableRecord(record, node.presentable) : node.visibility ? node.visibility.hide(record) : record,
        );
      }
    }
    const related = [...found.values()];
    if (node.children.length > 0) await expandRecords(related, node.children, store);
    for (const record of records) {
      const hit = found.get(String(record[node.field]));
      if (!hit) continue;
      const expand = (record.expand ??= {}) as Record<string, unknown>;
      expand[node.field] = hit;
    }
  }
}
