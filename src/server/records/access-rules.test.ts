import { ClientResponseError } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  failure,
  startTestServer,
  TEST_DELETE_PASSWORD,
  type TestAccount,
  type TestServer,
} from '../../../tests/support/server';
import { FUTURE_YEAR, futureYearWithWeeks } from '../../../tests/support/open-weeks';

// Who may do what (docs/decisions/005, 020, 025), through the SDK as each kind of caller.

const STAFF_COLLECTIONS = ['tasks', 'user_settings', 'trolley_exports'] as const;
const order = (extra: Record<string, unknown> = {}) => ({ title: 'Greenfields', weekNumber: 12, year: FUTURE_YEAR, ...extra });
/** Years ahead with and without a week 53, so new orders may go into any of their weeks. */
const YEAR_OF_52 = futureYearWithWeeks(52);
const YEAR_OF_53 = futureYearWithWeeks(53);
const run = (extra: Record<string, unknown> = {}) => ({
  name: '2-3-2026-Sam-AB12 CDE',
  data: [{ id: 's1', title: 'Greenfields', postcode: 'AB1 2CD', trollies: '4', extras: '', orderNumber: '' }],
  vehicleInfo: { driver: 'Sam', reg: 'AB12 CDE', code: '', date: '2026-03-02', vehicleType: 'lorry', trolleyNumber: 8, grid: [] },
  ...extra,
});

describe('the gate: signed in, verified, terms v1.0', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it.each(STAFF_COLLECTIONS)('a visitor gets 401 from %s', async (collection) => {
    const pb = server.client();
    expect((await failure(pb.collection(collection).getList(1, 10))).status).toBe(401);
    expect((await failure(pb.collection(collection).getOne('abcdefghij12345'))).status).toBe(401);
    expect((await failure(pb.collection(collection).create({}))).status).toBe(401);
  });

  it('a visitor cannot list or view users', async () => {
    expect((await failure(server.client().collection('users').getList(1, 10))).status).toBe(401);
  });

  it('an unverified user gets 403 with a message, and can still read and update their own record', async () => {
    const account = await createAccount(server, { verified: false });
    for (const collection of STAFF_COLLECTIONS) {
      const error = await failure(account.pb.collection(collection).getList(1, 10));
      expect(error.status).toBe(403);
      expect(error.message).toMatch(/verify your email/i);
    }
    expect((await failure(account.pb.collection('tasks').create(order()))).status).toBe(403);
    await expect(account.pb.collection('users').getOne(account.id)).resolves.toMatchObject({ id: account.id, verified: false });
    await expect(account.pb.collection('users').update(account.id, { emailVisibility: true })).resolves.toMatchObject({
      emailVisibility: true,
    });
  });

  it('a user without terms v1.0 gets 403, then accepting the terms lets them in', async () => {
    const account = await createAccount(server, { acceptTerms: false });
    const error = await failure(account.pb.collection('tasks').getList(1, 10));
    expect(error.status).toBe(403);
    expect(error.message).toMatch(/terms/i);
    expect((await failure(account.pb.collection('user_settings').create({}))).status).toBe(403);
    const accepted = await account.pb
      .collection('users')
      .update(account.id, { termsAgreement: { agreed: true, version: 'v1.0', timestamp: new Date().toISOString() } });
    expect(accepted.termsAgreement).toMatchObject({ agreed: true, version: 'v1.0', timestamp: expect.any(String) });
    await expect(account.pb.collection('tasks').getList(1, 10)).resolves.toMatchObject({ page: 1 });
  });

  it('a user sees and updates only their own users record', async () => {
    const alice = await createAccount(server);
    const bob = await createAccount(server);
    const list = await alice.pb.collection('users').getList(1, 50);
    expect(list.totalItems).toBe(1);
    expect(list.items.map((u) => u.id)).toEqual([alice.id]);
    expect((await failure(alice.pb.collection('users').getOne(bob.id))).status).toBe(404);
    expect((await failure(alice.pb.collection('users').update(bob.id, { emailVisibility: true }))).status).toBe(404);
    expect((await failure(alice.pb.collection('users').getFirstListItem(alice.pb.filter('id = {:id}', { id: bob.id })))).status).toBe(404);
  });

  it('a user cannot set `verified` or change their e-mail', async () => {
    const unverified = await createAccount(server, { verified: false });
    const verify = await failure(unverified.pb.collection('users').update(unverified.id, { verified: true }));
    expect(verify.status).toBe(400);
    expect(verify.response.data).toHaveProperty('verified');
    await expect(unverified.pb.collection('users').getOne(unverified.id)).resolves.toMatchObject({ verified: false });

    const email = await failure(unverified.pb.collection('users').update(unverified.id, { email: 'someone-else@nursery.test' }));
    expect(email.status).toBe(400);
    expect(email.response.data).toHaveProperty('email');
    await expect(unverified.pb.collection('users').getOne(unverified.id)).resolves.toMatchObject({ email: unverified.email });
  });

  it('changing the own password needs the old one and signs out earlier sessions', async () => {
    const account = await createAccount(server);
    const wrongOld = await failure(
      account.pb
        .collection('users')
        .update(account.id, { oldPassword: 'not-it-at-all', password: 'new-seedling-5', passwordConfirm: 'new-seedling-5' }),
    );
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.response.data).toHaveProperty('oldPassword');
    const other = server.client();
    await other.collection('users').authWithPassword(account.username, account.password);
    await account.pb
      .collection('users')
      .update(account.id, { oldPassword: account.password, password: 'new-seedling-5', passwordConfirm: 'new-seedling-5' });
    expect((await failure(other.collection('tasks').getList(1, 1))).status).toBe(401);
    await expect(server.client().collection('users').authWithPassword(account.username, 'new-seedling-5')).resolves.toMatchObject({
      record: { id: account.id },
    });
  });
});

describe('collection rules', () => {
  let server: TestServer;
  let alice: TestAccount;
  let bob: TestAccount;
  beforeAll(async () => {
    server = await startTestServer();
    alice = await createAccount(server);
    // A teammate: orders and runs are the nursery's (docs/decisions/036).
    bob = await createAccount(server, { nursery: alice.nursery });
  });
  afterAll(async () => {
    await server.close();
  });

  describe('tasks', () => {
    it('sets `user` to the creator and keeps it; naming someone else is refused (docs/decisions/005)', async () => {
      const created = await alice.pb.collection('tasks').create(order());
      expect(created.user).toBe(alice.id);
      const updated = await bob.pb.collection('tasks').update(created.id, { user: alice.id, title: 'Greenfields (moved)' });
      expect(updated).toMatchObject({ user: alice.id, title: 'Greenfields (moved)' });
    });

    it('lets every member of staff see and edit every order', async () => {
      const created = await alice.pb.collection('tasks').create(order({ title: 'Shared board order' }));
      await expect(bob.pb.collection('tasks').getOne(created.id)).resolves.toMatchObject({ title: 'Shared board order' });
    });

    it.each([
      ['a blank title', { title: '   ' }, 'title'],
      ['a missing title', { title: undefined }, 'title'],
      ['day "funday"', { day: 'funday' }, 'day'],
      ['an unknown customerType', { customerType: 'vip' }, 'customerType'],
      ['an unknown board type', { other: 'archive' }, 'other'],
      ['an unknown status', { status: 'shipped' }, 'status'],
      ['week 53 in a year of 52 weeks', { weekNumber: 53, year: YEAR_OF_52 }, 'weekNumber'],
      ['week 0', { weekNumber: 0 }, 'weekNumber'],
      ['a missing week', { weekNumber: undefined }, 'weekNumber'],
      ['a year far away', { year: 1999 }, 'year'],
    ])('refuses %s with a field error', async (_name, change, field) => {
      const error = await failure(alice.pb.collection('tasks').create(order(change)));
      expect(error.status).toBe(400);
      expect(error.response.data[field]).toMatchObject({
        code: expect.stringMatching(/^validation_/),
        message: expect.stringMatching(/\S/),
      });
    });

    it('checks updates too, against the stored year', async () => {
      const created = await alice.pb.collection('tasks').create(order({ year: YEAR_OF_52, weekNumber: 52 }));
      const error = await failure(alice.pb.collection('tasks').update(created.id, { weekNumber: 53 }));
      expect(error.status).toBe(400);
      expect(error.response.data).toHaveProperty('weekNumber');
      expect((await failure(alice.pb.collection('tasks').update(created.id, { title: '' }))).response.data).toHaveProperty('title');
      await expect(alice.pb.collection('tasks').update(created.id, { year: YEAR_OF_53, weekNumber: 53 })).resolves.toMatchObject({
        year: YEAR_OF_53,
        weekNumber: 53,
      });
    });

    it('accepts week 53 in a year that has one, and reads the legacy year 0 as 2024', async () => {
      const created = await alice.pb.collection('tasks').create(order({ weekNumber: 53, year: YEAR_OF_53 }));
      expect(created).toMatchObject({ weekNumber: 53, year: YEAR_OF_53 });
      // 2024 has passed, so year 0 arrives on an edit (a new order there is refused: see new-order-week-api.test.ts).
      await expect(alice.pb.collection('tasks').update(created.id, { weekNumber: 52, year: 0 })).resolves.toMatchObject({
        weekNumber: 52,
        year: 2024,
      });
      expect((await failure(alice.pb.collection('tasks').create(order({ weekNumber: 52, year: 0 })))).response.data).toHaveProperty(
        'weekNumber',
      );
    });

    it('fills in the spec defaults for fields not sent', async () => {
      await expect(alice.pb.collection('tasks').create(order())).resolves.toMatchObject({
        day: 'monday',
        customerType: 'wholesale',
        other: 'none',
        status: '',
        postcode: '',
      });
    });
  });

  describe('user_settings', () => {
    it('shows each user only their own record; a second create is refused', async () => {
      const carol = await createAccount(server);
      const dave = await createAccount(server);
      const mine = await carol.pb.collection('user_settings').create({ user: carol.id, settings_json: { monday_heading: 'North' } });
      expect(mine.user).toBe(carol.id);
      const second = await failure(carol.pb.collection('user_settings').create({ settings_json: {} }));
      expect(second.status).toBe(400);
      expect(second.response.data).toHaveProperty('user');

      const theirs = await dave.pb.collection('user_settings').getList(1, 10);
      expect(theirs.totalItems).toBe(0);
      expect((await failure(dave.pb.collection('user_settings').getOne(mine.id))).status).toBe(404);
      expect(
        (await failure(dave.pb.collection('user_settings').update(mine.id, { settings_json: { monday_heading: 'Hijacked' } }))).status,
      ).toBe(404);
      expect(
        (await failure(dave.pb.collection('user_settings').getFirstListItem(dave.pb.filter('user = {:u}', { u: carol.id })))).status,
      ).toBe(404);
      await expect(carol.pb.collection('user_settings').getOne(mine.id)).resolves.toMatchObject({
        settings_json: { monday_heading: 'North' },
      });
      await expect(carol.pb.collection('user_settings').getList(1, 10)).resolves.toMatchObject({ totalItems: 1 });
    });

    it('refuses headings that are not text or not weekdays', async () => {
      const erin = await createAccount(server);
      expect((await failure(erin.pb.collection('user_settings').create({ settings_json: { monday_heading: 42 } }))).status).toBe(400);
      expect((await failure(erin.pb.collection('user_settings').create({ settings_json: { holiday_heading: 'x' } }))).status).toBe(400);
    });
  });

  describe('trolley_exports', () => {
    it("lets any member of staff list and view others' runs; `user` is the saver", async () => {
      const saved = await alice.pb.collection('trolley_exports').create(run());
      expect(saved.user).toBe(alice.id);
      await expect(bob.pb.collection('trolley_exports').getOne(saved.id)).resolves.toMatchObject({ id: saved.id, name: saved.name });
      const list = await bob.pb.collection('trolley_exports').getFullList({ sort: '-created' });
      expect(list.map((r) => r.id)).toContain(saved.id);
      const found = await bob.pb.collection('trolley_exports').getFirstListItem(bob.pb.filter('name = {:name}', { name: saved.name }));
      expect(found.id).toBe(saved.id);
      const resaved = await bob.pb.collection('trolley_exports').update(saved.id, run({ name: saved.name }));
      expect(resaved.user).toBe(bob.id);
    });

    it.each([
      ['no driver', { driver: '' }],
      ['no registration', { reg: '  ' }],
      ['no date', { date: '' }],
    ])('refuses a run with %s using the spec message', async (_name, change) => {
      const body = run();
      const error = await failure(
        alice.pb.collection('trolley_exports').create({ ...body, vehicleInfo: { ...body.vehicleInfo, ...change } }),
      );
      expect(error.status).toBe(400);
      expect(error.response.data.vehicleInfo).toMatchObject({ message: 'Please enter driver, registration and date before saving.' });
    });

    it('refuses a run without vehicle details at all', async () => {
      const error = await failure(alice.pb.collection('trolley_exports').create({ name: 'x', data: [] }));
      expect(error.response.data.vehicleInfo?.message).toBe('Please enter driver, registration and date before saving.');
    });
  });

  describe('`user` is never another user (docs/decisions/005)', () => {
    it.each(STAFF_COLLECTIONS)(
      '%s: a create or update naming someone else is refused with 400 on `user`, nothing stored',
      async (collection) => {
        const frank = await createAccount(server);
        const grace = await createAccount(server, { nursery: frank.nursery });
        const bodies = { tasks: order(), user_settings: { settings_json: {} }, trolley_exports: run() } as const;
        const refused = await failure(frank.pb.collection(collection).create({ ...bodies[collection], user: grace.id }));
        expect(refused.status).toBe(400);
        expect(refused.response.data.user).toMatchObject({
          code: 'validation_invalid_value',
          message: expect.stringMatching(/your own name/),
        });
        expect(
          (await frank.pb.collection(collection).getList(1, 1, { filter: frank.pb.filter('user = {:g}', { g: grace.id }) })).totalItems,
        ).toBe(0);

        const mine = await frank.pb.collection(collection).create(bodies[collection]);
        expect(mine.user).toBe(frank.id);
        const hijack = await failure(frank.pb.collection(collection).update(mine.id, { user: grace.id }));
        expect(hijack.status).toBe(400);
        expect(hijack.response.data).toHaveProperty('user');
        await expect(frank.pb.collection(collection).getOne(mine.id)).resolves.toMatchObject({ user: frank.id, updated: mine.updated });
        await expect(frank.pb.collection(collection).update(mine.id, { user: frank.id })).resolves.toMatchObject({ user: frank.id });
      },
    );
  });

  describe('deleting needs the deletion password (docs/decisions/020)', () => {
    const cases = [
      ['tasks', () => alice.pb.collection('tasks').create(order({ title: 'To delete' }))],
      ['trolley_exports', () => alice.pb.collection('trolley_exports').create(run())],
    ] as const;

    it.each(cases)('%s: missing or wrong password -> 403 "Incorrect password." and nothing deleted', async (collection, make) => {
      const record = await make();
      // Wrong guesses are throttled per member of staff and address: a fresh one per case.
      const deleter = await createAccount(server, { nursery: alice.nursery });
      const attempts: Record<string, string>[] = [
        {},
        { 'X-Confirm-Password': '' },
        { 'X-Confirm-Password': 'prune-the-rose' },
        { 'X-Confirm-Password': `${TEST_DELETE_PASSWORD}x` },
      ];
      for (const headers of attempts) {
        const error = await failure(deleter.pb.collection(collection).delete(record.id, { headers }));
        expect(error.status).toBe(403);
        expect(error.response).toMatchObject({ status: 403, message: 'Incorrect password.' });
      }
      await expect(alice.pb.collection(collection).getOne(record.id)).resolves.toMatchObject({ id: record.id });
    });

    it.each(cases)('%s: the right password in any case deletes, for any member of staff', async (collection, make) => {
      const record = await make();
      await expect(
        bob.pb.collection(collection).delete(record.id, { headers: { 'X-Confirm-Password': TEST_DELETE_PASSWORD.toUpperCase() } }),
      ).resolves.toBe(true);
      expect((await failure(alice.pb.collection(collection).getOne(record.id))).status).toBe(404);
    });

    it('a visitor cannot delete even with the password', async () => {
      const record = await alice.pb.collection('tasks').create(order());
      expect(
        (
          await failure(
            server
              .client()
              .collection('tasks')
              .delete(record.id, { headers: { 'X-Confirm-Password': TEST_DELETE_PASSWORD } }),
          )
        ).status,
      ).toBe(401);
      await expect(alice.pb.collection('tasks').getOne(record.id)).resolves.toMatchObject({ id: record.id });
    });
  });

  describe('edits never silently overwrite each other (docs/decisions/025)', () => {
    const ifMatch = (updated: string) => ({ headers: { 'If-Match': `"${updated}"` } });

    it('an update with the current version succeeds; one from a stale version gets 412 and changes nothing', async () => {
      const created = await alice.pb.collection('tasks').create(order({ title: 'Version 1' }));
      const second = await alice.pb.collection('tasks').update(created.id, { title: 'Version 2' }, ifMatch(created.updated));
      expect(second.title).toBe('Version 2');
      const stale = await failure(bob.pb.collection('tasks').update(created.id, { title: 'Stale edit' }, ifMatch(created.updated)));
      expect(stale.status).toBe(412);
      expect(stale.response).toMatchObject({ status: 412, message: expect.stringMatching(/reload/i) });
      await expect(alice.pb.collection('tasks').getOne(created.id)).resolves.toMatchObject({ title: 'Version 2', updated: second.updated });
      await expect(bob.pb.collection('tasks').update(created.id, { title: 'Version 3' }, ifMatch(second.updated))).resolves.toMatchObject({
        title: 'Version 3',
      });
    });

    it('two quick saves from the same version: exactly one wins', async () => {
      const created = await alice.pb.collection('trolley_exports').create(run());
      const results = await Promise.allSettled([
        alice.pb.collection('trolley_exports').update(created.id, { name: 'Alice' }, ifMatch(created.updated)),
        bob.pb.collection('trolley_exports').update(created.id, { name: 'Bob' }, ifMatch(created.updated)),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const loser = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect((loser?.reason as ClientResponseError).status).toBe(412);
    });

    it('works on user_settings too', async () => {
      const frank = await createAccount(server);
      const settings = await frank.pb.collection('user_settings').create({ settings_json: {} });
      await frank.pb.collection('user_settings').update(settings.id, { settings_json: { monday_heading: 'A' } });
      expect(
        (
          await failure(
            frank.pb.collection('user_settings').update(settings.id, { settings_json: { monday_heading: 'B' } }, ifMatch(settings.updated)),
          )
        ).status,
      ).toBe(412);
    });
  });
});
