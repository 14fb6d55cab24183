// The trolley ledger's balances for issue 17 (docs/decisions/038): 500 customers of one nursery
// with one year, and with five years, of movements (~50,000 and ~250,000), written by SQLite
// itself (one INSERT … SELECT over a counting CTE) through the balance triggers of migration 011,
// then the nursery's balances read through the server, both servers running, in turn.
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import PocketBase from 'pocketbase';
import { LEDGER_API } from '../../src/domain/ledger/ledger-api';
import { startNpmServer } from './processes';
import { createStaffWithCli, migrateSqlite, sqliteFile } from './seed';

export const LEDGER_CUSTOMERS = 500;
/** Movements per customer per year: about two a week (a delivery and a return). */
export const MOVEMENTS_PER_CUSTOMER_YEAR = 100;

/**
 * `years` of movements for `customers` customers of the nursery: every customer in turn, one day
 * after another, so each customer's movements come in date order, as a yard records them.
 */
function seedLedger(file: string, owner: { id: string; nursery: string }, customers: number, years: number): number {
  const db = new SQLite(file);
  try {
    db.pragma('journal_mode = WAL');
    const stamp = '2020-01-01 00:00:00.000Z';
    const count = customers * MOVEMENTS_PER_CUSTOMER_YEAR * years;
    const days = Math.round(years * 365.25);
    db.transaction(() => {
      db.prepare(
        `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < @customers)
         INSERT INTO customers (id, created, updated, nursery, name, postcode)
         SELECT 'cust' || printf('%011d', i), @stamp, @stamp, @nursery, 'Garden Centre ' || i, 'GL7 2QA' FROM n`,
      ).run({ customers, stamp, nursery: owner.nursery });
      db.prepare(
        `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < @count)
         INSERT INTO trolley_movements (id, created, updated, nursery, customer, kind, reason, "date", trolleys, shelves, extensions,
           note, "recordedBy", run, stop, created_by, updated_by)
         SELECT 'move' || printf('%011d', i), @stamp, @stamp, @nursery, 'cust' || printf('%011d', i % @customers),
           CASE WHEN (i / @customers) % 2 = 0 THEN 'out' WHEN i % 29 = 0 THEN 'adjustment' ELSE 'in' END,
           CASE WHEN (i / @customers) % 2 = 1 AND i % 29 = 0 THEN 'count' ELSE '' END,
           date('2021-01-01', '+' || (i * @days / @count) || ' days'),
           CASE WHEN (i / @customers) % 2 = 0 THEN 1 + i % 6 WHEN i % 29 = 0 THEN -1 ELSE 1 + i % 5 END,
           CASE WHEN i % 3 = 0 AND (i / @customers) % 2 = 0 THEN 2 ELSE 0 END,
           0, '', @user, '', '', @user, ''
         FROM n`,
      ).run({ count, customers, days, stamp, nursery: owner.nursery, user: owner.id });
    })();
    return count;
  } finally {
    db.close();
  }
}

export interface LedgerFigures {
  oneYearMs: number;
  fiveYearsMs: number;
  oneYearRows: number;
  fiveYearsRows: number;
}

/** `ledger_balances_ms` (five years) and `ledger_5y_over_1y`, each the median of `rounds` reads. */
export async function measureLedgerBalances(tmp: string, options: { rounds: number; log: (line: string) => void }): Promise<LedgerFigures> {
  const { rounds, log } = options;
  const dirs = [path.join(tmp, 'ledger-1y'), path.join(tmp, 'ledger-5y')];
  await migrateSqlite(dirs[0] ?? '');
  const staff = await createStaffWithCli({ DATA_DIR: dirs[0] ?? '' }, 117);
  fs.cpSync(dirs[0] ?? '', dirs[1] ?? '', { recursive: true });
  const rows: number[] = [];
  for (const [k, dir] of dirs.entries()) {
    const db = new SQLite(sqliteFile(dir), { readonly: true });
    const owner = db.prepare('SELECT id, nursery FROM users WHERE username = ?').get(staff.username) as { id: string; nursery: string };
    db.close();
    const start = performance.now();
    rows.push(seedLedger(sqliteFile(dir), owner, LEDGER_CUSTOMERS, k === 0 ? 1 : 5));
    log(`  seeded ${rows[k]} movements of ${LEDGER_CUSTOMERS} customers in ${((performance.now() - start) / 1000).toFixed(1)} s`);
  }
  const servers = [await startNpmServer(dirs[0] ?? ''), await startNpmServer(dirs[1] ?? '')];
  try {
    const clients = await Promise.all(
      servers.map(async (server) => {
        const pb = new PocketBase(server.url);
        pb.autoCancellation(false);
        await pb.collection('users').authWithPassword(staff.username, staff.password);
        return pb;
      }),
    );
    const read = (pb: PocketBase) => pb.send<{ items: unknown[] }>(LEDGER_API.balances, { method: 'GET' });
    for (const pb of clients) for (let i = 0; i < 3; i++) await read(pb);
    const samples: number[][] = [[], []];
    const customers: number[] = [0, 0];
    for (let i = 0; i < rounds; i++)
      for (const [k, pb] of clients.entries()) {
        const start = performance.now();
        customers[k] = (await read(pb)).items.length;
        samples[k]?.push(performance.now() - start);
      }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
    const [oneYearMs, fiveYearsMs] = samples.map(median) as [number, number];
    log(`  1 year (${rows[0]} movements): balances of ${customers[0]} customers, median ${oneYearMs.toFixed(2)} ms`);
    log(`  5 years (${rows[1]} movements): balances of ${customers[1]} customers, median ${fiveYearsMs.toFixed(2)} ms`);
    return { oneYearMs, fiveYearsMs, oneYearRows: rows[0] ?? 0, fiveYearsRows: rows[1] ?? 0 };
  } finally {
    for (const server of servers) await server.stop();
  }
}
