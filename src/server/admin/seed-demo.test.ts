import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { currentIsoWeek, localCalendarDate } from '#domain/weeks';
import { runAdmin, runScript, isolatedDatabaseUrl, type ServerProcessOptions } from '../../../tests/support/server-process';
import { openDatabase } from '../db/database';

// `npm run seed:demo` writes only into its own "Demo nursery" (docs/decisions/036): run as the
// operator runs it, next to a real nursery with orders, on SQLite and (in the PostgreSQL pass) on
// PostgreSQL. It never touches the real nursery, and refuses when "demo" is a real account.

const PROCESS_TIMEOUT_MS = 120_000;

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function operator(): Promise<ServerProcessOptions> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trolleyboard-seed-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const database = await isolatedDatabaseUrl();
  if (database) cleanups.push(() => database.drop());
  return {
    dataDir,
    databaseUrl: database?.url ?? null,
    env: { TOKEN_SECRET: 'seed-test-token-secret-of-32-characters!', DELETE_PASSWORD: 'Prune-The-Roses' },
  };
}

async function rows<T>(
  options: ServerProcessOptions,
  read: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>,
): Promise<T> {
  const database = await openDatabase({ dataDir: options.dataDir, databaseUrl: options.databaseUrl ?? null });
  try {
    return await read(database.db);
  } finally {
    await database.close();
  }
}

const createUser = (options: ServerProcessOptions, username: string, extra: string[] = []) =>
  runAdmin(
    [
      'create-user',
      '--username',
      username,
      '--email',
      `${username}@nursery.test`,
      '--password',
      'Greenhouse-Trolley-42',
      '--verified',
      '--accept-terms',
      ...extra,
    ],
    options,
  );

describe('the demo seed', () => {
  it(
    'puts its orders and its demo account into a Demo nursery of their own, and never writes into another',
    async () => {
      const options = await operator();
      const real = await createUser(options, 'realgrower', ['--nursery-name', 'Real Nurseries']);
      expect(real.code, real.stderr).toBe(0);
      const before = await rows(options, (db) => db.selectFrom('nurseries').selectAll().execute());
      expect(before.map((n) => n.name)).toEqual(['Real Nurseries']);

      const seeded = await runScript(['src', 'server', 'admin', 'seed-demo.ts'], [], options);
      expect(seeded.code, seeded.stderr).toBe(0);
      expect(seeded.stdout).toMatch(/Added 8 demo orders .* "Demo nursery"/);

      const { year, week } = currentIsoWeek(localCalendarDate(new Date()));
      const after = await rows(options, async (db) => ({
        nurseries: await db.selectFrom('nurseries').select(['id', 'name', 'updated']).orderBy('created').execute(),
        demo: await db.selectFrom('users').select(['nursery', 'role']).where('username', '=', 'demo').executeTakeFirstOrThrow(),
        orders: await db.selectFrom('tasks').select(['nursery', 'year', 'weekNumber']).execute(),
      }));
      const [realNursery, demoNursery] = after.nurseries;
      expect(after.nurseries.map((n) => n.name)).toEqual(['Real Nurseries', 'Demo nursery']);
      // The real nursery is as it was.
      expect(realNursery).toMatchObject({ id: before[0]?.id, updated: before[0]?.updated });
      expect(after.demo).toEqual({ nursery: demoNursery?.id, role: 'admin' });
      expect(after.orders).toHaveLength(8);
      for (const order of after.orders) expect(order).toEqual({ nursery: demoNursery?.id, year, weekNumber: week });

      // Again: nothing added, still one Demo nursery.
      const again = await runScript(['src', 'server', 'admin', 'seed-demo.ts'], [], options);
      expect(again.stdout).toMatch(/already has demo orders/);
      expect(await rows(options, (db) => db.selectFrom('nurseries').select('id').execute())).toHaveLength(2);
    },
    PROCESS_TIMEOUT_MS,
  );

  it(
    'refuses, adding nothing, when "demo" is an account of a real nursery',
    async () => {
      const options = await operator();
      expect((await createUser(options, 'demo')).code).toBe(0);
      const seeded = await runScript(['src', 'server', 'admin', 'seed-demo.ts'], [], options);
      expect(seeded.code).toBe(1);
      expect(seeded.stderr).toMatch(/belongs to an account of another nursery; nothing was added/);
      const counts = await rows(options, async (db) => ({
        nurseries: (await db.selectFrom('nurseries').select('id').execute()).length,
        orders: (await db.selectFrom('tasks').select('id').execute()).length,
      }));
      expect(counts).toEqual({ nurseries: 1, orders: 0 });
    },
    PROCESS_TIMEOUT_MS,
  );
});
