// Test support: a real in-memory SQLite table with one column of every filterable kind, so the
// filter and sort tests can check which rows come back instead of what SQL text was produced.

import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, sql, SqliteDialect, type Generated } from 'kysely';
import pg from 'pg';

import { isolatedPostgres } from '../../../../tests/support/postgres';
import type { FieldMap, SqlDialect } from './field-map';

export interface ItemsTable {
  id: string;
  title: string;
  note: string | null;
  week_number: number;
  price: number | null;
  /** 0/1 on SQLite, a real boolean on PostgreSQL. */
  is_done: number | boolean;
  created: string;
  owner: string;
  data: Generated<string>;
}

export interface TestDatabase {
  items: ItemsTable;
}

/**
 * API names differ from column names for two fields, to show that columns come from the map.
 * title and note have a trigram index (items_fts, as tasks_fts of migration 003), so every `~`
 * case below also checks that the index never changes an answer.
 */
export const ITEM_FIELDS: FieldMap = {
  id: { column: 'id', type: 'text' },
  title: { column: 'title', type: 'text', textIndex: { ftsTable: 'items_fts', ftsColumn: 'title' } },
  note: { column: 'note', type: 'text', textIndex: { ftsTable: 'items_fts', ftsColumn: 'note' } },
  weekNumber: { column: 'week_number', type: 'number' },
  price: { column: 'price', type: 'number' },
  done: { column: 'is_done', type: 'bool' },
  created: { column: 'created', type: 'date' },
  owner: { column: 'owner', type: 'relation' },
  data: { column: 'data', type: 'json' },
};

type Row = Omit<ItemsTable, 'data'>;

export const ITEM_ROWS: readonly Row[] = [
  { id: 'a', title: 'Oak Tree', note: 'big', week_number: 12, price: 9.5, is_done: 1, created: '2026-01-05 10:00:00.000Z', owner: 'u1' },
  { id: 'b', title: 'oak sapling', note: null, week_number: 13, price: null, is_done: 0, created: '2026-01-06 08:30:00.000Z', owner: 'u2' },
  { id: 'c', title: '', note: '', week_number: 12, price: 0, is_done: 0, created: '2026-01-07 12:00:00.000Z', owner: '' },
  {
    id: 'd',
    title: 'He said "hi"',
    note: "it's",
    week_number: 1,
    price: -2.5,
    is_done: 1,
    created: '2025-12-29 09:00:00.000Z',
    owner: 'u1',
  },
  {
    id: 'e',
    title: 'C:\\dir\\file',
    note: '50% off',
    week_number: 52,
    price: 100,
    is_done: 0,
    created: '2026-12-21 07:00:00.000Z',
    owner: 'u2',
  },
  {
    id: 'f',
    title: 'snake_case',
    note: 'snakeXcase',
    week_number: 53,
    price: 7,
    is_done: 0,
    created: '2026-12-28 07:00:00.000Z',
    owner: 'u1',
  },
  { id: 'g', title: "' OR 1=1 --", note: 'same', week_number: 2, price: 1, is_done: 0, created: '2026-01-08 00:00:00.000Z', owner: '0042' },
  { id: 'h', title: 'same', note: 'same', week_number: 3, price: 3, is_done: 1, created: '2026-01-09 00:00:00.000Z', owner: '' },
];

export async function createItemsDatabase(): Promise<Kysely<TestDatabase>> {
  return (await createItemsDatabaseOn('sqlite')).db;
}

/** Which database the case tables run on: PostgreSQL in the PostgreSQL pass (TEST_DATABASE_URL). */
export const CASE_TABLE_DIALECT: SqlDialect = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';

/**
 * The items table on SQLite (in memory) or, for 'postgres', in a schema of its own on
 * TEST_DATABASE_URL; `close` drops it again.
 */
export async function createItemsDatabaseOn(dialect: SqlDialect): Promise<{ db: Kysely<TestDatabase>; close(): Promise<void> }> {
  let db: Kysely<TestDatabase>;
  let drop = async (): Promise<void> => undefined;
  if (dialect === 'postgres') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('createItemsDatabaseOn("postgres") needs TEST_DATABASE_URL');
    const schema = await isolatedPostgres(base);
    db = new Kysely<TestDatabase>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: schema.url, max: 2 }) }) });
    drop = () => schema.drop();
  } else {
    db = new Kysely<TestDatabase>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
  }
  await db.schema
    .createTable('items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('note', 'text')
    .addColumn('week_number', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('price', dialect === 'postgres' ? 'double precision' : 'real')
    .addColumn('is_done', dialect === 'postgres' ? 'boolean' : 'integer', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('owner', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  if (dialect === 'sqlite') {
    // The `~` cases also run through a trigram index, as tasks.title does (migration 003).
    await sql`CREATE VIRTUAL TABLE items_fts USING fts5(title, note, content='items', content_rowid='rowid', tokenize='trigram')`.execute(
      db,
    );
    await sql`CREATE TRIGGER items_fts_insert AFTER INSERT ON items BEGIN
      INSERT INTO items_fts (rowid, title, note) VALUES (new.rowid, new.title, new.note);
    END`.execute(db);
  }
  await db
    .insertInto('items')
    .values(ITEM_ROWS.map((row) => (dialect === 'postgres' ? { ...row, is_done: row.is_done === 1 } : row)))
    .execute();
  return {
    db,
    async close() {
      await db.destroy();
      await drop();
    },
  };
}
