import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedPostgres } from '../../../tests/support/postgres';
import { columnOf, isMultiFile, type CollectionDeclaration, type Field } from '#domain/collections/fields';
import { DECLARATIONS } from '#domain/collections/registry';
import { openDatabase, type DatabaseHandle } from './database';

// Each collection's declaration (src/domain/collections) against the database the migrations
// make, on SQLite and, in the PostgreSQL pass, on PostgreSQL: the same columns, of the kind the
// declaration says, NOT NULL, with the declared defaults, and the indexes the lists need (the
// declared ones, the id and insertion order, and the search index of every `textIndex` field),
// no more and no fewer. A migration and a declaration cannot drift apart unnoticed.

interface Column {
  type: string;
  notNull: boolean;
  /** As SQL writes it (`''`, `'monday'`, `false`), without PostgreSQL's `::text`; null for none. */
  default: string | null;
}

interface Index {
  unique: boolean;
  /** Columns and expressions, lower-case, without quotes and spaces: `year,weeknumber`, `lower(username)`. */
  on: string;
  /** A partial index's condition in the same form (`email!=''`); absent for a whole-table index. */
  where?: string;
}

const TYPE_OF_KIND: Readonly<Record<Field['kind'], string>> = {
  text: 'text',
  select: 'text',
  relation: 'text',
  date: 'text',
  json: 'text',
  password: 'text',
  file: 'text',
  number: 'integer',
  bool: 'boolean',
};

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** What the declaration says the column's default is. */
function declaredDefault(field: Field): string | null {
  if (field.kind === 'file') return quote(isMultiFile(field) ? '[]' : '');
  if (field.kind === 'json') return quote(field.default === null ? '' : JSON.stringify(field.default));
  if (field.kind === 'password' || field.default === undefined) return null;
  if (typeof field.default === 'boolean' || typeof field.default === 'number') return String(field.default);
  return quote(field.default);
}

const normalise = (text: string) => text.replaceAll('"', '').replaceAll(/\s+/g, '').toLowerCase();

/** The part between the parentheses that follow `after` in an index definition. */
function columnsOf(definition: string, after: RegExp): string {
  const start = definition.search(after);
  const open = definition.indexOf('(', start);
  let depth = 0;
  for (let i = open; i < definition.length; i++) {
    if (definition[i] === '(') depth++;
    else if (definition[i] === ')' && --depth === 0) return normalise(definition.slice(open + 1, i));
  }
  throw new Error(`cannot read the columns of: ${definition}`);
}

/** The condition after WHERE in an index definition, in one form for both databases: `email!=''`. */
function whereOf(definition: string): string | undefined {
  const match = /\bWHERE\b([\s\S]*)$/i.exec(definition);
  if (!match) return undefined;
  let condition = normalise((match[1] ?? '').replaceAll('::text', '').replaceAll('<>', '!='));
  while (condition.startsWith('(') && condition.endsWith(')')) condition = condition.slice(1, -1);
  return condition;
}

/** An index as the test compares it: `where` only when there is one. */
function indexOf(unique: boolean, on: string, where: string | undefined): Index {
  return where === undefined ? { unique, on } : { unique, on, where };
}

const isPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** Every registered collection (src/domain/collections/registry.ts): its table must exist once migrated. */
const REGISTERED = DECLARATIONS.map((declaration): [string, CollectionDeclaration] => [declaration.name, declaration]);

async function columnsIn(handle: DatabaseHandle, table: string): Promise<Map<string, Column>> {
  const columns = new Map<string, Column>();
  if (handle.dialect === 'sqlite') {
    const { rows } = await sql<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number }>`
      SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_info(${table})`.execute(handle.db);
    for (const row of rows)
      columns.set(row.name, { type: row.type.toLowerCase(), notNull: row.notnull === 1 || row.pk === 1, default: row.dflt_value });
  } else {
    const { rows } = await sql<{ column_name: string; data_type: string; is_nullable: string; column_default: string | null }>`
      SELECT column_name, data_type, is_nullable, column_default FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = ${table}`.execute(handle.db);
    for (const row of rows) {
      const fallback = row.column_default?.replace(/::(text|character varying)$/, '') ?? null;
      columns.set(row.column_name, { type: row.data_type, notNull: row.is_nullable === 'NO', default: fallback });
    }
  }
  return columns;
}

async function indexesIn(handle: DatabaseHandle, table: string): Promise<Map<string, Index>> {
  const indexes = new Map<string, Index>();
  if (handle.dialect === 'sqlite') {
    const { rows } = await sql<{ name: string; sql: string | null }>`
      SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ${table}`.execute(handle.db);
    for (const row of rows) {
      if (row.sql === null) {
        // A UNIQUE constraint of the table (SQLite names it sqlite_autoindex_*): which columns?
        const { rows: cols } = await sql<{ name: string }>`SELECT name FROM pragma_index_info(${row.name})`.execute(handle.db);
        indexes.set(row.name, { unique: true, on: cols.map((c) => c.name.toLowerCase()).join(',') });
      } else {
        indexes.set(row.name, indexOf(/^CREATE UNIQUE/i.test(row.sql), columnsOf(row.sql, /\bON\b/i), whereOf(row.sql)));
      }
    }
  } else {
    const { rows } = await sql<{ indexname: string; indexdef: string }>`
      SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = ${table}`.execute(handle.db);
    for (const row of rows)
      indexes.set(
        row.indexname,
        indexOf(/^CREATE UNIQUE/i.test(row.indexdef), columnsOf(row.indexdef, /\bUSING\b/i), whereOf(row.indexdef)),
      );
  }
  return indexes;
}

describe(`each collection's declaration and the migrated database (${isPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  let handle: DatabaseHandle;
  const cleanups: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trolleyboard-drift-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const postgres = isPostgres ? await isolatedPostgres(String(process.env.TEST_DATABASE_URL)) : null;
    if (postgres) cleanups.push(() => postgres.drop());
    handle = await openDatabase({ dataDir, databaseUrl: postgres?.url ?? null });
    cleanups.unshift(() => handle.close());
  });
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  describe.each(REGISTERED)('%s', (table, declaration) => {
    it('has exactly the declared columns, of their kind, NOT NULL, with their defaults', async () => {
      const actual = await columnsIn(handle, table);
      const expected = new Map<string, Column>([
        ['id', { type: 'text', notNull: true, default: null }],
        ['created', { type: 'text', notNull: true, default: null }],
        ['updated', { type: 'text', notNull: true, default: null }],
      ]);
      for (const [name, field] of Object.entries(declaration.fields))
        expected.set(columnOf(name, field), { type: TYPE_OF_KIND[field.kind], notNull: true, default: declaredDefault(field) });
      // The insertion order of migration 002: in every table, never in the API.
      expect(actual.get('seq')).toMatchObject({ type: handle.dialect === 'sqlite' ? 'integer' : 'bigint', notNull: true });
      actual.delete('seq');
      expect(Object.fromEntries(actual)).toEqual(Object.fromEntries(expected));
    });

    it('has the declared indexes, the id and insertion-order indexes and the search index, and no others', async () => {
      const actual = await indexesIn(handle, table);
      const expected = new Map<string, Index>();
      for (const index of declaration.indexes)
        expected.set(
          index.name,
          indexOf(
            index.unique ?? false,
            normalise(index.on.join(',')),
            index.where === undefined ? undefined : whereOf(`WHERE ${index.where}`),
          ),
        );
      const searched = Object.entries(declaration.fields).filter(([, field]) => field.kind === 'text' && field.textIndex);
      const others = [...actual].filter(([name]) => !expected.has(name));
      // Every record is found by its id; PostgreSQL also indexes the insertion order (SQLite's is the rowid).
      const implicit = others.filter(([, index]) => index.unique && (index.on === 'id' || index.on === 'seq'));
      expect(implicit.map(([, index]) => index.on).sort()).toEqual(handle.dialect === 'sqlite' ? ['id'] : ['id', 'seq']);
      const trigram = others.filter(([, index]) => /^lower\(coalesce\(/.test(index.on) && /gin_trgm_ops$/.test(index.on));
      const { rows: trgm } =
        handle.dialect === 'postgres' ? await sql`SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'`.execute(handle.db) : { rows: [] };
      if (trgm.length > 0) {
        // pg_trgm indexes on the very expression the filter compiler writes (migrations 003, 005;
        // without the extension, search reads every row and there is nothing to compare).
        expect(trigram.map(([, index]) => index.on.replace(/^lower\(coalesce\(([^,]+),.*$/, '$1')).sort()).toEqual(
          searched.map(([name]) => name.toLowerCase()).sort(),
        );
      }
      expect(others.filter((entry) => !implicit.includes(entry) && !trigram.includes(entry))).toEqual([]);
      for (const [name, index] of expected) expect({ name, ...actual.get(name) }).toEqual({ name, ...index });
    });

    if (!isPostgres) {
      it('searches the declared text-indexed fields through its trigram table, and only those', async () => {
        const searched = Object.entries(declaration.fields)
          .filter(([, field]) => field.kind === 'text' && field.textIndex)
          .map(([name]) => name);
        const ftsTable = `${table}_fts`;
        const { rows } = await sql<{ name: string }>`SELECT name FROM pragma_table_info(${ftsTable})`.execute(handle.db);
        expect(rows.map((row) => row.name).sort()).toEqual([...searched].sort());
        if (searched.length === 0) return;
        const { rows: triggers } = await sql<{ name: string }>`
          SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ${table}`.execute(handle.db);
        expect(triggers.map((row) => row.name).sort()).toEqual([`${ftsTable}_delete`, `${ftsTable}_insert`, `${ftsTable}_update`]);
      });
    }
  });
});
