// Order history for the benchmarks, written straight into the database in one transaction (going
// through HTTP would take minutes for 200,000 orders and measure nothing we care about).
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { DAYS } from '../../src/domain/records';
import { currentIsoWeek, utcCalendarDate } from '../../src/domain/weeks';
import { openDatabase } from '../../src/server/db/database';
import { formatTimestamp, newRecordId } from '../../src/server/records/ids';
import { run } from './processes';

/**
 * The week every board figure asks for: it always holds BOARD_WEEK_ORDERS orders. This week, as
 * the board opens on it, and because the benches also add orders to it through the API, which
 * refuses new orders in a week that has passed.
 */
const THIS_WEEK = currentIsoWeek(utcCalendarDate(new Date()));
export const BOARD_YEAR = THIS_WEEK.year;
export const BOARD_WEEK = THIS_WEEK.week;
export const BOARD_WEEK_ORDERS = 100;
/** History outside the board's week is spread over these years. */
const FIRST_YEAR = 1990;
const LAST_YEAR = 2030;

const NAMES = ['Greenfield', 'Hawthorn', 'Willow', 'Bramble', 'Foxglove', 'Oakleigh', 'Primrose', 'Ashdown', 'Larkspur', 'Meadow'];
const KINDS = ['Garden Centre', 'Nursery', 'Landscapes', 'Plant Shop', 'Estates'];

/** Titles like "Hawthorn Nursery 123": searchable words plus a number, as customers look. */
export function titleOf(i: number): string {
  return `${NAMES[i % NAMES.length]} ${KINDS[Math.floor(i / NAMES.length) % KINDS.length]} ${i % 997}`;
}

/** The search terms the bench asks for: common words, a rarer one, an order number. */
export const SEARCH_TERMS = ['hawthorn nursery', 'larkspur', 'SO-1234', 'estates 99', 'meadow plant'];

export interface SeedOrder {
  id: string;
  created: string;
  updated: string;
  title: string;
  day: string;
  postcode: string;
  orderNumber: string;
  customerType: string;
  other: string;
  weekNumber: number;
  year: number;
  orderInfo: string;
  status: string;
  trollies: string;
  extras: string;
  user: string;
  /** Only in our tables (PocketBase's copy of the collection has none). */
  nursery?: string;
}

/**
 * Order number `i` of a history: the first BOARD_WEEK_ORDERS land in the board's week, the rest
 * are spread evenly over weeks 1–52 of 1990–2030 (skipping the board's week). `created` grows with
 * `i`, so "newest first" is meaningful.
 */
export function orderAt(i: number, userId: string, nursery?: string): SeedOrder {
  let year = BOARD_YEAR;
  let weekNumber = BOARD_WEEK;
  if (i >= BOARD_WEEK_ORDERS) {
    const slot = (i * 7919) % ((LAST_YEAR - FIRST_YEAR + 1) * 52);
    year = FIRST_YEAR + Math.floor(slot / 52);
    weekNumber = 1 + (slot % 52);
    if (year === BOARD_YEAR && weekNumber === BOARD_WEEK) weekNumber = BOARD_WEEK === 1 ? 2 : BOARD_WEEK - 1;
  }
  const stamp = formatTimestamp(new Date(Date.UTC(2020, 0, 1) + i * 1000));
  return {
    id: newRecordId(),
    created: stamp,
    updated: stamp,
    title: titleOf(i),
    day: DAYS[i % 7] as string,
    postcode: 'GL7 2QA',
    orderNumber: `SO-${i}`,
    customerType: 'wholesale',
    other: i % 50 === 0 ? 'holding' : 'none',
    weekNumber,
    year,
    orderInfo: i % 3 === 0 ? 'Two Danish trolleys, shrubs on the bottom shelf' : '',
    status: '',
    trollies: String(1 + (i % 4)),
    extras: '',
    user: userId,
    ...(nursery === undefined ? {} : { nursery }),
  };
}

/** Creates the tables (the server's own migrations) in a SQLite DATA_DIR. */
export async function migrateSqlite(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir, databaseUrl: null });
  await database.close();
}

/** Path of the server's SQLite file in a DATA_DIR. */
export function sqliteFile(dataDir: string): string {
  return path.join(dataDir, 'trolleyboard.db');
}

/**
 * Appends orders `from` … `to - 1` to a SQLite file in one transaction, into the columns the
 * table has (a column added later by a migration keeps its default). Returns the rows written.
 */
export function seedSqliteOrders(
  file: string,
  table: string,
  from: number,
  to: number,
  owner: { id: string; nursery: string },
): SeedOrder[] {
  const db = new SQLite(file);
  try {
    db.pragma('journal_mode = WAL');
    const columns = new Set((db.prepare(`PRAGMA table_info("${table}")`).all() as Array<{ name: string }>).map((c) => c.name));
    const sample = orderAt(0, owner.id, owner.nursery);
    const names = Object.keys(sample).filter((name) => columns.has(name));
    const insert = db.prepare(
      `INSERT INTO "${table}" (${names.map((n) => `"${n}"`).join(', ')}) VALUES (${names.map((n) => `@${n}`).join(', ')})`,
    );
    const written: SeedOrder[] = [];
    db.transaction(() => {
      for (let i = from; i < to; i++) {
        const order = orderAt(i, owner.id, owner.nursery);
        insert.run(Object.fromEntries(names.map((n) => [n, order[n as keyof SeedOrder]])));
        if (i < BOARD_WEEK_ORDERS) written.push(order);
      }
    })();
    return written;
  } finally {
    db.close();
  }
}

export interface StaffLogin {
  username: string;
  email: string;
  password: string;
}

/**
 * A verified member of staff who accepted the terms, made with the operator CLI (docs/decisions/024):
 * the admin of a nursery of their own, unless `extra` names one to join (`--nursery`, `--role`).
 */
export async function createStaffWithCli(env: Record<string, string>, n: number, extra: string[] = []): Promise<StaffLogin> {
  const login = { username: `bench${n}`, email: `bench${n}@nursery.test`, password: 'bench-password-42' };
  await run(
    'npm',
    [
      'run',
      '--silent',
      'admin',
      '--',
      'create-user',
      '--username',
      login.username,
      '--email',
      login.email,
      '--password',
      login.password,
      '--verified',
      '--accept-terms',
      ...extra,
    ],
    { env: { ...process.env, LOG_LEVEL: 'warn', ...env } },
  );
  return login;
}
