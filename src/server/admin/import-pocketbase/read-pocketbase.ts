// Reads a PocketBase data folder (pb_data) without changing it: its `_collections` table, in the
// 0.22 layout (a `schema` column, field options nested under `options`) or the 0.23+ one (a
// `fields` column, options inline), and the rows of the collections the import knows.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { PbCollection, PbField, PbRecord } from './pocketbase-data';

/** The folder's data.db could not be read as PocketBase data: a sentence for the operator. */
export class PocketBaseReadError extends Error {}

interface CollectionRow {
  id: string;
  name: string;
  type: string;
  schema?: string | null;
  fields?: string | null;
}

function parseJson(text: string | null | undefined, what: string): unknown {
  if (text === null || text === undefined || text === '') return [];
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new PocketBaseReadError(`The ${what} in PocketBase's _collections table is not JSON.`);
  }
}

/** One field as either layout describes it. */
function readField(raw: unknown): PbField | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const field = raw as Record<string, unknown>;
  const options = (typeof field.options === 'object' && field.options !== null ? field.options : field) as Record<string, unknown>;
  if (typeof field.name !== 'string' || typeof field.type !== 'string') return null;
  const maxSelect = typeof options.maxSelect === 'number' ? options.maxSelect : null;
  return { name: field.name, type: field.type, maxSelect };
}

export class PocketBaseData {
  readonly collections: ReadonlyMap<string, PbCollection>;
  readonly layout: '0.22' | '0.23+';

  private constructor(
    private readonly db: SQLite.Database,
    readonly file: string,
  ) {
    const columns = (db.prepare(`PRAGMA table_info("_collections")`).all() as Array<{ name: string }>).map((c) => c.name);
    if (columns.length === 0) throw new PocketBaseReadError(`${file} has no _collections table: it is not PocketBase's data.db.`);
    this.layout = columns.includes('fields') ? '0.23+' : '0.22';
    const layoutColumn = this.layout === '0.23+' ? 'fields' : 'schema';
    const rows = db.prepare(`SELECT id, name, type, "${layoutColumn}" AS ${layoutColumn} FROM "_collections"`).all() as CollectionRow[];
    const collections = new Map<string, PbCollection>();
    for (const row of rows) {
      const listed = parseJson(row[layoutColumn], `field list of ${row.name}`);
      const fields = (Array.isArray(listed) ? listed : []).map(readField).filter((f): f is PbField => f !== null);
      collections.set(row.name, { id: row.id, name: row.name, type: row.type, fields });
    }
    this.collections = collections;
  }

  /** Opens `<pbData>/data.db` (or a data.db given directly) read-only. */
  static open(pbData: string): PocketBaseData {
    const file = fs.existsSync(pbData) && fs.statSync(pbData).isDirectory() ? path.join(pbData, 'data.db') : pbData;
    if (!fs.existsSync(file)) throw new PocketBaseReadError(`There is no PocketBase data.db at ${file}.`);
    let db: SQLite.Database;
    try {
      db = new SQLite(file, { readonly: true, fileMustExist: true });
      db.pragma('query_only = ON');
    } catch (error) {
      throw new PocketBaseReadError(`${file} could not be opened: ${error instanceof Error ? error.message : String(error)}`);
    }
    try {
      return new PocketBaseData(db, file);
    } catch (error) {
      db.close();
      if (error instanceof PocketBaseReadError) throw error;
      throw new PocketBaseReadError(
        `${file} could not be read as PocketBase data: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  has(name: string): boolean {
    return this.collections.has(name);
  }

  count(name: string): number {
    if (!this.has(name)) return 0;
    return (this.db.prepare(`SELECT count(*) AS n FROM "${name.replaceAll('"', '""')}"`).get() as { n: number }).n;
  }

  /** The collection's records, oldest first, each column decoded by its field's type. */
  *records(name: string): Generator<PbRecord> {
    const collection = this.collections.get(name);
    if (!collection) return;
    const byName = new Map(collection.fields.map((f) => [f.name, f]));
    // 0.22 lists no system fields of an auth collection; its flags are 0/1 columns all the same.
    if (collection.type === 'auth')
      for (const flag of ['verified', 'emailVisibility'])
        if (!byName.has(flag)) byName.set(flag, { name: flag, type: 'bool', maxSelect: null });
    const rows = this.db.prepare(`SELECT * FROM "${name.replaceAll('"', '""')}" ORDER BY created, rowid`).iterate() as IterableIterator<
      Record<string, unknown>
    >;
    for (const row of rows) {
      const record: PbRecord = {};
      for (const [column, value] of Object.entries(row)) record[column] = decode(byName.get(column), value);
      yield record;
    }
  }

  /** A record's attached file, `pb_data/storage/<collection id>/<record id>/<name>`, or null when it is not there. */
  attachedFile(collection: string, recordId: string, name: string): Buffer | null {
    const id = this.collections.get(collection)?.id;
    if (!id || [id, recordId, name].some((part) => part === '' || part.includes('/') || part.includes('\\') || part.startsWith('.')))
      return null;
    try {
      return fs.readFileSync(path.join(path.dirname(this.file), 'storage', id, recordId, name));
    } catch {
      return null;
    }
  }

  close(): void {
    this.db.close();
  }
}

/** A column's value as PocketBase's API would give it: JSON parsed, flags as booleans, lists as arrays. */
export function decode(field: PbField | undefined, value: unknown): unknown {
  if (!field) return value;
  switch (field.type) {
    case 'bool':
      return value === 1 || value === '1' || value === true || value === 'true';
    case 'number':
      return typeof value === 'number' ? value : value === null || value === '' ? 0 : Number(value);
    case 'json':
      if (typeof value !== 'string' || value === '') return value === '' ? null : value;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        return value;
      }
    case 'select':
    case 'relation':
    case 'file':
      // Several values are a JSON list; one is plain text (PocketBase keeps both forms in old data).
      if (typeof value === 'string' && value.startsWith('[')) {
        try {
          const list = JSON.parse(value) as unknown;
          if (Array.isArray(list)) return list.map(String);
        } catch {
          return value;
        }
      }
      return value ?? '';
    default:
      return value ?? '';
  }
}
