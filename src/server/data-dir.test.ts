import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createStaffWithCli,
  isolatedDatabaseUrl,
  runAdmin,
  serverExit,
  startServerProcess,
  type ServerProcessOptions,
} from '../../tests/support/server-process';
import { describeStartFailure } from './data-dir';

// DATA_DIR as an operator's machine has it (issue 13): the folder and everything the server and
// its admin commands write there are private to the server's account (0700 folders, 0600 files),
// also when they were made wider by an older version; and a DATA_DIR the server cannot write
// stops it with one line that names the folder. The real server and CLI run as child processes,
// on SQLite, or on PostgreSQL in its pass (then DATA_DIR holds only mail files and server.pid).

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** Each test starts the server and the admin CLI as processes: a few seconds each on a busy machine. */
const PROCESSES_TIMEOUT_MS = 180_000;
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const modeOf = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);

async function setUp(): Promise<{ root: string; options: ServerProcessOptions }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'trolleyboard-data-dir-'));
  cleanups.push(() => fs.rmSync(root, { recursive: true, force: true }));
  const database = await isolatedDatabaseUrl();
  if (database) cleanups.push(() => database.drop());
  const options: ServerProcessOptions = {
    dataDir: path.join(root, 'data'),
    databaseUrl: database?.url ?? null,
    // On SQLite, let the server generate its secrets into DATA_DIR/secrets.json.
    env: onPostgres ? {} : { TOKEN_SECRET: '', DELETE_PASSWORD: '' },
  };
  return { root, options };
}

/** What the server keeps in DATA_DIR, beside mail files. */
const serverFiles = onPostgres
  ? ['server.pid']
  : ['server.pid', 'secrets.json', 'trolleyboard.db', 'trolleyboard.db-wal', 'trolleyboard.db-shm'];

async function waitForMailFile(dataDir: string): Promise<string> {
  const folder = path.join(dataDir, 'mail');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = fs.existsSync(folder) ? fs.readdirSync(folder).find((name) => name.endsWith('.eml')) : undefined;
    if (mail) return path.join(folder, mail);
    if (Date.now() > deadline) throw new Error('no mail file within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function startAndWriteEverything(options: ServerProcessOptions, email: string) {
  const server = await startServerProcess(options);
  cleanups.push(() => server.kill('SIGKILL'));
  // A password-reset mail: a file holding a live reset link.
  const reset = await fetch(`${server.url}/api/collections/users/request-password-reset`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  expect(reset.status).toBe(204);
  return { server, mail: await waitForMailFile(options.dataDir) };
}

describe('files in DATA_DIR are private to the server', () => {
  it(
    'a new DATA_DIR is 0700 and every file the server and the admin CLI write is 0600',
    async () => {
      const { root, options } = await setUp();
      const staff = await createStaffWithCli(options, 'privatestaff');
      const { server, mail } = await startAndWriteEverything(options, staff.email);

      expect(modeOf(options.dataDir)).toBe('700');
      expect(modeOf(path.dirname(mail))).toBe('700');
      expect(modeOf(mail)).toBe('600');
      for (const file of serverFiles) expect([file, modeOf(path.join(options.dataDir, file))]).toEqual([file, '600']);
      if (onPostgres) return; // backups are pg_dump's there

      const backup = path.join(root, 'nightly.db');
      const backedUp = await runAdmin(['backup', backup], options);
      expect(backedUp.code, backedUp.stderr).toBe(0);
      expect(modeOf(backup)).toBe('600');

      server.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });
      const restored = await runAdmin(['restore', backup], options);
      expect(restored.code, restored.stderr).toBe(0);
      const kept = fs.readdirSync(options.dataDir).filter((name) => name.includes('.before-restore-'));
      expect(kept).toHaveLength(1);
      expect(modeOf(path.join(options.dataDir, kept[0] ?? ''))).toBe('600');
    },
    PROCESSES_TIMEOUT_MS,
  );

  it(
    'a DATA_DIR left readable by others (0755, 0644 files) is made private at start',
    async () => {
      const { options } = await setUp();
      const staff = await createStaffWithCli(options, 'widestaff');
      const oldMail = path.join(options.dataDir, 'mail', 'old-reset.eml');
      fs.mkdirSync(path.dirname(oldMail), { recursive: true });
      fs.writeFileSync(oldMail, 'To: someone\n\nhttp://127.0.0.1/reset-password/old-token\n');
      if (!onPostgres) fs.writeFileSync(path.join(options.dataDir, 'secrets.json'), JSON.stringify({}));
      const widen = (target: string) => {
        fs.chmodSync(target, fs.statSync(target).isDirectory() ? 0o755 : 0o644);
        if (fs.statSync(target).isDirectory()) for (const name of fs.readdirSync(target)) widen(path.join(target, name));
      };
      widen(options.dataDir);
      expect(modeOf(options.dataDir)).toBe('755');

      const { mail } = await startAndWriteEverything(options, staff.email);
      expect(modeOf(options.dataDir)).toBe('700');
      expect(modeOf(path.dirname(oldMail))).toBe('700');
      expect(modeOf(oldMail)).toBe('600');
      expect(modeOf(mail)).toBe('600');
      for (const file of serverFiles) expect([file, modeOf(path.join(options.dataDir, file))]).toEqual([file, '600']);
    },
    PROCESSES_TIMEOUT_MS,
  );
});

/**
 * Makes `dir` a folder the server cannot write. Not as root: chmod 0500. As root (CI) chmod does
 * not stop the server, so a read-only bind mount of the folder onto itself. Returns how to undo it,
 * or null when neither is possible here.
 */
function makeReadOnly(dir: string): (() => void) | null {
  if (process.getuid?.() !== 0) {
    fs.chmodSync(dir, 0o500);
    return () => fs.chmodSync(dir, 0o700);
  }
  try {
    execFileSync('mount', ['--bind', dir, dir], { stdio: 'ignore' });
  } catch {
    return null;
  }
  try {
    execFileSync('mount', ['-o', 'remount,bind,ro', dir], { stdio: 'ignore' });
  } catch {
    execFileSync('umount', [dir], { stdio: 'ignore' });
    return null;
  }
  return () => execFileSync('umount', [dir], { stdio: 'ignore' });
}

describe('a DATA_DIR the server cannot write', () => {
  it(
    'stops the server with one line naming the folder and what it needs',
    async (context) => {
      const { options } = await setUp();
      fs.mkdirSync(options.dataDir, { mode: 0o700 });
      const undo = makeReadOnly(options.dataDir);
      if (undo === null) {
        context.skip('cannot make a folder read-only here (root without mount rights)');
        return;
      }
      cleanups.push(undo);

      const { code, output } = await serverExit(options);
      expect(code).toBe(1);
      const reason = process.getuid?.() === 0 ? 'the file system is read-only' : "permission denied for the server's account";
      expect(output.trim()).toBe(
        `Cannot write to DATA_DIR ${options.dataDir}: the server needs read and write access to this folder (${reason}).`,
      );
    },
    PROCESSES_TIMEOUT_MS,
  );
});

describe('describeStartFailure', () => {
  it('turns a database file the server may not write into the same one line', () => {
    const readOnlyFile = Object.assign(new Error('attempt to write a readonly database'), { code: 'SQLITE_READONLY' });
    expect(describeStartFailure(new Error('Database migration 004-throttles failed', { cause: readOnlyFile }), '/srv/tb/data')).toBe(
      'Cannot write to DATA_DIR /srv/tb/data: the server needs read and write access to this folder and the files in it (attempt to write a readonly database).',
    );
  });

  it('leaves any other start-up error alone (it is printed with its stack)', () => {
    expect(describeStartFailure(new Error('connect ECONNREFUSED 127.0.0.1:5432'), '/srv/tb/data')).toBeNull();
  });
});
