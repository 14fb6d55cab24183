import { sql } from 'kysely';
import type { ClientResponseError } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  failure,
  startTestServer,
  TEST_DELETE_PASSWORD,
  type TestAccount,
  type TestServer,
} from '../../../tests/support/server';
import { FUTURE_YEAR } from '../../../tests/support/open-weeks';

// The one write path (issue 6): versions checked in the database (docs/decisions/025), stale deletes refused,
// and PocketBase's insertion order for lists without a sort.

const order = (title: string) => ({ title, weekNumber: 12, year: FUTURE_YEAR });
const ifMatch = (updated: string) => ({ 'If-Match': `"${updated}"` });

describe('compare-and-set on `updated` (docs/decisions/025)', () => {
  let server: TestServer;
  let accounts: TestAccount[];
  beforeAll(async () => {
    server = await startTestServer();
    accounts = [];
    // Teammates of one nursery: they change the same orders (docs/decisions/036).
    accounts.push(await createAccount(server));
    for (let i = 1; i < 3; i++) accounts.push(await createAccount(server, { nursery: accounts[0]?.nursery }));
  });
  afterAll(async () => {
    await server.close();
  });

  /**
   * Runs `fire` while another writer holds the record (a busy database): on SQLite the one
   * connection, on PostgreSQL the row's lock. The requests pile up and, once it lets go, read the
   * record and pass the If-Match check before any of them has written.
   */
  async function whileHeld<T>(table: 'tasks' | 'users', id: string, fire: () => Promise<T>): Promise<T> {
    const { db, dialect } = server.built.database;
    let release = (): void => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = (): void => undefined;
    const holding = new Promise<void>((resolve) => (held = resolve));
    const holder = db.transaction().execute(async (trx) => {
      if (dialect === 'postgres') await sql`SELECT id FROM ${sql.table(table)} WHERE id = ${id} FOR UPDATE`.execute(trx);
      else await sql`SELECT id FROM ${sql.table(table)} WHERE id = ${id}`.execute(trx);
      held();
      await released;
    });
    await holding;
    const results = fire();
    await new Promise((resolve) => setTimeout(resolve, 400));
    release();
    await holder;
    return results;
  }

  it('of several PATCHes from one version fired together, exactly one wins and the rest get 412', async () => {
    // Every request reads the record and passes the If-Match check before any of them writes:
    // only the database's `UPDATE ... WHERE updated = ?` can tell them apart.
    for (let round = 0; round < 2; round++) {
      const created = await accounts[0]!.pb.collection('tasks').create(order(`Round ${round}`));
      const titles = Array.from({ length: 6 }, (_, i) => `Edit ${round}-${i}`);
      const results = await whileHeld('tasks', created.id, () =>
        Promise.allSettled(
          titles.map((title, i) =>
            accounts[i % accounts.length]!.pb.collection('tasks').update(created.id, { title }, { headers: ifMatch(created.updated) }),
          ),
        ),
      );
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost.map((r) => (r.reason as ClientResponseError).status)).toEqual(Array(titles.length - 1).fill(412));
      const winner = (won[0] as PromiseFulfilledResult<Record<string, unknown>>).value;
      await expect(accounts[1]!.pb.collection('tasks').getOne(created.id)).resolves.toMatchObject({
        title: winner.title,
        updated: winner.updated,
      });
    }
  });

  it('of several password changes from one version sent together, exactly one counts', async () => {
    // Two tablets of one person changing the password at the same moment: each request checks the
    // old password (argon2, off the event loop) between reading and writing the record.
    const owner = await createAccount(server);
    const sessions = [
      owner.pb,
      ...(await Promise.all(
        [1, 2, 3].map(async () => {
          const pb = server.client();
          await pb.collection('users').authWithPassword(owner.username, owner.password);
          return pb;
        }),
      )),
    ];
    const version = (await owner.pb.collection('users').getOne(owner.id)).updated;
    const passwords = sessions.map((_, i) => `new-seedling-${i}`);
    const results = await whileHeld('users', owner.id, () =>
      Promise.allSettled(
        sessions.map((pb, i) =>
          pb
            .collection('users')
            .update(
              owner.id,
              { oldPassword: owner.password, password: passwords[i], passwordConfirm: passwords[i] },
              { headers: ifMatch(version) },
            ),
        ),
      ),
    );
    const won = results.flatMap((r, i) => (r.status === 'fulfilled' ? [i] : []));
    expect(won).toHaveLength(1);
    expect(
      results.filter((r) => r.status === 'rejected').map((r) => ((r as PromiseRejectedResult).reason as ClientResponseError).status),
    ).toEqual(Array(sessions.length - 1).fill(412));
    const signIn = (password: string) =>
      server
        .client()
        .collection('users')
        .authWithPassword(owner.username, password)
        .then(
          () => true,
          () => false,
        );
    expect(await Promise.all(passwords.map(signIn))).toEqual(passwords.map((_, i) => i === won[0]));
  });

  it('a stale DELETE gets 412 and deletes nothing; a current one deletes', async () => {
    const [alice, bob] = accounts as [TestAccount, TestAccount];
    const created = await alice.pb.collection('tasks').create(order('Keep me'));
    const edited = await alice.pb.collection('tasks').update(created.id, { title: 'Keep me (edited)' });
    const headers = { 'X-Confirm-Password': TEST_DELETE_PASSWORD };
    const stale = await failure(bob.pb.collection('tasks').delete(created.id, { headers: { ...headers, ...ifMatch(created.updated) } }));
    expect(stale.status).toBe(412);
    expect(stale.message).toMatch(/reload/i);
    await expect(bob.pb.collection('tasks').getOne(created.id)).resolves.toMatchObject({ title: 'Keep me (edited)' });
    await expect(bob.pb.collection('tasks').delete(created.id, { headers: { ...headers, ...ifMatch(edited.updated) } })).resolves.toBe(
      true,
    );
    expect((await failure(bob.pb.collection('tasks').getOne(created.id))).status).toBe(404);
  });

  it('a stale settings save gets 412 and keeps the newer headings', async () => {
    const [alice] = accounts as [TestAccount];
    const settings = await alice.pb.collection('user_settings').create({ settings_json: { monday_heading: 'North' } });
    const saved = await alice.pb
      .collection('user_settings')
      .update(settings.id, { settings_json: { monday_heading: 'South' } }, { headers: ifMatch(settings.updated) });
    const stale = await failure(
      alice.pb
        .collection('user_settings')
        .update(settings.id, { settings_json: { monday_heading: 'East' } }, { headers: ifMatch(settings.updated) }),
    );
    expect(stale.status).toBe(412);
    await expect(alice.pb.collection('user_settings').getOne(settings.id)).resolves.toMatchObject({
      settings_json: { monday_heading: 'South' },
      updated: saved.updated,
    });
  });
});

describe('route schemas', () => {
  let server: TestServer;
  let alice: TestAccount;
  beforeAll(async () => {
    server = await startTestServer();
    alice = await createAccount(server);
  });
  afterAll(async () => {
    await server.close();
  });

  it.each([
    ['POST', '/api/collections/tasks/records', '[1, 2]'],
    ['POST', '/api/collections/tasks/records', '"a title"'],
    ['PATCH', '/api/collections/tasks/records/abcdefghij12345', '[]'],
  ])("%s %s with the body %s: 400 in PocketBase's envelope, nothing stored", async (method, url, body) => {
    const response = await fetch(`${server.url}${url}`, {
      method,
      headers: { 'Content-Type': 'application/json', Authorization: alice.pb.authStore.token },
      body,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: 400, message: expect.stringMatching(/\S/), data: {} });
    expect((await alice.pb.collection('tasks').getList(1, 1)).totalItems).toBe(0);
  });
});

describe('insertion order, as PocketBase', () => {
  let server: TestServer;
  let alice: TestAccount;
  // A clock that stands still: every record gets the same created/updated stamp.
  const frozen = new Date('2026-03-02T08:00:00.000Z');
  beforeAll(async () => {
    server = await startTestServer({}, { now: () => frozen });
    alice = await createAccount(server);
  });
  afterAll(async () => {
    await server.close();
  });

  it('lists without a sort in the order records were added, and getFirstListItem picks the first added', async () => {
    const titles = ['Zinnia', 'Aster', 'Marigold', 'Begonia', 'Lupin', 'Dahlia', 'Cosmos', 'Heuchera'];
    const created = [];
    for (const title of titles) created.push(await alice.pb.collection('tasks').create(order(title)));
    expect(new Set(created.map((r) => r.created))).toEqual(new Set(['2026-03-02 08:00:00.000Z']));

    const all = await alice.pb.collection('tasks').getFullList();
    expect(all.map((r) => r.title)).toEqual(titles);
    const first = await alice.pb.collection('tasks').getFirstListItem('weekNumber = 12');
    expect(first.title).toBe('Zinnia');
    // With a sort, records with equal keys still come in insertion order, page after page.
    const sorted = await alice.pb.collection('tasks').getList(1, 3, { sort: '-created' });
    const next = await alice.pb.collection('tasks').getList(2, 3, { sort: '-created' });
    expect([...sorted.items, ...next.items].map((r) => r.title)).toEqual(titles.slice(0, 6));
  });
});
