import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUTURE_YEAR } from '../../tests/support/open-weeks';
import { createAccount, failure, startTestServer, type TestAccount, type TestServer } from '../../tests/support/server';

// A full disk (issue 13): a save says so (507, "The server's disk is full: nothing was saved."),
// nothing is half-written, reading and signing in go on, and saving works again once there is
// space. SQLite only: on PostgreSQL the disk is the database server's, which a test cannot fill
// (its disk_full error maps the same way, see db/storage-errors.test.ts).

const DISK_FULL = { status: 507, message: "The server's disk is full: nothing was saved.", data: {} };
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const order = (title: string, orderInfo = '') => ({ title, orderInfo, day: 'tuesday', weekNumber: 21, year: FUTURE_YEAR });

async function titles(pb: PocketBase): Promise<string[]> {
  const list = await pb.collection('tasks').getFullList({ sort: 'title', fields: 'title' });
  return list.map((record) => String(record.title)).sort();
}

/** Saves orders with long notes until the database cannot grow; returns the titles saved and the refusal. */
async function saveUntilFull(pb: PocketBase, prefix: string) {
  const saved: string[] = [];
  for (let i = 0; i < 100; i++) {
    const title = `${prefix} ${String(i).padStart(3, '0')}`;
    try {
      await pb.collection('tasks').create(order(title, 'Two Danish trolleys of shrubs. '.repeat(60)));
      saved.push(title);
    } catch (error) {
      return { saved, refused: title, error: await failure(Promise.reject(error)) };
    }
  }
  throw new Error('the database never filled up');
}

describe.skipIf(onPostgres)('SQLite that cannot grow any more (PRAGMA max_page_count on the server connection)', () => {
  let server: TestServer;
  let staff: TestAccount;
  const limit = (pages: number | 'its size') =>
    pages === 'its size'
      ? sql`PRAGMA max_page_count = ${sql.raw(String(pageCount))}`.execute(server.built.database.db)
      : sql`PRAGMA max_page_count = ${sql.raw(String(pages))}`.execute(server.built.database.db);
  let pageCount = 0;

  beforeAll(async () => {
    server = await startTestServer();
    staff = await createAccount(server);
    await staff.pb.collection('tasks').create(order('Before the disk filled', 'Deliver before 9am'));
    const { rows } = await sql<{ page_count: number }>`PRAGMA page_count`.execute(server.built.database.db);
    pageCount = Number(rows[0]?.page_count);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses a save with 507 and says the disk is full; nothing of it is stored', async () => {
    await limit('its size');
    const { saved, refused, error } = await saveUntilFull(staff.pb, 'Full');
    expect(error.status).toBe(507);
    expect(error.response).toEqual({ ...DISK_FULL, code: 507 });
    expect(error.message).toBe(DISK_FULL.message);
    expect(await titles(staff.pb)).toEqual(['Before the disk filled', ...saved].sort());
    expect(saved).not.toContain(refused);

    // An update that needs room is refused the same way, and the order stays as it was.
    const before = await staff.pb.collection('tasks').getFirstListItem(`title = "Before the disk filled"`);
    const update = await failure(staff.pb.collection('tasks').update(before.id, { orderInfo: 'Changed. '.repeat(500) }));
    expect(update.response).toEqual({ ...DISK_FULL, code: 507 });
    await expect(staff.pb.collection('tasks').getOne(before.id)).resolves.toMatchObject({
      orderInfo: 'Deliver before 9am',
      updated: before.updated,
    });
  });

  it('still answers reads and signs people in', async () => {
    await limit('its size');
    await expect(staff.pb.collection('tasks').getList(1, 50)).resolves.toMatchObject({ page: 1 });
    const again = server.client();
    await expect(again.collection('users').authWithPassword(staff.username, staff.password)).resolves.toMatchObject({
      record: { id: staff.id },
    });
  });

  it('saves again once there is space', async () => {
    await limit('its size');
    const { refused } = await saveUntilFull(staff.pb, 'Retry');
    await limit(1_073_741_823); // SQLite's default: room again
    await expect(staff.pb.collection('tasks').create(order(refused))).resolves.toMatchObject({ title: refused });
    expect(await titles(staff.pb)).toContain(refused);
  });
});

/**
 * A small tmpfs this test mounts itself (root only, as in CI), so the disk is really full: every
 * write fails, including the sign-in throttle's bookkeeping. Returns why it cannot, or null.
 */
function whyNoTmpfs(): string | null {
  if (onPostgres) return 'SQLite only';
  if (process.getuid?.() !== 0) return 'mounting a tmpfs needs root';
  const probe = fs.mkdtempSync(path.join(os.tmpdir(), 'trolleyboard-tmpfs-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return null;
  } catch {
    return 'this machine does not let the test mount a tmpfs';
  } finally {
    fs.rmSync(probe, { recursive: true, force: true });
  }
}
const noTmpfs = whyNoTmpfs();

/** Writes into `file` until the file system refuses (ENOSPC). */
function fillDisk(file: string): void {
  const fd = fs.openSync(file, 'w');
  try {
    for (const size of [1 << 20, 64 << 10, 4 << 10, 512, 1]) {
      const chunk = Buffer.alloc(size, 1);
      for (;;) {
        try {
          fs.writeSync(fd, chunk);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOSPC') break;
          throw error;
        }
      }
    }
  } finally {
    fs.closeSync(fd);
  }
}

describe.skipIf(noTmpfs !== null)(
  `a disk that fills while the server runs (a 16 MB tmpfs${noTmpfs ? `; skipped: ${noTmpfs}` : ''})`,
  () => {
    let mountPoint: string;
    let server: TestServer;
    let staff: TestAccount;
    let guessed: TestAccount;
    const filler = () => path.join(mountPoint, 'filler');

    beforeAll(async () => {
      mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'trolleyboard-full-disk-'));
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', mountPoint]);
      server = await startTestServer({ dataDir: path.join(mountPoint, 'data') });
      staff = await createAccount(server);
      guessed = await createAccount(server);
      await staff.pb.collection('tasks').create(order('Saved before the disk filled'));
      fillDisk(filler());
    });
    afterAll(async () => {
      await server?.close();
      if (mountPoint) {
        execFileSync('umount', ['-l', mountPoint]);
        fs.rmSync(mountPoint, { recursive: true, force: true });
      }
    });

    it('refuses a save with 507 and says the disk is full', async () => {
      const refused = await failure(staff.pb.collection('tasks').create(order('Saved on a full disk')));
      expect(refused.response).toEqual({ ...DISK_FULL, code: 507 });
      expect(await titles(staff.pb)).toEqual(['Saved before the disk filled']);
    });

    it('signs in with the right password although the sign-in bookkeeping cannot be written', async () => {
      const again = server.client();
      await expect(again.collection('users').authWithPassword(staff.username, staff.password)).resolves.toMatchObject({
        record: { id: staff.id },
      });
      await expect(again.collection('tasks').getList(1, 10)).resolves.toMatchObject({ totalItems: 1 });
    });

    it('still stops password guessing: failed sign-ins are counted in memory', async () => {
      const guesser = server.client();
      const answers: number[] = [];
      for (let i = 0; i < 20 && !answers.includes(429); i++) {
        answers.push((await failure(guesser.collection('users').authWithPassword(guessed.username, `wrong-${i}`))).status);
      }
      expect(answers).toContain(429);
      expect(answers.filter((status) => status !== 400 && status !== 429)).toEqual([]);
    });

    it('saves again once there is space', async () => {
      fs.rmSync(filler());
      await expect(staff.pb.collection('tasks').create(order('Saved after space returned'))).resolves.toMatchObject({
        title: 'Saved after space returned',
      });
      expect(await titles(staff.pb)).toEqual(['Saved after space returned', 'Saved before the disk filled']);
    });
  },
);
