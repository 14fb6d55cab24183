import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import PocketBase from 'pocketbase';
import { afterEach, describe, expect, test } from 'vitest';
import { FUTURE_YEAR } from '../../../tests/support/open-weeks';
import { createStaffWithCli, runAdmin, startServerProcess, type ServerProcess } from '../../../tests/support/server-process';
import { sqliteFile } from '../db/database';
import { pidFilePath } from '../pid-file';

// `npm run admin -- backup/restore` against a real server process and real files (issue 9).

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trolleyboard-backup-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function started(dataDir: string): Promise<ServerProcess> {
  const server = await startServerProcess({ dataDir });
  cleanups.push(() => server.kill('SIGKILL'));
  return server;
}

async function signedIn(server: ServerProcess, account: { username: string; password: string }): Promise<PocketBase> {
  const pb = new PocketBase(server.url);
  pb.autoCancellation(false);
  await pb.collection('users').authWithPassword(account.username, account.password);
  return pb;
}

/** Creates orders one after another from `lanes` parallel writers until stopped; records every acknowledged one. */
function keepWriting(pb: PocketBase, lanes: number) {
  const acknowledged: Array<{ id: string; title: string; at: number }> = [];
  const errors: unknown[] = [];
  let running = true;
  let n = 0;
  const loops = Array.from({ length: lanes }, async () => {
    while (running) {
      const title = `Greenfields ${++n}`;
      try {
        const record = await pb.collection('tasks').create({ title, weekNumber: 12, year: FUTURE_YEAR });
        acknowledged.push({ id: record.id, title, at: Date.now() });
      } catch (error) {
        errors.push(error);
      }
    }
  });
  return {
    acknowledged,
    errors,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('backup and restore of the SQLite database', () => {
  test('a backup taken while orders are being written restores every order acknowledged before it', async () => {
    const dataDir = path.join(tempDir(), 'data');
    const backupFile = path.join(tempDir(), 'nightly.db');
    const account = await createStaffWithCli({ dataDir }, 'backupstaff');
    let server = await started(dataDir);
    expect(Number(fs.readFileSync(pidFilePath(dataDir), 'utf8'))).toBe(server.pid);
    const pb = await signedIn(server, account);

    const writer = keepWriting(pb, 3);
    while (writer.acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 20));
    const beforeBackup = [...writer.acknowledged];
    const backupStarted = Date.now();
    const backup = await runAdmin(['backup', backupFile], { dataDir });
    const backupEnded = Date.now();
    // Writes went on, and were acknowledged, while the backup command ran.
    const duringBackup = writer.acknowledged.filter((w) => w.at > backupStarted && w.at < backupEnded);
    while (writer.acknowledged.filter((w) => w.at > backupEnded).length < 5) await new Promise((resolve) => setTimeout(resolve, 20));
    await writer.stop();

    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^Backed up \d+ orders, 0 runs and 1 users to .*nightly\.db \(\d+ KB\)\.\n$/);
    expect(writer.errors).toEqual([]);
    expect(duringBackup.length).toBeGreaterThan(0);
    expect(fs.existsSync(`${backupFile}.partial`)).toBe(false);

    // The copy is one self-contained, sound file with every order acknowledged before the backup.
    const copy = new SQLite(backupFile, { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
    const titles = new Map(
      copy
        .prepare('SELECT id, title FROM tasks')
        .all()
        .map((row) => [(row as { id: string }).id, (row as { title: string }).title]),
    );
    copy.close();
    for (const order of beforeBackup) expect(titles.get(order.id)).toBe(order.title);
    const afterBackup = writer.acknowledged.filter((w) => w.at > backupEnded);
    for (const order of afterBackup) expect(titles.has(order.id)).toBe(false);

    // Restoring under the running server is refused, and changes nothing.
    const refused = await runAdmin(['restore', backupFile], { dataDir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `A Trolleyboard server (process ${server.pid}) is using ${dataDir}. Stop it first, then run restore again.`,
    );
    expect((await pb.collection('tasks').getOne(afterBackup[0]!.id)).title).toBe(afterBackup[0]!.title);

    // A clean stop removes the pid file; one left by a crash (a dead process) does not block.
    server.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(fs.existsSync(pidFilePath(dataDir))).toBe(false);
    const dead = spawnSync(process.execPath, ['-e', '']);
    fs.writeFileSync(pidFilePath(dataDir), `${dead.pid}\n`);

    const restored = await runAdmin(['restore', backupFile], { dataDir });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/^Restored \d+ orders, 0 runs and 1 users from .*nightly\.db into /);
    expect(restored.stdout).toMatch(/The database as it was before is kept in .*trolleyboard\.db\.before-restore-/);
    const live = new SQLite(sqliteFile(dataDir), { readonly: true });
    expect(live.pragma('integrity_check', { simple: true })).toBe('ok');
    live.close();

    // The server starts on the restored data: everything from before the backup, nothing from after.
    server = await started(dataDir);
    const after = await signedIn(server, account);
    const orders = await after.collection('tasks').getFullList({ filter: `weekNumber = 12 && year = ${FUTURE_YEAR}` });
    const byId = new Map(orders.map((order) => [order.id, order.title as string]));
    for (const order of beforeBackup) expect(byId.get(order.id)).toBe(order.title);
    for (const order of afterBackup) expect(byId.has(order.id)).toBe(false);
    expect(orders.length).toBeGreaterThanOrEqual(beforeBackup.length);
    expect(orders.length).toBe(titles.size);
  }, 120_000);

  test('backup says so when there is no database, restore when the file is not a Trolleyboard database', async () => {
    const dataDir = path.join(tempDir(), 'empty');
    const noDatabase = await runAdmin(['backup', path.join(tempDir(), 'x.db')], { dataDir });
    expect(noDatabase.code).toBe(1);
    expect(noDatabase.stderr).toContain('There is no database to back up at');

    const notADatabase = path.join(tempDir(), 'notes.txt');
    fs.writeFileSync(notADatabase, 'Monday: 3 trolleys for Greenfields\n'.repeat(200));
    const refused = await runAdmin(['restore', notADatabase], { dataDir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/notes\.txt (is not an SQLite database|failed|could not be checked)/);
  }, 60_000);
});

test('on PostgreSQL, backup and restore point to pg_dump and pg_restore', async () => {
  for (const command of ['backup', 'restore']) {
    const result = await runAdmin([command, 'whatever.dump'], {
      dataDir: tempDir(),
      databaseUrl: 'postgres://nursery@127.0.0.1:5432/trolleyboard',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('pg_dump --format=custom');
    expect(result.stderr).toContain('pg_restore --clean');
  }
}, 60_000);
