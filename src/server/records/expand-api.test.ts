import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, failure, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';
import { FUTURE_YEAR } from '../../../tests/support/open-weeks';
import { EXPAND_BOUNDS } from './expand';

// PocketBase's `expand` on relation fields, through the official SDK: a related record is shown
// only to a caller the related collection's view rule lets see it (an account: its owner), and is
// simply absent otherwise; the request itself is bounded.

const order = (title: string) => ({ title, day: 'monday', weekNumber: 12, year: FUTURE_YEAR });

describe('expand', () => {
  let server: TestServer;
  let ann: TestAccount;
  let bob: TestAccount;
  let annOrder: RecordModel;
  let bobOrder: RecordModel;

  beforeAll(async () => {
    server = await startTestServer();
    // Ann made the nursery (its admin); Bob works in its office (docs/decisions/036).
    ann = await createAccount(server);
    bob = await createAccount(server, { nursery: ann.nursery, role: 'office' });
    annOrder = await ann.pb.collection('tasks').create(order('Ann expands'));
    bobOrder = await bob.pb.collection('tasks').create(order('Bob expands'));
  });
  afterAll(async () => {
    await server.close();
  });

  const inList = (items: RecordModel[], id: string) => items.find((item) => item.id === id);

  it("lists orders with their creator's account expanded, as the account's own view shows it", async () => {
    const page = await ann.pb.collection('tasks').getList(1, 50, { expand: 'user', filter: 'title ~ "expands"' });
    const own = inList(page.items, annOrder.id);
    const account = await ann.pb.collection('users').getOne(ann.id);
    expect(own?.expand).toEqual({ user: account });
    expect(Object.keys(own?.expand?.user ?? {})).not.toContain('passwordHash');
    expect(Object.keys(own?.expand?.user ?? {})).not.toContain('tokenKey');
  });

  it("shows a teammate's account as the caller's own view of it shows it: the e-mail address to admins only", async () => {
    const page = await ann.pb.collection('tasks').getList(1, 50, { expand: 'user', filter: 'title ~ "expands"' });
    expect(inList(page.items, bobOrder.id)?.expand).toEqual({ user: await ann.pb.collection('users').getOne(bob.id) });
    expect(inList(page.items, bobOrder.id)?.expand?.user).toMatchObject({ id: bob.id, email: bob.email });
    // The same list for Bob (the cached answer for Ann must not reach him): Ann's account without her address.
    const bobs = await bob.pb.collection('tasks').getList(1, 50, { expand: 'user', filter: 'title ~ "expands"' });
    expect(inList(bobs.items, annOrder.id)?.expand).toEqual({ user: await bob.pb.collection('users').getOne(ann.id) });
    expect(inList(bobs.items, annOrder.id)?.expand?.user).toMatchObject({ id: ann.id, username: ann.username });
    expect(inList(bobs.items, annOrder.id)?.expand?.user).not.toHaveProperty('email');
    expect(inList(bobs.items, bobOrder.id)?.expand?.user).toMatchObject({ id: bob.id, email: bob.email });
  });

  it('leaves out a related record the caller may not view, as PocketBase: no expand, no error', async () => {
    // An order whose `user` is someone of another nursery (only the server can write one).
    const stranger = await createAccount(server);
    const row = await server.built.records.systemCreate('tasks', { ...order('Stranger expands'), user: stranger.id, nursery: ann.nursery });
    const page = await ann.pb.collection('tasks').getList(1, 50, { expand: 'user', filter: 'title ~ "expands"' });
    expect(inList(page.items, String(row.id))).toBeDefined();
    expect(inList(page.items, String(row.id))).not.toHaveProperty('expand');
    await expect(ann.pb.collection('tasks').getOne(String(row.id), { expand: 'user' })).resolves.not.toHaveProperty('expand');
    // And the stranger sees none of it.
    expect((await stranger.pb.collection('tasks').getList(1, 50, { expand: 'user', filter: 'title ~ "expands"' })).items).toEqual([]);
  });

  it('expands on view, create and update too', async () => {
    await expect(ann.pb.collection('tasks').getOne(annOrder.id, { expand: 'user' })).resolves.toMatchObject({
      expand: { user: { id: ann.id, email: ann.email } },
    });
    const annAsBobSees = await bob.pb.collection('tasks').getOne(annOrder.id, { expand: 'user' });
    expect(annAsBobSees.expand?.user).toMatchObject({ id: ann.id });
    expect(annAsBobSees.expand?.user).not.toHaveProperty('email');
    const created = await bob.pb.collection('tasks').create(order('Bob expands again'), { expand: 'user' });
    expect(created.expand?.user).toMatchObject({ id: bob.id });
    const updated = await ann.pb.collection('tasks').update(created.id, { status: 'working' }, { expand: 'user' });
    expect(updated).toMatchObject({ status: 'working', user: bob.id, expand: { user: { id: bob.id, email: bob.email } } });
  });

  it('takes a record sent back whole with its expand, as the SDK sends it, and stores nothing of the expand', async () => {
    const viewed = await ann.pb.collection('tasks').getOne(annOrder.id, { expand: 'user' });
    const saved = await ann.pb.collection('tasks').update(annOrder.id, { ...viewed, trollies: '4' });
    expect(saved).toMatchObject({ id: annOrder.id, trollies: '4', user: ann.id });
    expect(saved).not.toHaveProperty('expand');
    // Only relation fields can be expanded: anything else under `expand` is refused by name.
    const refused = await failure(ann.pb.collection('tasks').update(annOrder.id, { expand: { title: 'x' } }));
    expect(refused.response.data).toHaveProperty('expand');
  });

  it('expands the settings and saved runs of their owner', async () => {
    const settings = await ann.pb.collection('user_settings').create({ settings_json: { monday_heading: 'North' } }, { expand: 'user' });
    expect(settings.expand?.user).toMatchObject({ id: ann.id });
    const vehicleInfo = { driver: 'Sam', reg: 'AB12 CDE', code: '', date: '2026-03-02', vehicleType: 'lorry', trolleyNumber: 8, grid: [] };
    const run = await ann.pb.collection('trolley_exports').create({ name: 'Monday', data: [], vehicleInfo });
    await expect(ann.pb.collection('trolley_exports').getOne(run.id, { expand: 'user' })).resolves.toMatchObject({
      expand: { user: { id: ann.id } },
    });
  });

  it('shows the related record as it is now, after it changed (the cached list follows the related collection)', async () => {
    const before = await ann.pb.collection('tasks').getList(1, 50, { expand: 'user', filter: 'title = "Ann expands"' });
    expect(before.items[0]?.expand?.user?.emailVisibility).toBe(false);
    await ann.pb.collection('users').update(ann.id, { emailVisibility: true });
    const after = await ann.pb.collection('tasks').getList(1, 50, { expand: 'user', filter: 'title = "Ann expands"' });
    expect(after.items[0]?.expand?.user?.emailVisibility).toBe(true);
  });

  it('ignores names that are not relation fields, as PocketBase does', async () => {
    const page = await ann.pb.collection('tasks').getList(1, 50, { expand: 'title,nothing,user.nothing', filter: 'title ~ "expands"' });
    expect(Object.keys(inList(page.items, bobOrder.id)?.expand ?? {})).toEqual(['user']);
    expect(inList(page.items, annOrder.id)?.expand?.user).toMatchObject({ id: ann.id });
  });

  it('refuses an expand that is too long, too deep or names too many relations, with a sentence', async () => {
    const deep = Array.from({ length: EXPAND_BOUNDS.maxDepth + 1 }, () => 'user').join('.');
    const many = Array.from({ length: EXPAND_BOUNDS.maxPaths + 1 }, (_v, i) => `user${i}`).join(',');
    const long = 'u'.repeat(EXPAND_BOUNDS.maxLength + 1);
    for (const [expand, words] of [
      [deep, 'too deep'],
      [many, 'too many'],
      [long, 'too long'],
    ] as const) {
      const error = await failure(ann.pb.collection('tasks').getList(1, 5, { expand }));
      expect(error.status).toBe(400);
      expect(error.message).toContain(words);
      expect((await failure(ann.pb.collection('tasks').getOne(annOrder.id, { expand }))).status).toBe(400);
    }
  });

  it('expands nothing for a visitor or for a user whose account rule refuses them', async () => {
    // Unverified: may see their own account, but no orders at all.
    const unverified = await createAccount(server, { verified: false });
    expect((await failure(unverified.pb.collection('tasks').getList(1, 5, { expand: 'user' }))).status).toBe(403);
    expect((await failure(server.client().collection('tasks').getList(1, 5, { expand: 'user' }))).status).toBe(401);
  });
});
