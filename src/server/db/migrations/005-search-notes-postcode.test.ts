import fc from 'fast-check';
import { sql, type Kysely, type Migration } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { tasksCollection } from '../../records/collections/tasks';
import { compileFilter } from '../../records/filter/compile-filter';
import { parseFilter } from '../../records/filter/parse-filter';
import type { Database } from '../schema';
import * as initial from './001-initial';
import * as insertionOrder from './002-insertion-order';
import * as searchIndex from './003-search-index';
import * as throttles from './004-throttles';
import * as searchNotesPostcode from './005-search-notes-postcode';
import { migrate, throwawayDatabase } from './migration-test-db';

// Migration 005 on a database that already holds orders (SQLite, or PostgreSQL in its pass):
// notes and postcodes written before it are found through the search index after it, the index
// follows every later insert, update and delete, and `~` answers exactly what LIKE alone does.

const BEFORE: Record<string, Migration> = {
  '001-initial': initial,
  '002-insertion-order': insertionOrder,
  '003-search-index': searchIndex,
  '004-throttles': throttles,
};

const isSqlite = !process.env.TEST_DATABASE_URL;
const dialect = isSqlite ? 'sqlite' : 'postgres';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function openAt004(): Promise<Kysely<Database>> {
  const db = await throwawayDatabase<Database>(cleanups);
  await migrate(db, BEFORE);
  return db;
}

const ORDERS = [
  { id: 'task00000000001', postcode: 'GL7 2QA', orderInfo: 'Two Danish trolleys, shrubs on the bottom shelf' },
  { id: 'task00000000002', postcode: 'SN1 1AA', orderInfo: 'Ring the bell at the back door.\nInvoice monthly.' },
  { id: 'task00000000003', postcode: 'gl50 3pp', orderInfo: '' },
  { id: 'task00000000004', postcode: '', orderInfo: '50% deposit_paid — Café Émile' },
];

async function insert(db: Kysely<Database>, order: { id: string; postcode: string; orderInfo: string }): Promise<void> {
  await sql`INSERT INTO tasks (id, created, updated, title, postcode, "orderInfo", "weekNumber", year)
    VALUES (${order.id}, '2026-01-01 00:00:00.000Z', '2026-01-01 00:00:00.000Z', ${`Order ${order.id}`}, ${order.postcode}, ${order.orderInfo}, 1, 2026)`.execute(
    db,
  );
}

/** Ids the filter selects through the compiler (with the index), in id order. */
async function found(db: Kysely<Database>, filter: string): Promise<string[]> {
  const rows = await db
    .selectFrom('tasks')
    .select('id')
    .where(compileFilter(parseFilter(filter), tasksCollection.fields, dialect))
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** The same `~` by LIKE alone over every row, as before any index (docs/decisions/010). */
async function foundByLike(db: Kysely<Database>, column: 'postcode' | 'orderInfo', text: string): Promise<string[]> {
  const escaped = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await sql<{
    id: string;
  }>`SELECT id FROM tasks WHERE LOWER(COALESCE(${sql.ref(column)}, '')) LIKE LOWER(${escaped}) ESCAPE '\\' ORDER BY id`.execute(db);
  return rows.rows.map((row) => row.id);
}

const SEARCHES = ['danish trolleys', 'BELL', 'back door.\ninvoice', 'gl', 'GL7 2', 'gl50', '50%', 'deposit_', 'café', 'zzz', 'e'];

async function expectSameAsLike(db: Kysely<Database>): Promise<void> {
  for (const column of ['postcode', 'orderInfo'] as const) {
    for (const text of SEARCHES) {
      const filter = `${column} ~ ${JSON.stringify(text.replace(/[%_]/g, (c) => `\\${c}`))}`;
      expect({ filter, ids: await found(db, filter) }).toEqual({ filter, ids: await foundByLike(db, column, text) });
    }
  }
}

describe('migration 005: search index for notes and postcodes', () => {
  it('finds orders written before it, and follows every later write', async () => {
    const db = await openAt004();
    for (const order of ORDERS.slice(0, 3)) await insert(db, order);

    await migrate(db, { ...BEFORE, '005-search-notes-postcode': searchNotesPostcode });

    expect(await found(db, 'orderInfo ~ "Danish trolleys"')).toEqual(['task00000000001']);
    expect(await found(db, 'postcode ~ "gl"')).toEqual(['task00000000001', 'task00000000003']);
    // title and orderNumber are still indexed as by migration 003.
    expect(await found(db, 'title ~ "00000000002"')).toEqual(['task00000000002']);
    await expectSameAsLike(db);

    // Insert, update of a note, update of something else, delete.
    await insert(db, ORDERS[3] as (typeof ORDERS)[number]);
    await sql`UPDATE tasks SET "orderInfo" = 'Leave by the gate' WHERE id = 'task00000000001'`.execute(db);
    await sql`UPDATE tasks SET status = 'loaded' WHERE id = 'task00000000002'`.execute(db);
    await sql`DELETE FROM tasks WHERE id = 'task00000000003'`.execute(db);
    expect(await found(db, 'orderInfo ~ "Danish trolleys"')).toEqual([]);
    expect(await found(db, 'orderInfo ~ "by the gate"')).toEqual(['task00000000001']);
    expect(await found(db, 'orderInfo ~ "ring the bell"')).toEqual(['task00000000002']);
    expect(await found(db, 'postcode ~ "gl50"')).toEqual([]);
    expect(await found(db, 'orderInfo ~ "Émile"')).toEqual(['task00000000004']);
    await expectSameAsLike(db);
    if (isSqlite) {
      // FTS5's own check that the index holds exactly what the orders hold.
      await sql`INSERT INTO tasks_fts (tasks_fts, rank) VALUES ('integrity-check', 1)`.execute(db);
    }
  });

  it('answers `~` on notes and postcodes exactly as LIKE alone, for any texts', async () => {
    const db = await openAt004();
    await migrate(db, { ...BEFORE, '005-search-notes-postcode': searchNotesPostcode });
    const alphabet = fc.constantFrom(...'aAbBoOkK %_\\"\'*:()-^ éÉŵ\n'.split(''), '🌱', 'NEAR', 'AND', 'OR', 'ß');
    const text = fc.array(alphabet, { maxLength: 14 }).map((parts) => parts.join(''));
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(text, text), { minLength: 1, maxLength: 8 }),
        fc.array(text, { minLength: 1, maxLength: 4 }),
        async (orders, searches) => {
          await sql`DELETE FROM tasks`.execute(db);
          for (const [postcode, orderInfo] of orders)
            await insert(db, { id: `prop${String((n += 1)).padStart(11, '0')}`, postcode, orderInfo });
          for (const search of searches) {
            for (const column of ['postcode', 'orderInfo'] as const) {
              // The client's own LIKE pattern when it holds a %, as in PocketBase: compare with the compiler's pattern then.
              if (search.includes('%') || search.includes('\\')) continue;
              const filter = `${column} ~ ${JSON.stringify(search.replace(/_/g, '\\_'))}`;
              expect({ filter, ids: await found(db, filter) }).toEqual({ filter, ids: await foundByLike(db, column, search) });
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('lets `~` on notes and postcodes use the index', async () => {
    const db = await openAt004();
    await migrate(db, { ...BEFORE, '005-search-notes-postcode': searchNotesPostcode });
    for (const [filter, index] of [
      ['orderInfo ~ "trolleys"', 'tasks_order_info_trgm'],
      ['postcode ~ "GL7"', 'tasks_postcode_trgm'],
    ] as const) {
      const query = db
        .selectFrom('tasks')
        .select('id')
        .where(compileFilter(parseFilter(filter), tasksCollection.fields, dialect))
        .compile();
      if (isSqlite) {
        const plan = await db.executeQuery<{ detail: string }>({ ...query, sql: `EXPLAIN QUERY PLAN ${query.sql}` });
        expect(plan.rows.map((row) => row.detail).join('\n')).toMatch(/SCAN tasks_fts VIRTUAL TABLE INDEX/);
      } else {
        const extension = await sql`SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'`.execute(db);
        if (extension.rows.length === 0) return; // without pg_trgm there is no index (migration 003 warned)
        // A test table is tiny, so the planner would read it whole: ask it what it would do without that choice.
        const plan = await db.transaction().execute(async (trx) => {
          await sql`SET LOCAL enable_seqscan = off`.execute(trx);
          return trx.executeQuery<{ 'QUERY PLAN': string }>({ ...query, sql: `EXPLAIN ${query.sql}` });
        });
        expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain(index);
      }
    }
  });
});
