import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '#domain/history/record-history';
import { FUTURE_YEAR } from '../../../tests/support/open-weeks';
import { createAccount, startTestServer, TEST_DELETE_PASSWORD, type TestAccount, type TestServer } from '../../../tests/support/server';
import { runAdmin, type ServerProcessOptions } from '../../../tests/support/server-process';

// The operator's Deleted (docs/decisions/034): `npm run admin -- deleted` lists it, `undelete`
// brings a record back, and the record's history names the operator. The real CLI runs as a
// child process against the running server's database (SQLite file, or PostgreSQL schema).

const PROCESS_TIMEOUT_MS = 120_000;

describe('npm run admin -- deleted / undelete', () => {
  let server: TestServer;
  let staff: TestAccount;
  let cli: ServerProcessOptions;

  beforeAll(async () => {
    server = await startTestServer();
    staff = await createAccount(server);
    cli = { dataDir: server.config.dataDir, databaseUrl: server.config.databaseUrl };
  });
  afterAll(async () => {
    await server.close();
  });

  it(
    'lists what is in Deleted and brings an order back, named "operator (CLI)" in its history',
    async () => {
      const added = await staff.pb.collection('tasks').create({ title: 'Undeleted by the operator', weekNumber: 9, year: FUTURE_YEAR });
      await staff.pb.collection('tasks').delete(added.id, { headers: { 'X-Confirm-Password': TEST_DELETE_PASSWORD } });

      const listed = await runAdmin(['deleted'], cli);
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.stdout).toMatch(
        new RegExp(`${added.id} {2}order "Undeleted by the operator" \\(week 9 of ${FUTURE_YEAR}\\), deleted .* by ${staff.username}`),
      );

      const restored = await runAdmin(['undelete', added.id], cli);
      expect(restored.code, restored.stderr).toBe(0);
      expect(restored.stdout).toContain('Restored the order "Undeleted by the operator"');
      await expect(staff.pb.collection('tasks').getOne(added.id)).resolves.toMatchObject({
        title: 'Undeleted by the operator',
        updated_by: '',
      });
      const history = await staff.pb.send<{ items: HistoryEntry[] }>(`/api/collections/tasks/records/${added.id}/history`, {});
      expect(history.items.map((e) => [e.action, e.byName])).toEqual([
        ['create', staff.username],
        ['delete', staff.username],
        ['restore', 'operator (CLI)'],
      ]);

      const again = await runAdmin(['undelete', added.id], cli);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain(`Nothing in Deleted has the id "${added.id}"`);
    },
    PROCESS_TIMEOUT_MS,
  );
});
