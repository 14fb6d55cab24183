import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery } from 'kysely';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ReadRefused } from './client-reads';
import { SqliteReadPool } from './sqlite-read-pool';
import { ROW_CHECK_FUNCTION } from './sqlite-read-worker';

// The SQLite read pool (docs/decisions/017) on a real WAL database: reads run in worker threads,
// stop at their time limit, leave a worker for other callers, and hold no thread when idle.

let file: string;
const pools: SqliteReadPool[] = [];

beforeAll(() => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trolleyboard-read-pool-'));
  file = path.join(dir, 'test.db');
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL)');
  db.prepare("INSERT INTO items (name) VALUES ('oak'), ('ash'), ('elm')").run();
  // Kept open, as the server keeps its main connection: the workers read beside it.
  process.once('exit', () => {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

afterEach(async () => {
  for (const pool of pools.splice(0)) await pool.close();
});

function pool(options: { size?: number; timeLimitMs?: number; idleMs?: number; stopGraceMs?: number } = {}): SqliteReadPool {
  const made = new SqliteReadPool({ file, size: 2, timeLimitMs: 10_000, ...options });
  pools.push(made);
  return made;
}

const query = (text: string, parameters: unknown[] = []) => CompiledQuery.raw(text, parameters);

/** Counts to `n`, asking the row check at every step: as long as the caller lets it. */
const longCount = (n: number) =>
  query(
    `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE ${ROW_CHECK_FUNCTION}() AND x < ${n}) SELECT count(*) AS n FROM c`,
  );

async function refusal(promise: Promise<unknown>): Promise<ReadRefused> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ReadRefused) return error;
    throw error;
  }
  throw new Error('expected the read to be refused');
}

describe('SqliteReadPool', () => {
  it('starts no thread until a read comes, and answers reads in one snapshot', async () => {
    const reads = pool();
    expect(reads.threads).toBe(0);
    const [rows, counted] = await reads.read(
      [
        query(`SELECT name FROM items WHERE ${ROW_CHECK_FUNCTION}() AND name <> ? ORDER BY id`, ['ash']),
        query('SELECT count(*) AS n FROM items'),
      ],
      'ann',
    );
    expect(rows).toEqual([{ name: 'oak' }, { name: 'elm' }]);
    expect(counted).toEqual([{ n: 3 }]);
    expect(reads.threads).toBe(1);
  });

  it('stops a read at its time limit, and the same worker answers the next read', async () => {
    const reads = pool({ size: 1, timeLimitMs: 1000 });
    const started = performance.now();
    const error = await refusal(reads.read([longCount(1e12)], 'ann'));
    expect(error.reason).toBe('time-limit');
    // Generous: the refusal is due at 1 s; counting to 10^12 would take hours.
    expect(performance.now() - started).toBeLessThan(10_000);
    // The statement ended at the stop flag: the one worker is free again, not replaced.
    const [rows] = await reads.read([query('SELECT count(*) AS n FROM items')], 'ann');
    expect(rows).toEqual([{ n: 3 }]);
    expect(reads.threads).toBe(1);
  });

  it("keeps a worker for others while one caller's reads are slow", async () => {
    const reads = pool({ size: 2, timeLimitMs: 3000 });
    const slow = [reads.read([longCount(1e12)], 'mallory'), reads.read([longCount(1e12)], 'mallory')].map(refusal);
    // Mallory may use one of the two workers: Ann's read is answered while Mallory's first runs.
    const [rows] = await reads.read([query('SELECT count(*) AS n FROM items')], 'ann');
    expect(rows).toEqual([{ n: 3 }]);
    const [first, second] = await Promise.all(slow);
    expect(first?.reason).toBe('time-limit');
    // Mallory's second read waited for the first: refused too (before or just after it started).
    expect(['busy', 'time-limit']).toContain(second?.reason);
    expect(reads.threads).toBeLessThanOrEqual(2);
  });

  it('refuses a read that found no free worker in time, and never holds more threads than its size', async () => {
    const reads = pool({ size: 1, timeLimitMs: 200, stopGraceMs: 100 });
    // Counting without the row check: nothing can stop it before it ends (a few seconds).
    const stuck = refusal(
      reads.read(
        [query('WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1e7) SELECT count(*) FROM c')],
        'mallory',
      ),
    );
    const waiting = refusal(reads.read([query('SELECT 1 AS one')], 'ann'));
    expect((await stuck).reason).toBe('time-limit');
    expect((await waiting).reason).toBe('busy');
    // The stuck worker was told to go; until its thread ends, no second one is started.
    expect(reads.threads).toBeLessThanOrEqual(1);
    await expect.poll(() => reads.threads, { timeout: 60_000, interval: 100 }).toBe(0);
    // Then reads are answered again (a new worker may take longer than 200 ms to start on a busy machine).
    const answer = () => reads.read([query('SELECT 1 AS one')], 'ann').catch((error: unknown) => String(error));
    await expect.poll(answer, { timeout: 30_000, interval: 100 }).toEqual([[{ one: 1 }]]);
  }, 120_000);

  it('lets idle workers go', async () => {
    const reads = pool({ idleMs: 50 });
    await reads.read([query('SELECT 1 AS one')], 'ann');
    expect(reads.threads).toBe(1);
    await expect.poll(() => reads.threads, { timeout: 5000 }).toBe(0);
    // And starts one again when needed.
    expect(await reads.read([query('SELECT 1 AS one')], 'ann')).toEqual([[{ one: 1 }]]);
  });

  it('sees what the main connection committed', async () => {
    const reads = pool();
    const writer = new SQLite(file);
    try {
      writer.prepare("INSERT INTO items (name) VALUES ('yew')").run();
      expect(await reads.read([query("SELECT name FROM items WHERE name = 'yew'")], 'ann')).toEqual([[{ name: 'yew' }]]);
      writer.prepare("DELETE FROM items WHERE name = 'yew'").run();
      expect(await reads.read([query("SELECT name FROM items WHERE name = 'yew'")], 'ann')).toEqual([[]]);
    } finally {
      writer.close();
    }
  });

  it('passes SQL errors on as errors, and refuses reads once closed', async () => {
    const reads = pool();
    await expect(reads.read([query('SELECT name FROM nowhere')], 'ann')).rejects.toThrow(/no such table/);
    await reads.close();
    await expect(reads.read([query('SELECT 1')], 'ann')).rejects.toThrow(/closed/);
  });
});
