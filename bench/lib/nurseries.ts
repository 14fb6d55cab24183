// Many nurseries' order histories for the board benchmark of issue 15, written by SQLite itself:
// one INSERT … SELECT over a counting CTE per nursery, so two million orders take seconds, not
// minutes (no row crosses from JavaScript). Each nursery's history looks like seed.ts's: its first
// BOARD_WEEK_ORDERS orders in the board's week, the rest spread over 1990–2030.
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import PocketBase from 'pocketbase';
import { startNpmServer } from './processes';
import { BOARD_WEEK, BOARD_WEEK_ORDERS, BOARD_YEAR, createStaffWithCli, migrateSqlite, sqliteFile } from './seed';

const FIRST_YEAR = 1990;
const YEARS = 41;

/** Orders `0 … count - 1` of `nursery`, made by `userId`; ids start with `prefix` (4 characters). */
function insertHistory(db: SQLite.Database, nursery: string, userId: string, prefix: string, count: number): void {
  const otherWeek = BOARD_WEEK === 1 ? 2 : BOARD_WEEK - 1;
  db.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < @count),
     slots AS (
       SELECT i,
         CASE WHEN i < @boardOrders THEN @boardYear ELSE ${FIRST_YEAR} + ((i * 7919) % ${YEARS * 52}) / 52 END AS year,
         CASE WHEN i < @boardOrders THEN @boardWeek ELSE 1 + ((i * 7919) % ${YEARS * 52}) % 52 END AS week
       FROM n
     )
     INSERT INTO tasks (id, created, updated, title, day, postcode, "orderNumber", "customerType", other, "weekNumber", year,
       "orderInfo", status, trollies, extras, "user", nursery)
     SELECT
       @prefix || printf('%011d', i),
       strftime('%Y-%m-%d %H:%M:%S', 1577836800 + i * 60, 'unixepoch') || '.000Z',
       strftime('%Y-%m-%d %H:%M:%S', 1577836800 + i * 60, 'unixepoch') || '.000Z',
       'Garden Centre ' || (i % 997),
       CASE i % 7 WHEN 0 THEN 'monday' WHEN 1 THEN 'tuesday' WHEN 2 THEN 'wednesday' WHEN 3 THEN 'thursday'
         WHEN 4 THEN 'friday' WHEN 5 THEN 'saturday' ELSE 'sunday' END,
       'GL7 2QA',
       'SO-' || i,
       'wholesale',
       CASE WHEN i % 50 = 0 THEN 'holding' ELSE 'none' END,
       CASE WHEN i >= @boardOrders AND year = @boardYear AND week = @boardWeek THEN ${otherWeek} ELSE week END,
       year,
       '', '', (1 + i % 4), '', @user, @nursery
     FROM slots`,
  ).run({
    count,
    boardOrders: BOARD_WEEK_ORDERS,
    boardYear: BOARD_YEAR,
    boardWeek: BOARD_WEEK,
    prefix,
    user: userId,
    nursery,
  });
}

/** `count` orders of an existing account's nursery (the one the bench signs in as). */
export function seedNurseryHistory(file: string, owner: { id: string; nursery: string }, count: number): void {
  const db = new SQLite(file);
  try {
    db.pragma('journal_mode = WAL');
    db.transaction(() => insertHistory(db, owner.nursery, owner.id, 'main', count))();
  } finally {
    db.close();
  }
}

/** `nurseries` more nurseries, `each` orders apiece, as other nurseries sharing the server. */
export function seedOtherNurseries(file: string, nurseries: number, each: number): void {
  const db = new SQLite(file);
  try {
    db.pragma('journal_mode = WAL');
    const stamp = '2020-01-01 00:00:00.000Z';
    const addNursery = db.prepare(
      `INSERT INTO nurseries (id, created, updated, name, headings, "deletePasswordHash", "generatedDeletePassword") VALUES (?, ?, ?, ?, '{}', '', '')`,
    );
    for (let n = 0; n < nurseries; n++) {
      const id = `benchnursery${String(n).padStart(3, '0')}`;
      db.transaction(() => {
        addNursery.run(id, stamp, stamp, `Bench nursery ${n}`);
        insertHistory(db, id, `benchuser${String(n).padStart(6, '0')}`, `o${String(n).padStart(3, '0')}`, each);
      })();
    }
  } finally {
    db.close();
  }
}

export interface NurseriesBoardFigures {
  /** Median ms of one nursery's week board with only that nursery's history stored. */
  oneMs: number;
  /** The same board with `nurseries` nurseries' histories stored. */
  manyMs: number;
  nurseries: number;
  ordersEach: number;
}

/**
 * `board_100_nurseries_over_1`: one nursery's week board (its 100 orders of the week, as the SDK's
 * getFullList asks) with `nurseries - 1` more nurseries of `ordersEach` orders stored, ÷ the same
 * with its own `ordersEach` alone. Two copies of the database, one server each, both running, their
 * timed reads taken in turn, so a busy moment of a shared machine falls on both alike. Each timed
 * read follows an untimed change to another order of the nursery, so no cached answer is measured.
 */
export async function measureBoardAcrossNurseries(
  tmp: string,
  options: { nurseries: number; ordersEach: number; rounds: number; log: (line: string) => void },
): Promise<NurseriesBoardFigures> {
  const { nurseries, ordersEach, rounds, log } = options;
  const oneDir = path.join(tmp, 'one-nursery');
  await migrateSqlite(oneDir);
  const staff = await createStaffWithCli({ DATA_DIR: oneDir }, 100);
  const owner = (() => {
    const db = new SQLite(sqliteFile(oneDir), { readonly: true });
    try {
      return db.prepare('SELECT id, nursery FROM users WHERE username = ?').get(staff.username) as { id: string; nursery: string };
    } finally {
      db.close();
    }
  })();
  seedNurseryHistory(sqliteFile(oneDir), owner, ordersEach);
  // The same data folder (database, secrets) again, then the other nurseries' histories into it.
  const manyDir = path.join(tmp, 'many-nurseries');
  fs.cpSync(oneDir, manyDir, { recursive: true });
  const seedStart = performance.now();
  seedOtherNurseries(sqliteFile(manyDir), nurseries - 1, ordersEach);
  log(`  seeded ${nurseries - 1} more nurseries × ${ordersEach} orders in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

  const bustId = `main${String(ordersEach - 1).padStart(11, '0')}`;
  const filter = `year = ${BOARD_YEAR} && weekNumber = ${BOARD_WEEK}`;
  const servers = [await startNpmServer(oneDir), await startNpmServer(manyDir)];
  try {
    const clients = await Promise.all(
      servers.map(async (server) => {
        const pb = new PocketBase(server.url);
        pb.autoCancellation(false);
        await pb.collection('users').authWithPassword(staff.username, staff.password);
        return pb;
      }),
    );
    const board = (pb: PocketBase) => pb.collection('tasks').getFullList({ filter, sort: 'created' });
    // A fresh server's first reads warm its caches and workers, which neither figure should count.
    for (const pb of clients) for (let i = 0; i < 3; i++) await board(pb);
    const samples: number[][] = [[], []];
    const orders: number[] = [0, 0];
    for (let i = 0; i < rounds; i++) {
      for (const [k, pb] of clients.entries()) {
        await pb.collection('tasks').update(bustId, { status: i % 2 === 0 ? 'working' : 'pulled' });
        const start = performance.now();
        orders[k] = (await board(pb)).length;
        samples[k]?.push(performance.now() - start);
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
    const [oneMs, manyMs] = samples.map(median) as [number, number];
    log(`  one nursery, ${ordersEach} orders: board (${orders[0]} orders) median ${oneMs.toFixed(2)} ms`);
    log(`  ${nurseries} nurseries, ${nurseries * ordersEach} orders: board (${orders[1]} orders) median ${manyMs.toFixed(2)} ms`);
    if (orders[0] !== orders[1]) throw new Error(`the board showed ${orders[1]} orders with other nurseries stored, ${orders[0]} without`);
    return { oneMs, manyMs, nurseries, ordersEach };
  } finally {
    for (const server of servers) await server.stop();
  }
}
