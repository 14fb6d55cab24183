import type { CollectionDeclaration, Field } from '#domain/collections/fields';
import { columnOf, isMultiFile } from '#domain/collections/fields';
import type { Row } from './record-store';

/** A record as the API sends it. */
export type ApiRecord = Record<string, unknown>;

export interface RecordMapping {
  /** A stored row as the API shows it: id, collectionId, collectionName, the shown fields in order, created, updated. */
  toRecord(row: Row): ApiRecord;
  /** Values read from a client (or set by the server) as columns: JSON as text, names as columns. */
  toRow(values: Readonly<Record<string, unknown>>): Row;
}

export function parseJsonColumn<T>(text: unknown, fallback: T): T {
  if (typeof text !== 'string' || text === '') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** The column value of a JSON field: its JSON text, and null as '' (what an empty column holds). */
export function jsonColumn(value: unknown): string {
  return value === null || value === undefined ? '' : JSON.stringify(value);
}

type Reader = (stored: unknown) => unknown;

/** How a stored value becomes the API's: SQLite keeps booleans as 0/1 and PostgreSQL bigints as text. */
function readerOf(field: Field): Reader {
  switch (field.kind) {
    case 'number':
      return Number;
    case 'bool':
      return Boolean;
    case 'json': {
      const fallback = field.default;
      return (stored) => parseJsonColumn(stored, fallback);
    }
    case 'file': {
      if (!isMultiFile(field)) return (stored) => (typeof stored === 'string' ? stored : '');
      return (stored) => parseJsonColumn<string[]>(stored, []);
    }
    default:
      return (stored) => stored;
  }
}

/**
 * The row <-> record mapping of a collection, read from its declaration once. Hidden fields
 * (password hashes, token keys) are never in a record.
 */
export function recordMapping(declaration: CollectionDeclaration): RecordMapping {
  const shown: Array<[name: string, read: Reader]> = [];
  const columns = new Map<string, { column: string; json: boolean }>();
  for (const [name, field] of Object.entries(declaration.fields)) {
    if (!field.hidden) shown.push([name, readerOf(field)]);
    columns.set(name, { column: columnOf(name, field), json: field.kind === 'json' || (field.kind === 'file' && isMultiFile(field)) });
  }
  const { id: collectionId, name: collectionName } = declaration;
  return {
    toRecord(row) {
      const record: ApiRecord = { id: row.id, collectionId, collectionName };
      for (const [name, read] of shown) record[name] = read(row[name]);
      record.created = row.created;
      record.updated = row.updated;
      return record;
    },
    toRow(values) {
      const row: Row = {};
      for (const [name, value] of Object.entries(values)) {
        const target = columns.get(name);
        // Only declared fields are stored; the base columns (id, created, updated) are the write path's.
        if (!target) throw new Error(`${collectionName}: "${name}" is not a declared field`);
        row[target.column] = target.json ? jsonColumn(value) : value;
      }
      return row;
    },
  };
}
