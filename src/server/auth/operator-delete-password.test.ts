import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUTURE_YEAR } from '../../../tests/support/open-weeks';
import { failure, startTestServer, type TestServer } from '../../../tests/support/server';
import { runAdmin, type ServerProcessOptions } from '../../../tests/support/server-process';

// The operator's DELETE_PASSWORD holds for every nursery whose admins have not chosen their own,
// whichever process made the nursery (docs/decisions/055): an admin command started without it
// generates a password for its new nursery, and that one must not beat the server's.

const PROCESS_TIMEOUT_MS = 120_000;
const OPERATOR_PASSWORD = 'Operator-Chosen-77';
const CLI_PASSWORD = 'Greenhouse-Trolley-42';

/** `npm run admin -- create-user` as an operator runs it with no DELETE_PASSWORD: a new nursery, its generated password. */
async function createNurseryWithCli(cli: ServerProcessOptions, username: string): Promise<string> {
  const made = await runAdmin(
    [
      'create-user',
      '--username',
      username,
      '--email',
      `${username}@nursery.test`,
      '--password',
      CLI_PASSWORD,
      '--verified',
      '--accept-terms',
    ],
    { ...cli, env: { DELETE_PASSWORD: '' } },
  );
  expect(made.code, made.stderr).toBe(0);
  const generated = /The new nursery's deletion password: (\S+)/.exec(made.stdout)?.[1];
  expect(generated, made.stdout).toBeDefined();
  return generated ?? '';
}

describe('a nursery made by an admin command without DELETE_PASSWORD, on a server with it', () => {
  let without: TestServer;
  let withOperator: TestServer;
  let cli: ServerProcessOptions;
  let generated: string;
  const username = `clinursery${process.pid}`;

  beforeAll(async () => {
    // An installation run without DELETE_PASSWORD, where the operator made a nursery with the CLI.
    without = await startTestServer({ deletePassword: null });
    cli = { dataDir: without.config.dataDir, databaseUrl: without.config.databaseUrl };
    generated = await createNurseryWithCli(cli, username);
  }, PROCESS_TIMEOUT_MS);
  afterAll(async () => {
    // The second server shares the first one's database: it stops first.
    await withOperator?.close();
    await without.close();
  });

  it(
    "uses the server's DELETE_PASSWORD once the server runs with one, and no longer shows the generated one",
    async () => {
      // Without DELETE_PASSWORD, the generated password is the nursery's and deletes.
      const before = without.client();
      await before.collection('users').authWithPassword(username, CLI_PASSWORD);
      const kept = await before
        .collection('tasks')
        .create({ title: 'Deleted with the generated password', weekNumber: 8, year: FUTURE_YEAR });
      await before.collection('tasks').delete(kept.id, { headers: { 'X-Confirm-Password': generated } });

      // The operator then starts the server with DELETE_PASSWORD, on the same database.
      withOperator = await startTestServer({
        dataDir: cli.dataDir,
        databaseUrl: cli.databaseUrl ?? null,
        deletePassword: OPERATOR_PASSWORD,
      });
      const pb = withOperator.client();
      const auth = await pb.collection('users').authWithPassword(username, CLI_PASSWORD);
      const order = await pb.collection('tasks').create({ title: 'Deleted with the server password', weekNumber: 8, year: FUTURE_YEAR });

      const refused = await failure(pb.collection('tasks').delete(order.id, { headers: { 'X-Confirm-Password': generated } }));
      expect([refused.status, refused.message]).toEqual([403, 'Incorrect password.']);
      await pb.collection('tasks').delete(order.id, { headers: { 'X-Confirm-Password': OPERATOR_PASSWORD.toLowerCase() } });
      await expect(failure(pb.collection('tasks').getOne(order.id))).resolves.toMatchObject({ status: 404 });

      // Its admins are not shown a password that no longer deletes.
      const nursery = await pb.collection('nurseries').getOne(String(auth.record.nursery));
      expect(nursery.generatedDeletePassword ?? '').toBe('');
    },
    PROCESS_TIMEOUT_MS,
  );

  it(
    'holds too for a nursery an admin command makes while that server runs',
    async () => {
      expect(withOperator).toBeDefined();
      const lateUser = `latenursery${process.pid}`;
      const lateGenerated = await createNurseryWithCli(cli, lateUser);
      const pb = withOperator.client();
      await pb.collection('users').authWithPassword(lateUser, CLI_PASSWORD);
      const order = await pb.collection('tasks').create({ title: 'Made after the server started', weekNumber: 8, year: FUTURE_YEAR });

      const refused = await failure(pb.collection('tasks').delete(order.id, { headers: { 'X-Confirm-Password': lateGenerated } }));
      expect([refused.status, refused.message]).toEqual([403, 'Incorrect password.']);
      await pb.collection('tasks').delete(order.id, { headers: { 'X-Confirm-Password': OPERATOR_PASSWORD } });
    },
    PROCESS_TIMEOUT_MS,
  );
});
