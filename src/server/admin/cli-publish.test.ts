import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EventSource } from 'eventsource';
import type { RecordSubscription } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentIsoWeek, localCalendarDate } from '#domain/weeks';
import { runAdmin, runScript, type ServerProcessOptions } from '../../../tests/support/server-process';
import { createAccount, startTestServer, type TestServer } from '../../../tests/support/server';

// Operator commands and the demo seed on PostgreSQL (issue 13): their writes reach every
// instance at once, like any other write (NOTIFY), not after the list cache's 60 s backstop.
// The real CLI and seed run as child processes against two server instances on one schema.
// PostgreSQL pass only (on SQLite the one server notices them through PRAGMA data_version).
globalThis.EventSource ??= EventSource as unknown as typeof globalThis.EventSource;

/** Well under the list cache's 60 s backstop, well over a NOTIFY's few milliseconds. */
const AT_ONCE_MS = 10_000;
/** The CLI and the seed start as processes (tsx): a few seconds each on a busy machine. */
const PROCESS_TIMEOUT_MS = 120_000;

async function waitFor<T>(read: () => T | undefined | Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + AT_ONCE_MS;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${AT_ONCE_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('operator commands on PostgreSQL reach every instance', () => {
  let a: TestServer;
  let b: TestServer;
  let cli: ServerProcessOptions;
  let dataDir: string;

  beforeAll(async () => {
    a = await startTestServer();
    b = await startTestServer({ databaseUrl: a.config.databaseUrl });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trolleyboard-cli-publish-'));
    cli = {
      dataDir,
      databaseUrl: a.config.databaseUrl,
      env: { TOKEN_SECRET: a.config.tokenSecret ?? '', DELETE_PASSWORD: a.config.deletePassword ?? '' },
    };
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'verify-user: the other instance lists and streams the change at once',
    async () => {
      const account = await createAccount(a, { verified: false });
      const onB = b.client();
      await onB.collection('users').authWithPassword(account.username, account.password);
      // Cached on B: the same answer twice.
      for (let i = 0; i < 2; i++)
        expect((await onB.collection('users').getList(1, 10)).items).toEqual([expect.objectContaining({ verified: false })]);
      const events: Array<RecordSubscription<{ verified: boolean }>> = [];
      const unsubscribe = await onB.collection('users').subscribe<{ verified: boolean }>(account.id, (event) => events.push(event));
      try {
        const result = await runAdmin(['verify-user', account.username], cli);
        expect(result.code, result.stderr).toBe(0);

        const event = await waitFor(() => events.find((e) => e.action === 'update'), 'the live update on B');
        expect(event.record).toMatchObject({ id: account.id, verified: true });
        expect((await onB.collection('users').getList(1, 10)).items).toEqual([expect.objectContaining({ verified: true })]);
      } finally {
        await unsubscribe();
      }
    },
    PROCESS_TIMEOUT_MS,
  );

  it(
    "the demo seed: the other instance's cached week shows the new orders at once",
    async () => {
      // The seed writes into its own Demo nursery (docs/decisions/036): seed once, have B cache the
      // demo account's week, empty it through A, then seed again.
      const first = await runScript(['src', 'server', 'admin', 'seed-demo.ts'], [], cli);
      expect(first.code, first.stderr).toBe(0);
      const onB = b.client();
      await onB.collection('users').authWithPassword('demo', 'demo-password');
      const onA = a.client();
      await onA.collection('users').authWithPassword('demo', 'demo-password');
      const { year, week } = currentIsoWeek(localCalendarDate(new Date()));
      const thisWeek = () => onB.collection('tasks').getList(1, 100, { filter: `year = ${year} && weekNumber = ${week}` });
      const seeded = (await onA.collection('tasks').getFullList({ filter: `year = ${year} && weekNumber = ${week}` })).map((o) => o.id);
      expect(seeded).toHaveLength(8);
      for (const id of seeded)
        await onA.collection('tasks').delete(id, { headers: { 'X-Confirm-Password': a.config.deletePassword ?? '' } });
      await waitFor(async () => ((await thisWeek()).totalItems === 0 ? true : undefined), "the emptied week in B's list");
      expect((await thisWeek()).totalItems).toBe(0); // cached on B

      const result = await runScript(['src', 'server', 'admin', 'seed-demo.ts'], [], cli);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/Added 8 demo orders/);

      await waitFor(async () => ((await thisWeek()).totalItems === 8 ? true : undefined), "the seeded orders in B's list");
    },
    PROCESS_TIMEOUT_MS,
  );
});
