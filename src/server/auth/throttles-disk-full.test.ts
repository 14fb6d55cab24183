import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { MAX_KEYS_IN_MEMORY, Throttles } from './throttles';

// Throttle bookkeeping on a full disk (issue 13): a hit the database cannot store is counted in
// memory, so a correct sign-in is never refused and password guessing is still held back; the
// table takes over again once there is space. The fault is real: the SQLite file may not grow
// (PRAGMA max_page_count) and its throttles table is packed with long keys until SQLite answers
// SQLITE_FULL, so every further long key cannot be stored. SQLite only (a test cannot fill
// PostgreSQL's disk).

const WINDOW_MS = 15 * 60 * 1000;
/** Keys longer than every filler row: none of them fits in the packed table. */
const key = (name: string) => `login|${'k'.repeat(400)}|${name}`;

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('throttles when the disk is full', () => {
  let dir: string;
  let database: DatabaseHandle;
  let clock = 1_000_000;
  let throttles: Throttles;
  const warnings: string[] = [];

  const room = (pages: number) => sql`PRAGMA max_page_count = ${sql.raw(String(pages))}`.execute(database.db);
  const fillUp = async () => {
    const { rows } = await sql<{ page_count: number }>`PRAGMA page_count`.execute(database.db);
    await room(Number(rows[0]?.page_count));
    for (let i = 0; ; i++) {
      try {
        await sql`INSERT INTO throttles (key, count, "resetsAt") VALUES (${`filler|${String(i).padStart(6, '0')}|${'f'.repeat(350)}`}, 1, 1)`.execute(
          database.db,
        );
      } catch (error) {
        expect((error as { code?: string }).code).toBe('SQLITE_FULL');
        return;
      }
    }
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trolleyboard-throttles-full-'));
    database = await openDatabase({ dataDir: dir, databaseUrl: null });
    throttles = new Throttles(database.db, () => clock, { warn: (_obj, msg) => warnings.push(msg), info: () => undefined });
    await throttles.hit(key('stored before'), WINDOW_MS);
    await throttles.hit(key('stored before'), WINDOW_MS);
    await fillUp();
  });
  afterAll(async () => {
    await database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('counts hits it cannot store in memory, on top of what the table holds', async () => {
    await expect(throttles.hit(key('new'), WINDOW_MS)).resolves.toEqual({ count: 1, resetsAt: clock + WINDOW_MS });
    await expect(throttles.hit(key('new'), WINDOW_MS)).resolves.toMatchObject({ count: 2 });
    await expect(throttles.count(key('new'))).resolves.toBe(2);
    // The two hits stored before the disk filled still count.
    await expect(throttles.hit(key('stored before'), WINDOW_MS)).resolves.toMatchObject({ count: 3 });
    await expect(throttles.count(key('stored before'))).resolves.toBe(3);
    expect(warnings).toContain('The disk is full: throttles are counted in memory until there is space again');
  });

  it('refunds and clears without failing, and a window that ends forgets the count', async () => {
    await throttles.refund(key('new'));
    await expect(throttles.count(key('new'))).resolves.toBe(1);
    await expect(throttles.clear(key('new'))).resolves.toBeUndefined();
    await expect(throttles.count(key('new'))).resolves.toBe(0);
    await expect(throttles.clearPrefix('login|')).resolves.toBeUndefined();

    await throttles.hit(key('window'), 1000);
    clock += 1001;
    await expect(throttles.count(key('window'))).resolves.toBe(0);
    await expect(throttles.hit(key('window'), 1000)).resolves.toMatchObject({ count: 1 });
  });

  it(`keeps at most ${MAX_KEYS_IN_MEMORY} keys in memory, forgetting the oldest`, async () => {
    await throttles.hit(key('oldest'), WINDOW_MS);
    for (let i = 0; i < MAX_KEYS_IN_MEMORY; i++) await throttles.hit(key(`flood-${i}`), WINDOW_MS);
    await expect(throttles.count(key('oldest'))).resolves.toBe(0);
    await expect(throttles.count(key(`flood-${MAX_KEYS_IN_MEMORY - 1}`))).resolves.toBe(1);
  }, 120_000);

  it('stores hits in the table again once there is space', async () => {
    await room(1_073_741_823);
    await expect(throttles.hit(key('after'), WINDOW_MS)).resolves.toMatchObject({ count: 1 });
    const stored = await database.db.selectFrom('throttles').select('count').where('key', '=', key('after')).executeTakeFirst();
    expect(stored).toEqual({ count: 1 });
  });
});
