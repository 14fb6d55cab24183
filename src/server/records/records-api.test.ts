import type PocketBase from 'pocketbase';
import { ClientResponseError, type RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, failure, startTestServer, TEST_DELETE_PASSWORD, type TestServer } from '../../../tests/support/server';
import { FUTURE_YEAR } from '../../../tests/support/open-weeks';

// The records API as the official SDK sees it: one contract shared by every collection (the
// staff collections, and `users`, whose records are the accounts themselves), then full lists,
// errors and the plumbing endpoints. Each block runs its own real server.

const RECORD_ID = /^[a-z0-9]{15}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DELETE_HEADERS = { 'X-Confirm-Password': TEST_DELETE_PASSWORD };

function expectEnvelope(error: ClientResponseError, status: number): void {
  expect(error.status).toBe(status);
  expect(error.response).toMatchObject({ status, message: expect.any(String), data: expect.any(Object) });
  expect(String(error.response.message).length).toBeGreaterThan(0);
}

interface ContractCase {
  collection: 'tasks' | 'user_settings' | 'trolley_exports' | 'users';
  collectionId: string;
  /** The field naming the record's owner: `user`, or for an account its own `id`. */
  owner: 'user' | 'id';
  /** A body the collection accepts; `i` makes records distinguishable. */
  valid(i: number): Record<string, unknown>;
  /** What the stored record shows of `valid(i)`. */
  shown(i: number): Record<string, unknown>;
  change: Record<string, unknown>;
  changed: Record<string, unknown>;
  /** A `fields` value naming id and one own field. */
  fields: [string, string];
  /** How many records one user can own (user_settings: one). */
  perUser: number;
  deletable: boolean;
}

const vehicle = (driver: string) => ({
  driver,
  reg: 'AB12 CDE',
  code: 'N1',
  date: '2026-03-02',
  vehicleType: 'lorry',
  trolleyNumber: 8,
  grid: ['Greenfields', '', 'Blank'],
});

const CASES: ContractCase[] = [
  {
    collection: 'tasks',
    collectionId: 'pbc_tasks_000001',
    owner: 'user',
    valid: (i) => ({
      title: `Greenfields ${i}`,
      day: 'tuesday',
      postcode: 'ab1 2cd',
      orderNumber: `SO-${1000 + i}`,
      customerType: 'retail',
      other: 'none',
      weekNumber: 12,
      year: FUTURE_YEAR,
      orderInfo: 'Back door',
      status: 'working',
      trollies: '3',
      extras: '1 shelf',
    }),
    shown: (i) => ({
      title: `Greenfields ${i}`,
      day: 'tuesday',
      postcode: 'ab1 2cd',
      orderNumber: `SO-${1000 + i}`,
      customerType: 'retail',
      other: 'none',
      weekNumber: 12,
      year: FUTURE_YEAR,
      status: 'working',
    }),
    change: { title: 'Greenfields Renamed', status: 'pulled' },
    changed: { title: 'Greenfields Renamed', status: 'pulled', day: 'tuesday' },
    fields: ['id', 'title'],
    perUser: 3,
    deletable: true,
  },
  {
    collection: 'user_settings',
    collectionId: 'pbc_settings_0001',
    owner: 'user',
    valid: (i) => ({ settings_json: { monday_heading: `North ${i}`, friday_heading: 'Collect' } }),
    shown: (i) => ({ settings_json: { monday_heading: `North ${i}`, friday_heading: 'Collect' } }),
    change: { settings_json: { monday_heading: 'South' } },
    changed: { settings_json: { monday_heading: 'South' } },
    fields: ['id', 'settings_json'],
    perUser: 1,
    deletable: false,
  },
  {
    collection: 'trolley_exports',
    collectionId: 'pbc_exports_00001',
    owner: 'user',
    valid: (i) => ({
      name: `2-3-2026-Driver${i}-AB12 CDE`,
      data: [{ id: `s${i}`, title: 'Greenfields', postcode: 'AB1 2CD', trollies: '4', extras: '', orderNumber: 'SO-1' }],
      vehicleInfo: vehicle(`Driver${i}`),
    }),
    shown: (i) => ({
      name: `2-3-2026-Driver${i}-AB12 CDE`,
      data: [{ id: `s${i}`, title: 'Greenfields', trollies: '4' }],
      vehicleInfo: { driver: `Driver${i}`, reg: 'AB12 CDE', date: '2026-03-02', vehicleType: 'lorry', trolleyNumber: 8 },
    }),
    change: { name: 'Renamed run', vehicleInfo: vehicle('Sam') },
    changed: { name: 'Renamed run', vehicleInfo: { driver: 'Sam' } },
    fields: ['id', 'name'],
    perUser: 3,
    deletable: true,
  },
  {
    // An account is made by signing up (a visitor's create) and is its own owner.
    collection: 'users',
    collectionId: '_pb_users_auth_',
    owner: 'id',
    valid: (i) => signUpBody(i),
    shown: (i) => {
      const { username, email } = signUpBody(i);
      return { username, email, emailVisibility: false, verified: false, termsAgreement: { agreed: true, version: 'v1.0' } };
    },
    change: { emailVisibility: true },
    changed: { emailVisibility: true },
    fields: ['id', 'username'],
    perUser: 1,
    deletable: false,
  },
];

let signUps = 0;
const signUpNames = new Map<number, string>();
/** A sign-up body; the same `i` gives the same body until the next seed. */
function signUpBody(i: number) {
  const name = signUpNames.get(i) ?? `contract${process.pid}x${++signUps}`;
  signUpNames.set(i, name);
  return {
    username: name,
    email: `${name}@nursery.test`,
    emailVisibility: false,
    password: 'green-house-42',
    passwordConfirm: 'green-house-42',
    termsAgreement: { agreed: true, version: 'v1.0', timestamp: '2026-03-02T08:00:00.000Z' },
  };
}

describe.each(CASES)('records contract: $collection', (c) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  /** A fresh signed-in staff member who owns `count` new records (created in order). */
  async function seed(count = c.perUser): Promise<{ pb: PocketBase; id: string; records: RecordModel[] }> {
    if (c.collection === 'users' && count === 1) {
      // The account's own record, made by signing up, then signed in (unverified: its own record is all it sees).
      signUpNames.clear();
      const pb = server.client();
      const created = await pb.collection('users').create(c.valid(0));
      await pb.collection('users').authWithPassword(signUpBody(0).username, signUpBody(0).password);
      return { pb, id: created.id, records: [created] };
    }
    const account = await createAccount(server);
    const records: RecordModel[] = [];
    for (let i = 0; i < count; i++) records.push(await account.pb.collection(c.collection).create(c.valid(i)));
    return { pb: account.pb, id: account.id, records };
  }

  const ownedBy = (id: string) => server.client().filter(`${c.owner} = {:user}`, { user: id });

  it('creates a record with a PocketBase id, timestamps and collection identity, and views it', async () => {
    const { pb, id, records } = await seed(1);
    const created = records[0] as RecordModel;
    expect(created.id).toMatch(RECORD_ID);
    expect(created.created).toMatch(TIMESTAMP);
    expect(created.updated).toBe(created.created);
    expect(created).toMatchObject({ collectionName: c.collection, collectionId: c.collectionId, [c.owner]: id, ...c.shown(0) });
    const viewed = await pb.collection(c.collection).getOne(created.id);
    // Signing in (the seed does, after signing up) records when: the account changed since (docs/decisions/035).
    const signedInSince = c.collection === 'users' ? { updated: viewed.updated, lastSignIn: viewed.lastSignIn } : {};
    expect(viewed).toEqual({ ...created, ...signedInSince });
  });

  it('lists a page with page, perPage, totalItems and totalPages, and -1/-1 with skipTotal', async () => {
    const { pb, id, records } = await seed();
    const filter = ownedBy(id);
    const page = await pb.collection(c.collection).getList(1, 2, { filter });
    expect(page).toMatchObject({ page: 1, perPage: 2, totalItems: records.length, totalPages: Math.ceil(records.length / 2) });
    expect(page.items).toHaveLength(Math.min(2, records.length));
    if (records.length > 2) {
      const second = await pb.collection(c.collection).getList(2, 2, { filter });
      expect(second.items.map((r) => r.id)).toEqual(expect.not.arrayContaining(page.items.map((r) => r.id)));
      expect(second.items).toHaveLength(records.length - 2);
    }
    const skipped = await pb.collection(c.collection).getList(1, 2, { filter, skipTotal: true });
    expect(skipped).toMatchObject({ page: 1, perPage: 2, totalItems: -1, totalPages: -1 });
    expect(skipped.items.map((r) => r.id)).toEqual(page.items.map((r) => r.id));
    const defaults = await pb.collection(c.collection).getList(undefined, undefined, { filter });
    expect(defaults).toMatchObject({ page: 1, perPage: 30 });
  });

  it('updates with PATCH, changing only what was sent and moving `updated` on', async () => {
    const { pb, records } = await seed(1);
    const before = records[0] as RecordModel;
    const after = await pb.collection(c.collection).update(before.id, c.change);
    expect(after).toMatchObject({ id: before.id, created: before.created, ...c.changed });
    expect(after.updated).toMatch(TIMESTAMP);
    expect(after.updated > before.updated).toBe(true);
    expect(await pb.collection(c.collection).getOne(before.id)).toEqual(after);
  });

  if (c.deletable) {
    it('deletes with the deletion password; the record is gone afterwards', async () => {
      const { pb, records } = await seed(1);
      const id = (records[0] as RecordModel).id;
      await expect(pb.collection(c.collection).delete(id, { headers: DELETE_HEADERS })).resolves.toBe(true);
      expectEnvelope(await failure(pb.collection(c.collection).getOne(id)), 404);
      expectEnvelope(await failure(pb.collection(c.collection).delete(id, { headers: DELETE_HEADERS })), 404);
    });
  } else {
    it('refuses deletes with 403 and keeps the record', async () => {
      const { pb, records } = await seed(1);
      const id = (records[0] as RecordModel).id;
      expectEnvelope(await failure(pb.collection(c.collection).delete(id, { headers: DELETE_HEADERS })), 403);
      await expect(pb.collection(c.collection).getOne(id)).resolves.toMatchObject({ id });
    });
  }

  it('sorts by -created and by several fields', async () => {
    const { pb, id, records } = await seed();
    const filter = ownedBy(id);
    const byCreated = (a: RecordModel, b: RecordModel) => (a.created < b.created ? -1 : a.created > b.created ? 1 : 0);
    const byId = (a: RecordModel, b: RecordModel) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    const newestFirst = [...records].sort((a, b) => -byCreated(a, b) || byId(a, b)).map((r) => r.id);
    const oldestFirst = [...records].sort((a, b) => byCreated(a, b) || -byId(a, b)).map((r) => r.id);

    const desc = await pb.collection(c.collection).getList(1, 10, { filter, sort: '-created,id' });
    expect(desc.items.map((r) => r.id)).toEqual(newestFirst);
    const asc = await pb.collection(c.collection).getList(1, 10, { filter, sort: 'created,-id' });
    expect(asc.items.map((r) => r.id)).toEqual(oldestFirst);
    expect(asc.items.map((r) => r.id)).toEqual([...newestFirst].reverse());
    const onlyId = await pb.collection(c.collection).getList(1, 10, { filter, sort: '-id' });
    expect(onlyId.items.map((r) => r.id)).toEqual(
      records
        .map((r) => r.id)
        .sort()
        .reverse(),
    );
  });

  it('filters by field values', async () => {
    const { pb, id, records } = await seed();
    const target = records[records.length - 1] as RecordModel;
    const found = await pb
      .collection(c.collection)
      .getList(1, 10, { filter: pb.filter(`${c.owner} = {:user} && id = {:id}`, { user: id, id: target.id }) });
    expect(found.items.map((r) => r.id)).toEqual([target.id]);
    const none = await pb
      .collection(c.collection)
      .getList(1, 10, { filter: pb.filter(`${c.owner} = {:user} && id != {:id}`, { user: id, id: target.id }) });
    expect(none.items.map((r) => r.id).sort()).toEqual(
      records
        .filter((r) => r.id !== target.id)
        .map((r) => r.id)
        .sort(),
    );
  });

  it('returns only the requested fields', async () => {
    const { pb, id, records } = await seed(1);
    const recordId = (records[0] as RecordModel).id;
    const page = await pb.collection(c.collection).getList(1, 10, { filter: ownedBy(id), fields: c.fields.join(',') });
    expect(page.items).toHaveLength(1);
    expect(Object.keys(page.items[0] as object).sort()).toEqual([...c.fields].sort());
    const one = await pb.collection(c.collection).getOne(recordId, { fields: c.fields.join(',') });
    expect(Object.keys(one).sort()).toEqual([...c.fields].sort());
  });

  it('answers 404 with the error envelope for a missing id, on view, update and delete', async () => {
    const { pb } = await seed(0);
    const missing = 'abcdefghij12345';
    expectEnvelope(await failure(pb.collection(c.collection).getOne(missing)), 404);
    expectEnvelope(await failure(pb.collection(c.collection).update(missing, c.change)), 404);
    if (c.deletable) expectEnvelope(await failure(pb.collection(c.collection).delete(missing, { headers: DELETE_HEADERS })), 404);
  });

  it('accepts the collection id in place of its name', async () => {
    const { pb, records } = await seed(1);
    const id = (records[0] as RecordModel).id;
    await expect(pb.collection(c.collectionId).getOne(id)).resolves.toMatchObject({ id, collectionName: c.collection });
  });
});

describe('full lists and first items', () => {
  const TOTAL = 1100;
  let server: TestServer;
  let pb: PocketBase;
  let userFilter: string;
  const perPageAsked: string[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    const account = await createAccount(server);
    pb = account.pb;
    userFilter = pb.filter('user = {:user}', { user: account.id });
    for (let start = 0; start < TOTAL; start += 50) {
      const chunk = Array.from({ length: Math.min(50, TOTAL - start) }, (_v, k) => start + k);
      await Promise.all(
        chunk.map((i) =>
          pb
            .collection('tasks')
            .create({ title: `Bulk ${String(i).padStart(4, '0')}`, weekNumber: (i % 52) + 1, year: FUTURE_YEAR, orderNumber: String(i) }),
        ),
      );
    }
    pb.beforeSend = (url, options) => {
      // The SDK adds options.query to the URL after this hook.
      const perPage = (options.query as Record<string, unknown> | undefined)?.perPage;
      if (perPage !== undefined) perPageAsked.push(String(perPage));
      return { url, options };
    };
  }, 60_000);
  afterAll(async () => {
    await server.close();
  });

  it('getFullList with its default batch of 1000 returns every record once', async () => {
    perPageAsked.length = 0;
    const all = await pb.collection('tasks').getFullList({ filter: userFilter, sort: 'created' });
    expect(all).toHaveLength(TOTAL);
    expect(new Set(all.map((r) => r.id)).size).toBe(TOTAL);
    expect(perPageAsked).toEqual(['1000', '1000']);
  });

  it('getFullList with {batch: 500} pages through more than 500 records', async () => {
    perPageAsked.length = 0;
    const all = await pb.collection('tasks').getFullList({ batch: 500, filter: userFilter, sort: '-title' });
    expect(all).toHaveLength(TOTAL);
    expect(new Set(all.map((r) => r.id)).size).toBe(TOTAL);
    expect(all[0]?.title).toBe('Bulk 1099');
    expect(all[TOTAL - 1]?.title).toBe('Bulk 0000');
    expect(perPageAsked).toEqual(['500', '500', '500']);
  });

  it('caps perPage at 1000 and says so in the envelope', async () => {
    const page = await pb.collection('tasks').getList(1, 5000, { filter: userFilter });
    expect(page.perPage).toBe(1000);
    expect(page.items).toHaveLength(1000);
    expect(page.totalItems).toBe(TOTAL);
    expect(page.totalPages).toBe(2);
  });

  it('getFirstListItem finds the matching record, and 404s when nothing matches', async () => {
    const found = await pb.collection('tasks').getFirstListItem(pb.filter('title = {:title}', { title: 'Bulk 0421' }));
    expect(found).toMatchObject({ title: 'Bulk 0421', orderNumber: '421' });
    const error = await failure(pb.collection('tasks').getFirstListItem(pb.filter('title = {:title}', { title: 'Nobody' })));
    expect(error.status).toBe(404);
  });
});

describe('errors and plumbing', () => {
  let server: TestServer;
  let pb: PocketBase;
  beforeAll(async () => {
    server = await startTestServer();
    pb = (await createAccount(server)).pb;
  });
  afterAll(async () => {
    await server.close();
  });

  it('GET /api/health answers 200', async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ code: 200, message: expect.any(String) });
    await expect(pb.health.check()).resolves.toMatchObject({ code: 200 });
  });

  it('answers 404 with the envelope for an unknown collection', async () => {
    expectEnvelope(await failure(pb.collection('invoices').getList(1, 10)), 404);
    expectEnvelope(await failure(pb.collection('invoices').create({ title: 'x' })), 404);
  });

  it('answers 404 with the envelope for an unknown API path', async () => {
    const response = await fetch(`${server.url}/api/collections/tasks/nothing-here`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ status: 404, message: expect.stringMatching(/\S/), data: {} });
  });

  it('answers 400 with the envelope for a record sent as plain text', async () => {
    const response = await fetch(`${server.url}/api/collections/tasks/records`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', Authorization: pb.authStore.token },
      body: 'title=Greenfields',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: 400, message: expect.stringMatching(/\S/), data: expect.any(Object) });
  });

  it('answers 400 with the envelope for a body that is not JSON', async () => {
    const response = await fetch(`${server.url}/api/collections/tasks/records`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: pb.authStore.token },
      body: '{"title": "Greenfields",',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: 400, message: expect.stringMatching(/\S/), data: {} });
  });

  it('answers 400 with field errors in data for an invalid record', async () => {
    const error = await failure(pb.collection('tasks').create({ title: '', weekNumber: 10, year: FUTURE_YEAR }));
    expectEnvelope(error, 400);
    expect(error.response.data).toMatchObject({ title: { code: expect.any(String), message: expect.any(String) } });
  });

  it('answers 401 with the envelope to a visitor and to a forged token', async () => {
    expectEnvelope(await failure(server.client().collection('tasks').getList(1, 10)), 401);
    const forged = server.client();
    const [header, payload] = pb.authStore.token.split('.');
    forged.authStore.save(`${header}.${payload}.c2lnbmF0dXJl`, null);
    expectEnvelope(await failure(forged.collection('tasks').getList(1, 10)), 401);
  });

  it('serves GET and DELETE that carry Content-Type: application/json and no body', async () => {
    const created = await pb.collection('tasks').create({ title: 'Empty body', weekNumber: 3, year: FUTURE_YEAR });
    const get = await fetch(`${server.url}/api/collections/tasks/records/${created.id}`, {
      headers: { 'Content-Type': 'application/json', Authorization: pb.authStore.token },
    });
    expect(get.status).toBe(200);
    expect(await get.json()).toMatchObject({ id: created.id, title: 'Empty body' });
    const del = await fetch(`${server.url}/api/collections/tasks/records/${created.id}`, {
      method: 'DELETE',
      headers: { 'Content-Type': 'application/json', Authorization: pb.authStore.token, 'X-Confirm-Password': TEST_DELETE_PASSWORD },
    });
    expect(del.status).toBe(204);
  });

  it('answers 400 for a perPage that is not a number', async () => {
    expectEnvelope(await failure(pb.send('/api/collections/tasks/records', { query: { perPage: 'lots' } })), 400);
  });
});
