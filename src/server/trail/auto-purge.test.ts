import type PocketBase from 'pocketbase';
import { afterEach, describe, expect, it } from 'vitest';
import type { DeletedEntry } from '#domain/history/record-history';
import { FUTURE_YEAR } from '../../../tests/support/open-weeks';
import { createAccount, failure, startTestServer, TEST_DELETE_PASSWORD, type TestServer } from '../../../tests/support/server';
import { DeletedSweeper } from './deleted-sweeper';

// The automatic purge (docs/decisions/034): what has been in Deleted longer than
// DELETED_KEEP_DAYS goes for good, history too, once, by one instance even when several run on
// one database. The servers' clock is injected, so 30 days pass at once. On PostgreSQL two
// server instances share one schema; on SQLite (one server per file) a second sweeper with an
// instance id of its own stands in for the second instance.

const DAY_MS = 24 * 60 * 60 * 1000;
const order = (title: string) => ({ title, day: 'friday', weekNumber: 30, year: FUTURE_YEAR });

const deletedIds = async (pb: PocketBase) =>
  (await pb.send<{ items: DeletedEntry[] }>('/api/deleted', { query: { perPage: 1000 } })).items.map((e) => String(e.record.id));

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function started(...args: Parameters<typeof startTestServer>): Promise<TestServer> {
  const server = await startTestServer(...args);
  cleanups.push(() => server.close());
  return server;
}

describe('the automatic purge of Deleted', () => {
  it('purges what is older than DELETED_KEEP_DAYS, with its history, once, by one instance', async () => {
    let clock = new Date();
    const now = () => clock;
    const a = await started({}, { now });
    const isPostgres = a.built.database.dialect === 'postgres';
    const b = isPostgres ? await started({ databaseUrl: a.config.databaseUrl }, { now }) : null;
    const staff = await createAccount(a);

    const old = await staff.pb.collection('tasks').create(order('Deleted a month ago'));
    await staff.pb.collection('tasks').delete(old.id, { headers: { 'X-Confirm-Password': TEST_DELETE_PASSWORD } });
    clock = new Date(clock.getTime() + 2 * DAY_MS);
    const recent = await staff.pb.collection('tasks').create(order('Deleted 28 days ago'));
    await staff.pb.collection('tasks').delete(recent.id, { headers: { 'X-Confirm-Password': TEST_DELETE_PASSWORD } });

    // 30 days and a minute after the first delete; the second was 28 days ago.
    clock = new Date(clock.getTime() + 28 * DAY_MS + 60_000);
    const sweepers = [a.built.sweeper, b?.built.sweeper ?? new DeletedSweeper({ records: a.built.records, log: a.built.app.log })];
    expect(new Set(sweepers.map((s) => s.instance)).size).toBe(2);
    const runs = await Promise.all(sweepers.map((sweeper) => sweeper.sweep()));
    expect(runs.filter((r) => r.claimed)).toEqual([{ claimed: true, purged: 1 }]);
    expect(runs.filter((r) => !r.claimed)).toEqual([{ claimed: false, purged: 0 }]);

    const ids = await deletedIds(staff.pb);
    expect(ids).not.toContain(old.id);
    expect(ids).toContain(recent.id);
    expect((await failure(staff.pb.send(`/api/collections/tasks/records/${old.id}/history`, {}))).status).toBe(404);
    await expect(staff.pb.send(`/api/collections/tasks/records/${recent.id}/history`, {})).resolves.toMatchObject({ totalItems: 2 });

    // Within the hour nobody runs it again, however often they offer; after it, one does.
    clock = new Date(clock.getTime() + 3 * 60_000);
    expect(await Promise.all(sweepers.map((sweeper) => sweeper.sweep()))).toEqual([
      { claimed: false, purged: 0 },
      { claimed: false, purged: 0 },
    ]);
    clock = new Date(clock.getTime() + 2 * DAY_MS);
    const later = await Promise.all(sweepers.map((sweeper) => sweeper.sweep()));
    expect(later.filter((r) => r.claimed)).toEqual([{ claimed: true, purged: 1 }]);
    expect(await deletedIds(staff.pb)).not.toContain(recent.id);
  });

  it('keeps entries for DELETED_KEEP_DAYS as set, and runs by itself on its timer', async () => {
    let clock = new Date();
    const server = await started({ deletedKeepDays: 2 }, { now: () => clock, purgeTiming: { firstAfterMs: 100, everyMs: 100 } });
    const staff = await createAccount(server);
    const added = await staff.pb.collection('tasks').create(order('Kept two days'));
    await staff.pb.collection('tasks').delete(added.id, { headers: { 'X-Confirm-Password': TEST_DELETE_PASSWORD } });
    const [entry] = (await staff.pb.send<{ items: DeletedEntry[] }>('/api/deleted', {})).items;
    expect(Date.parse(String(entry?.purgeAfter).replace(' ', 'T')) - Date.parse(String(entry?.deleted).replace(' ', 'T'))).toBe(2 * DAY_MS);

    // A day later a purge keeps it.
    clock = new Date(clock.getTime() + DAY_MS);
    await server.built.sweeper.sweep();
    expect(await deletedIds(staff.pb)).toContain(added.id);

    // Two days and a minute after the delete, the timer's next offer purges it.
    clock = new Date(clock.getTime() + DAY_MS + 60_000);
    const deadline = Date.now() + 10_000;
    while ((await deletedIds(staff.pb)).includes(added.id)) {
      if (Date.now() > deadline) throw new Error('the timer did not purge the expired entry within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
});
