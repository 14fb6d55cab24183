import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUTURE_YEAR } from '../../../tests/support/open-weeks';
import { createAccount, failure, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';

// The list cache (list-cache.ts) and the token cache (auth/auth-cache.ts), seen from outside:
// the same answers as a fresh query, never stale after a change, never someone else's.

let server: TestServer;
let ann: TestAccount;
let bob: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  ann = await createAccount(server);
  // A teammate in the office: the nursery's orders are both of theirs (docs/decisions/036).
  bob = await createAccount(server, { nursery: ann.nursery, role: 'office' });
});
afterAll(() => server.close());

const week = { year: FUTURE_YEAR, weekNumber: 12 };
const weekFilter = `year = ${week.year} && weekNumber = ${week.weekNumber}`;

async function rawList(token: string, query: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/api/collections/tasks/records?${query}`, { headers: { authorization: token, ...headers } });
  return { status: response.status, etag: response.headers.get('etag'), body: await response.text() };
}

describe('cached lists', () => {
  it('answer what each order says when viewed on its own, again and again', async () => {
    const tasks = ann.pb.collection('tasks');
    for (const title of ['Greenfield Nursery', 'Hawthorn Estates', 'Willow Garden Centre'])
      await tasks.create({ title, day: 'monday', customerType: 'wholesale', ...week });
    const first = await tasks.getFullList({ filter: weekFilter, sort: 'title' });
    const second = await tasks.getFullList({ filter: weekFilter, sort: 'title' });
    expect(second).toEqual(first);
    expect(first.map((o) => o.title)).toEqual(['Greenfield Nursery', 'Hawthorn Estates', 'Willow Garden Centre']);
    for (const order of first) expect(await tasks.getOne(order.id)).toEqual(order);
    // Another member of staff asking the same question gets the same answer.
    expect(await bob.pb.collection('tasks').getFullList({ filter: weekFilter, sort: 'title' })).toEqual(first);
  });

  it('show a change made through the API on the very next request', async () => {
    const tasks = ann.pb.collection('tasks');
    const order = await tasks.create({ title: 'Bramble Landscapes', day: 'tuesday', customerType: 'retail', ...week });
    await tasks.getFullList({ filter: weekFilter });
    await bob.pb.collection('tasks').update(order.id, { status: 'loaded' });
    expect((await tasks.getFullList({ filter: weekFilter })).find((o) => o.id === order.id)?.status).toBe('loaded');
    await bob.pb.collection('tasks').delete(order.id, { headers: { 'X-Confirm-Password': 'Prune-The-Roses' } });
    expect((await tasks.getFullList({ filter: weekFilter })).map((o) => o.id)).not.toContain(order.id);
    const added = await bob.pb.collection('tasks').create({ title: 'Foxglove Plant Shop', day: 'friday', ...week });
    expect((await tasks.getFullList({ filter: weekFilter })).map((o) => o.id)).toContain(added.id);
  });

  it('answer 304 Not Modified to a matching If-None-Match, and 200 once the week changed', async () => {
    const query = `page=1&perPage=1000&skipTotal=1&filter=${encodeURIComponent(weekFilter)}`;
    const first = await rawList(ann.pb.authStore.token, query);
    expect(first.status).toBe(200);
    expect(first.etag).toMatch(/^W\/".+"$/);
    const again = await rawList(ann.pb.authStore.token, query, { 'if-none-match': String(first.etag) });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    const order = JSON.parse(first.body).items[0];
    await ann.pb.collection('tasks').update(order.id, { orderInfo: 'Two Danish trolleys' });
    const changed = await rawList(ann.pb.authStore.token, query, { 'if-none-match': String(first.etag) });
    expect(changed.status).toBe(200);
    expect(changed.etag).not.toBe(first.etag);
    expect(JSON.parse(changed.body).items.find((o: { id: string }) => o.id === order.id).orderInfo).toBe('Two Danish trolleys');
  });

  it("never give one user another user's settings or account, even with their ETag", async () => {
    await ann.pb.collection('user_settings').create({ user: ann.id, settings_json: { monday_heading: 'Ann only' } });
    const annSettings = await ann.pb.collection('user_settings').getFullList();
    expect(annSettings).toHaveLength(1);
    expect(await bob.pb.collection('user_settings').getFullList()).toEqual([]);
    const annRaw = await fetch(`${server.url}/api/collections/user_settings/records?page=1&perPage=1000&skipTotal=1`, {
      headers: { authorization: ann.pb.authStore.token },
    });
    const bobRaw = await fetch(`${server.url}/api/collections/user_settings/records?page=1&perPage=1000&skipTotal=1`, {
      headers: { authorization: bob.pb.authStore.token, 'if-none-match': String(annRaw.headers.get('etag')) },
    });
    expect(bobRaw.status).toBe(200);
    expect(((await bobRaw.json()) as { items: unknown[] }).items).toEqual([]);
    // Teammates see each other's accounts, but only the admin their e-mail addresses: Bob, with
    // Ann's ETag for the very same list, gets his own answer (docs/decisions/036).
    const usersUrl = `${server.url}/api/collections/users/records?page=1&perPage=1000&skipTotal=1&sort=created`;
    const annUsers = await fetch(usersUrl, { headers: { authorization: ann.pb.authStore.token } });
    const annItems = ((await annUsers.json()) as { items: Array<Record<string, unknown>> }).items;
    expect(annItems.map((u) => [u.id, u.email])).toEqual([
      [ann.id, ann.email],
      [bob.id, bob.email],
    ]);
    const bobUsers = await fetch(usersUrl, {
      headers: { authorization: bob.pb.authStore.token, 'if-none-match': String(annUsers.headers.get('etag')) },
    });
    expect(bobUsers.status).toBe(200);
    const bobItems = ((await bobUsers.json()) as { items: Array<Record<string, unknown>> }).items;
    expect(bobItems.map((u) => [u.id, u.email])).toEqual([
      [ann.id, undefined],
      [bob.id, bob.email],
    ]);
  });

  it('still refuse a visitor (401) and a user who has not verified their e-mail (403)', async () => {
    await ann.pb.collection('tasks').getFullList({ filter: weekFilter });
    const visitor = server.client();
    expect((await failure(visitor.collection('tasks').getFullList({ filter: weekFilter }))).status).toBe(401);
    const unverified = await createAccount(server, { verified: false });
    expect((await failure(unverified.pb.collection('tasks').getFullList({ filter: weekFilter }))).status).toBe(403);
    const forged = `${ann.pb.authStore.token.slice(0, -4)}AAAA`;
    expect((await rawList(forged, `filter=${encodeURIComponent(weekFilter)}`)).status).toBe(401);
  });

  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))('show an order another process wrote straight into the SQLite file', async () => {
    const before = await ann.pb.collection('tasks').getFullList({ filter: weekFilter });
    const file = new SQLite(path.join(server.config.dataDir, 'trolleyboard.db'));
    const stamp = '2027-03-22 08:00:00.000Z';
    file
      .prepare('INSERT INTO tasks (id, created, updated, title, weekNumber, year, nursery) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run('extprocess00001', stamp, stamp, 'Written by the operator', week.weekNumber, week.year, ann.nursery);
    file.close();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = await ann.pb.collection('tasks').getFullList({ filter: weekFilter });
    expect(after.length).toBe(before.length + 1);
  });
});

describe('cached sign-ins', () => {
  it('end at once when the password changes', async () => {
    const carol = await createAccount(server);
    const oldToken = carol.pb.authStore.token;
    await carol.pb.collection('tasks').getFullList({ filter: weekFilter });
    await carol.pb.collection('users').update(carol.id, {
      oldPassword: carol.password,
      password: 'a-new-green-house-43',
      passwordConfirm: 'a-new-green-house-43',
    });
    expect((await rawList(oldToken, `filter=${encodeURIComponent(weekFilter)}`)).status).toBe(401);
  });

  it('end at once after a password reset', async () => {
    const dave = await createAccount(server);
    const oldToken = dave.pb.authStore.token;
    await dave.pb.collection('tasks').getFullList({ filter: weekFilter });
    await server.client().collection('users').requestPasswordReset(dave.email);
    const link = await server.waitForLink(dave.email, '/auth/confirm-password-reset/');
    const resetToken = link.split('/auth/confirm-password-reset/')[1] ?? '';
    await server.client().collection('users').confirmPasswordReset(resetToken, 'reset-green-house-44', 'reset-green-house-44');
    expect((await rawList(oldToken, `filter=${encodeURIComponent(weekFilter)}`)).status).toBe(401);
  });
});
