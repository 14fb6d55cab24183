import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STANDING_API } from '#domain/standing-orders/requests';
import { order } from '../../../tests/support/realtime-client';
import { createTeam, failure, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';

// Standing orders, Fill week and Copy to another week through the official SDK (docs/decisions/039):
// office staff and admins keep standing orders and fill weeks from them; a week is filled once,
// however often and however many at once; copies land in the week asked, without status; nothing
// crosses nurseries.

// Tuesday of week 48 of 2026: weeks 48 to 53 of 2026 are open, 2026 has a week 53.
const NOW = new Date('2026-11-24T12:00:00Z');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { now: () => NOW });
});
afterAll(async () => {
  await server.close();
});

const nursery = () => createTeam(server);

const post = <T = Record<string, unknown>>(account: TestAccount, path: string, body: unknown) =>
  account.pb.send<T>(path, { method: 'POST', body });
const preview = (account: TestAccount, year: number, week: number) =>
  account.pb.send<{ toCreate: Array<{ title: string; day: string }>; existing: unknown[]; week: string }>(STANDING_API.fillWeek, {
    query: { year, week },
  });
const fill = (account: TestAccount, year: number, week: number) =>
  post<{ created: number; skipped: number; week: string }>(account, STANDING_API.fillWeek, { year, week });

async function customerWithStanding(account: TestAccount, name: string, standing: Record<string, unknown> = {}) {
  const customer = await account.pb.collection('customers').create({ name, postcode: 'AB1 2CD', customerType: 'retail' });
  const made = await account.pb.collection('standing_orders').create({
    customer: customer.id,
    title: name,
    postcode: 'AB1 2CD',
    day: 'wednesday',
    customerType: 'retail',
    trollies: '3',
    orderInfo: 'Back door',
    fromYear: 2026,
    fromWeek: 49,
    ...standing,
  });
  return { customer, standing: made };
}

const weekOrders = (account: TestAccount, year: number, week: number) =>
  account.pb.collection('tasks').getFullList({ filter: `year = ${year} && weekNumber = ${week}`, sort: 'created' });

describe('standing orders', () => {
  it('office and admins keep them; staff and viewers read them and are told why not', async () => {
    const { admin, office, staff, viewer } = await nursery();
    const { standing } = await customerWithStanding(office, 'Green Garden Centre', { everyWeeks: 2, untilYear: 2027, untilWeek: 10 });
    expect(standing).toMatchObject({ nursery: admin.nursery, everyWeeks: 2, active: true, created_by: office.id });
    await admin.pb.collection('standing_orders').update(standing.id, { trollies: '5' });
    for (const reader of [staff, viewer]) {
      await expect(reader.pb.collection('standing_orders').getOne(standing.id)).resolves.toMatchObject({ trollies: '5' });
      const refused = await failure(reader.pb.collection('standing_orders').update(standing.id, { trollies: '9' }));
      expect(refused.status).toBe(403);
      expect(refused.message).toMatch(/Only office staff and admins can change standing orders/);
      const fillRefused = await failure(fill(reader, 2026, 49));
      expect(fillRefused.status).toBe(403);
      expect((await failure(preview(reader, 2026, 49))).status).toBe(403);
    }
    // History, as orders and runs keep it.
    const history = await office.pb.send<{ items: Array<{ action: string }> }>(
      `/api/collections/standing_orders/records/${standing.id}/history`,
      {},
    );
    expect(history.items.map((entry) => entry.action)).toEqual(['create', 'update']);
  });

  it('refuses what a person could not mean, with sentences', async () => {
    const { office } = await nursery();
    const customer = await office.pb.collection('customers').create({ name: 'Somebody' });
    const bad = await failure(
      office.pb.collection('standing_orders').create({
        customer: customer.id,
        title: 'Somebody',
        fromYear: 2027,
        fromWeek: 53,
        everyWeeks: 0,
      }),
    );
    expect(bad.status).toBe(400);
    expect(bad.response.data).toMatchObject({
      fromWeek: { message: 'Week must be between 1 and 52 for 2027.' },
      everyWeeks: { message: expect.any(String) },
    });
    const backwards = await failure(
      office.pb.collection('standing_orders').create({
        customer: customer.id,
        title: 'Somebody',
        fromYear: 2027,
        fromWeek: 5,
        untilYear: 2026,
        untilWeek: 50,
      }),
    );
    expect(backwards.response.data.untilWeek.message).toMatch(/comes before the first/);
    const noCustomer = await failure(office.pb.collection('standing_orders').create({ title: 'X', fromYear: 2027, fromWeek: 5 }));
    expect(noCustomer.response.data).toHaveProperty('customer');
    // An order cannot claim to come from a standing order.
    const forged = await failure(office.pb.collection('tasks').create(order('Forged', { standingOrder: 'abc', standingWeek: '2026-W50' })));
    expect(forged.status).toBe(400);
  });
});

describe('Fill week', () => {
  it('previews, makes the orders once, and makes nothing when run again', async () => {
    const { office, staff } = await nursery();
    const { customer, standing } = await customerWithStanding(office, 'Hill Top');
    await customerWithStanding(office, 'Later Ltd', { fromWeek: 51 });
    await customerWithStanding(office, 'Paused Plants', { active: false });

    const seen = await preview(office, 2026, 49);
    expect(seen.week).toBe('2026-W49');
    expect(seen.toCreate.map((o) => o.title)).toEqual(['Hill Top']);
    expect(seen.existing).toEqual([]);
    expect(await weekOrders(staff, 2026, 49)).toEqual([]);

    await expect(fill(office, 2026, 49)).resolves.toMatchObject({ created: 1, skipped: 0, week: '2026-W49' });
    const orders = await weekOrders(staff, 2026, 49);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      title: 'Hill Top',
      day: 'wednesday',
      customer: customer.id,
      trollies: '3',
      orderInfo: 'Back door',
      status: '',
      standingOrder: standing.id,
      standingWeek: '2026-W49',
      created_by: office.id,
    });

    await expect(fill(office, 2026, 49)).resolves.toMatchObject({ created: 0, skipped: 1 });
    const again = await preview(office, 2026, 49);
    expect(again.toCreate).toEqual([]);
    expect(again.existing).toHaveLength(1);
    expect(await weekOrders(staff, 2026, 49)).toHaveLength(1);
  });

  it('two fills of the same week at once make each order once', async () => {
    const { admin, office } = await nursery();
    for (let i = 0; i < 6; i++) await customerWithStanding(office, `Concurrent ${i}`);
    const results = await Promise.all([fill(office, 2026, 50), fill(admin, 2026, 50), fill(office, 2026, 50)]);
    expect(results.reduce((sum, r) => sum + r.created, 0)).toBe(6);
    for (const r of results) expect(r.created + r.skipped).toBe(6);
    const orders = await weekOrders(office, 2026, 50);
    expect(orders).toHaveLength(6);
    expect(new Set(orders.map((o) => o.standingOrder)).size).toBe(6);
  });

  it('the database itself refuses a second order of one standing order and week', async () => {
    const { office } = await nursery();
    const { standing } = await customerWithStanding(office, 'Unique Nursery');
    await fill(office, 2026, 49);
    const [made] = await weekOrders(office, 2026, 49);
    const { db } = server.built.database;
    const row = await db.selectFrom('tasks').selectAll().where('id', '=', String(made?.id)).executeTakeFirstOrThrow();
    // Every column but the insertion order, which the database numbers itself.
    delete (row as Record<string, unknown>).seq;
    await expect(
      db
        .insertInto('tasks')
        .values({ ...row, id: 'duplicate000001' })
        .execute(),
    ).rejects.toThrow(/unique|duplicate/i);
    expect(standing.id).toBe(made?.standingOrder);
  });

  it('every N weeks from the first week, across the year end, until the last', async () => {
    const { office } = await nursery();
    await customerWithStanding(office, 'Fortnightly', { fromWeek: 52, everyWeeks: 2, untilYear: 2027, untilWeek: 3 });
    const titles = async (year: number, week: number) => (await preview(office, year, week)).toCreate.map((o) => o.title);
    expect(await titles(2026, 51)).toEqual([]);
    expect(await titles(2026, 52)).toEqual(['Fortnightly']);
    expect(await titles(2026, 53)).toEqual([]);
    // 2026 has 53 weeks: two weeks after week 52 is week 1 of 2027.
    expect(await titles(2027, 1)).toEqual(['Fortnightly']);
    expect(await titles(2027, 2)).toEqual([]);
    expect(await titles(2027, 3)).toEqual(['Fortnightly']);
    expect(await titles(2027, 5)).toEqual([]);
  });

  it('refuses a week that has passed or does not exist, with a sentence', async () => {
    const { office } = await nursery();
    const past = await failure(fill(office, 2026, 40));
    expect(past.status).toBe(400);
    expect(past.message).toMatch(/has already passed/);
    const none = await failure(fill(office, 2027, 53));
    expect(none.status).toBe(400);
    expect(none.message).toBe('The week to fill: choose a week between 1 and 52 of 2027.');
    expect((await failure(preview(office, 0, 0))).status).toBe(400);
  });
});

describe('Copy to another week', () => {
  it('copies chosen orders or a day into another week, without status, after a preview', async () => {
    const { staff, viewer } = await nursery();
    const a = await staff.pb
      .collection('tasks')
      .create(order('Alpha', { year: 2026, weekNumber: 49, day: 'monday', status: 'loaded', trollies: '2' }));
    const b = await staff.pb.collection('tasks').create(order('Bravo', { year: 2026, weekNumber: 49, day: 'monday' }));
    await staff.pb.collection('tasks').create(order('Charlie', { year: 2026, weekNumber: 49, day: 'friday' }));

    const planned = await post<{ count: number; copies: Array<{ title: string; day: string; weekNumber: number }> }>(
      staff,
      STANDING_API.copyPreview,
      { from: { year: 2026, week: 49, day: 'monday' }, to: { year: 2026, week: 51 } },
    );
    expect(planned.count).toBe(2);
    expect(planned.copies.map((c) => `${c.title} ${c.day} ${c.weekNumber}`)).toEqual(['Alpha monday 51', 'Bravo monday 51']);
    expect(await weekOrders(staff, 2026, 51)).toEqual([]);

    await expect(
      post(staff, STANDING_API.copy, { from: { year: 2026, week: 49, day: 'monday' }, to: { year: 2026, week: 51 } }),
    ).resolves.toMatchObject({
      created: 2,
    });
    const copied = await weekOrders(staff, 2026, 51);
    expect(copied.map((o) => [o.title, o.day, o.status, o.trollies])).toEqual([
      ['Alpha', 'monday', '', '2'],
      ['Bravo', 'monday', '', ''],
    ]);

    // The chosen orders, to another day.
    await post(staff, STANDING_API.copy, { ids: [a.id, b.id], to: { year: 2026, week: 52, day: 'thursday' } });
    expect((await weekOrders(staff, 2026, 52)).map((o) => `${o.title} ${o.day}`).sort()).toEqual(['Alpha thursday', 'Bravo thursday']);

    const refused = await failure(post(viewer, STANDING_API.copy, { ids: [a.id], to: { year: 2026, week: 52 } }));
    expect(refused.status).toBe(403);
  });

  it('refuses with sentences: nothing named, too many, a past week, an empty day', async () => {
    const { staff } = await nursery();
    const mine = await staff.pb.collection('tasks').create(order('Mine', { year: 2026, weekNumber: 49 }));
    const cases: Array<[unknown, RegExp]> = [
      [{ to: { year: 2026, week: 50 } }, /Say what to copy/],
      [{ ids: [], to: { year: 2026, week: 50 } }, /Choose at least one order/],
      [{ ids: Array.from({ length: 501 }, (_, i) => `id${i}`), to: { year: 2026, week: 50 } }, /At most 500 orders/],
      [{ ids: [mine.id], to: { year: 2026, week: 40 } }, /has already passed/],
      [{ ids: [mine.id], to: { year: 2026, week: 50, day: 'someday' } }, /choose a day from Monday to Sunday/],
      [{ from: { year: 2026, week: 50, day: 'sunday' }, to: { year: 2026, week: 51 } }, /no orders to copy/],
      [{ ids: [mine.id], to: 'next week' }, /The week to copy to/],
    ];
    for (const [body, message] of cases) {
      const refused = await failure(post(staff, STANDING_API.copy, body));
      expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(refused.message).toMatch(message);
    }
  });
});

describe("another nursery's", () => {
  it('standing orders, orders and weeks are out of reach', async () => {
    const mine = await nursery();
    const theirs = await nursery();
    const { standing: secret, customer: theirCustomer } = await customerWithStanding(theirs.office, 'Their Secret Customer');
    await customerWithStanding(mine.office, 'Our Customer');
    const theirOrder = await theirs.staff.pb.collection('tasks').create(order('Their order', { year: 2026, weekNumber: 49 }));

    expect((await failure(mine.office.pb.collection('standing_orders').getOne(secret.id))).status).toBe(404);
    expect(await mine.viewer.pb.collection('standing_orders').getFullList({ filter: 'title ~ "Secret"' })).toEqual([]);
    // Naming their customer on our standing order: the same sentence as a customer that does not exist.
    const named = await failure(
      mine.office.pb.collection('standing_orders').create({ customer: theirCustomer.id, title: 'Sneaky', fromYear: 2026, fromWeek: 50 }),
    );
    expect(named.response.data.customer.message).toBe('Customer not found in your nursery. Choose one from the list.');

    // Our fill makes our orders only; theirs are untouched.
    const seen = await preview(mine.office, 2026, 49);
    expect(seen.toCreate.map((o) => o.title)).toEqual(['Our Customer']);
    await fill(mine.office, 2026, 49);
    expect((await weekOrders(theirs.staff, 2026, 49)).map((o) => o.title)).toEqual(['Their order']);

    // Copying their order by id: refused as an order that does not exist.
    const copied = await failure(post(mine.staff, STANDING_API.copy, { ids: [theirOrder.id], to: { year: 2026, week: 50 } }));
    expect(copied.status).toBe(400);
    expect(copied.message).toBe('One of the chosen orders no longer exists. Choose the orders again.');
    // Copying a day copies our orders only.
    await post(mine.staff, STANDING_API.copy, { from: { year: 2026, week: 49 }, to: { year: 2026, week: 51 } });
    expect((await weekOrders(mine.staff, 2026, 51)).map((o) => o.title)).toEqual(['Our Customer']);
    expect(await weekOrders(theirs.staff, 2026, 51)).toEqual([]);
  });
});
