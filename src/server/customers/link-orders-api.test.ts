import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_ORDERS_API } from '#domain/customers/link-orders-api';
import type { LinkPlan } from '#domain/customers/link-plan';
import { CUSTOMERS_API } from '#domain/customers/matching';
import { order } from '../../../tests/support/realtime-client';
import { createTeam, failure, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';

// The linking assistant through the official SDK (docs/decisions/066): office staff and admins see
// the nursery's orders without a customer planned in three parts, and link or make customers only
// by pressing; each write is one transaction, looks only at orders still without a customer, and
// never touches another nursery's orders.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const post = (account: TestAccount, path: string, body: unknown) => account.pb.send(path, { method: 'POST', body });
const planOf = (account: TestAccount): Promise<LinkPlan> => account.pb.send(LINK_ORDERS_API.plan, {});
const countOf = (account: TestAccount): Promise<{ orders: number }> => account.pb.send(LINK_ORDERS_API.withoutCustomer, {});
const customersOf = (account: TestAccount) => account.pb.collection('customers').getFullList({ sort: 'name' });
const ordersOf = (account: TestAccount, title: string) =>
  account.pb.collection('tasks').getFullList({ filter: account.pb.filter('title = {:title}', { title }) });

/** A nursery with its book (Hillside, two Twins) and orders typed without customers. */
async function nurseryWithOrders() {
  const team = await createTeam(server);
  const { office, staff } = team;
  const hillside = await office.pb.collection('customers').create({ name: 'Hillside Garden Centre', postcode: 'GL7 1AB' });
  const twins = await Promise.all([
    office.pb.collection('customers').create({ name: 'Twins', postcode: 'TW1 1AA' }),
    office.pb.collection('customers').create({ name: 'twins', postcode: 'tw11aa' }),
  ]);
  const typed = [
    order('hillside garden centre', { postcode: 'gl7 1ab' }),
    order('Hillside Garden Centre', { postcode: 'GL7 1AB' }),
    order('Hillside Garden Centre Ltd.', { postcode: 'GL7 1AB' }),
    order('Hillside Garden Centre Ltd', { postcode: 'GL7 1AB' }),
    order('Twins', { postcode: 'TW1 1AA' }),
    order('Meadow Farm Shop', { postcode: 'MF1 1AA', customerType: 'retail' }),
    order('Meadow Farm Shop', { postcode: 'MF1 1AA', customerType: 'retail' }),
    order('Bramble Cottage', { postcode: '', customerType: 'wholesale' }),
  ];
  for (const body of typed) await staff.pb.collection('tasks').create(body);
  return { ...team, hillside, twins };
}

describe('the linking assistant', () => {
  it('counts and plans the orders without a customer: exact, close, several, none', async () => {
    const { office, admin, hillside, twins } = await nurseryWithOrders();
    expect(await countOf(office)).toEqual({ orders: 8 });
    const plan = await planOf(admin);
    expect(plan.withoutCustomer).toBe(8);
    expect(plan.exact).toEqual({
      orders: 2,
      groups: [
        {
          // Two spellings, one order each: the first in code-point order is shown.
          title: 'Hillside Garden Centre',
          postcode: 'GL7 1AB',
          customerType: 'retail',
          orders: 2,
          customer: { id: hillside.id, name: 'Hillside Garden Centre', postcode: 'GL7 1AB' },
        },
      ],
      moreGroups: 0,
    });
    expect(plan.close.orders).toBe(3);
    expect(plan.close.groups.map((g) => [g.title, g.orders, g.reason, g.suggestions.map((s) => s.id).sort()])).toEqual([
      ['Hillside Garden Centre Ltd', 1, 'close', [hillside.id]],
      ['Hillside Garden Centre Ltd.', 1, 'close', [hillside.id]],
      ['Twins', 1, 'several', twins.map((t) => t.id).sort()],
    ]);
    expect(plan.rest).toEqual({
      orders: 3,
      groups: [
        { title: 'Meadow Farm Shop', postcode: 'MF1 1AA', customerType: 'retail', orders: 2 },
        { title: 'Bramble Cottage', postcode: '', customerType: 'wholesale', orders: 1 },
      ],
      moreGroups: 0,
    });
  });

  it('links the exact matches in one go, one close group with one tap, and makes customers from the rest', async () => {
    const { office, hillside, twins } = await nurseryWithOrders();
    expect(await post(office, CUSTOMERS_API.matchOrders, {})).toMatchObject({ linked: 2 });

    expect(
      await post(office, LINK_ORDERS_API.linkGroup, { title: 'Hillside Garden Centre Ltd', postcode: 'GL7 1AB', customer: hillside.id }),
    ).toEqual({
      linked: 1,
    });
    const [ltd] = await ordersOf(office, 'Hillside Garden Centre Ltd');
    expect(ltd).toMatchObject({ customer: hillside.id, updated_by: office.id });
    // The other spelling is its own group: still waiting for its own tap.
    expect((await ordersOf(office, 'Hillside Garden Centre Ltd.'))[0]).toMatchObject({ customer: '' });
    // Tapped twice: nothing is left to link.
    expect(
      await post(office, LINK_ORDERS_API.linkGroup, { title: 'Hillside Garden Centre Ltd', postcode: 'GL7 1AB', customer: hillside.id }),
    ).toEqual({
      linked: 0,
    });
    const [firstTwin] = twins;
    expect(await post(office, LINK_ORDERS_API.linkGroup, { title: 'twins', postcode: 'tw1 1aa', customer: firstTwin?.id })).toEqual({
      linked: 1,
    });

    const made = await post(office, LINK_ORDERS_API.makeCustomers, {
      names: [
        { title: 'Meadow Farm Shop', postcode: 'MF1 1AA' },
        { title: 'Bramble Cottage', postcode: '' },
      ],
    });
    expect(made).toEqual({ created: 2, linked: 3, skipped: [] });
    const book = await customersOf(office);
    const meadow = book.find((c) => c.name === 'Meadow Farm Shop');
    expect(meadow).toMatchObject({ postcode: 'MF1 1AA', customerType: 'retail', nursery: office.nursery });
    expect(book.filter((c) => c.name === 'Bramble Cottage')).toHaveLength(1);
    for (const placed of await ordersOf(office, 'Meadow Farm Shop'))
      expect(placed).toMatchObject({ customer: meadow?.id, updated_by: office.id });

    // A second run finds nothing left to make: no customer is made twice.
    expect(await post(office, LINK_ORDERS_API.makeCustomers, { names: [{ title: 'Meadow Farm Shop', postcode: 'MF1 1AA' }] })).toEqual({
      created: 0,
      linked: 0,
      skipped: [{ title: 'Meadow Farm Shop', postcode: 'MF1 1AA' }],
    });
    expect((await customersOf(office)).filter((c) => c.name === 'Meadow Farm Shop')).toHaveLength(1);
    expect(await countOf(office)).toEqual({ orders: 1 });
    expect((await planOf(office)).close.groups.map((g) => g.title)).toEqual(['Hillside Garden Centre Ltd.']);
  });

  it('makes no customer for a name that now has one of its own or a close one, nor twice within one request', async () => {
    const { office, hillside } = await nurseryWithOrders();
    await office.pb.collection('customers').create({ name: 'Meadow Farm Shop Ltd', postcode: 'MF1 1AA' });
    const made = await post(office, LINK_ORDERS_API.makeCustomers, {
      names: [
        { title: 'Meadow Farm Shop', postcode: 'MF1 1AA' },
        { title: 'Hillside Garden Centre Ltd', postcode: 'GL7 1AB' },
        { title: 'Bramble Cottage', postcode: '' },
        { title: 'BRAMBLE COTTAGE', postcode: '' },
      ],
    });
    expect(made).toEqual({
      created: 1,
      linked: 1,
      skipped: [
        { title: 'Meadow Farm Shop', postcode: 'MF1 1AA' },
        { title: 'Hillside Garden Centre Ltd', postcode: 'GL7 1AB' },
      ],
    });
    expect((await customersOf(office)).map((c) => c.name).sort()).toEqual([
      'Bramble Cottage',
      'Hillside Garden Centre',
      'Meadow Farm Shop Ltd',
      'Twins',
      'twins',
    ]);
    expect((await ordersOf(office, 'Hillside Garden Centre Ltd'))[0]).toMatchObject({ customer: '' });
    expect(hillside.id).toBeTruthy();
  });

  it('makes customers and links their orders in one transaction: a failure part-way leaves nothing made or linked', async () => {
    const { office } = await nurseryWithOrders();
    const { db, dialect } = server.built.database;
    // The second customer's row is refused by the database after the first was made and linked.
    if (dialect === 'sqlite') {
      await sql`CREATE TRIGGER refuse_bramble BEFORE INSERT ON customers WHEN NEW.name = 'Bramble Cottage'
        BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`.execute(db);
    } else {
      await sql`CREATE FUNCTION refuse_bramble() RETURNS trigger AS $$ BEGIN
        IF NEW.name = 'Bramble Cottage' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`.execute(
        db,
      );
      await sql`CREATE TRIGGER refuse_bramble BEFORE INSERT ON customers FOR EACH ROW EXECUTE FUNCTION refuse_bramble()`.execute(db);
    }
    try {
      const refused = await failure(
        post(office, LINK_ORDERS_API.makeCustomers, {
          names: [
            { title: 'Meadow Farm Shop', postcode: 'MF1 1AA' },
            { title: 'Bramble Cottage', postcode: '' },
          ],
        }),
      );
      expect(refused.status).toBe(500);
    } finally {
      if (dialect === 'sqlite') await sql`DROP TRIGGER refuse_bramble`.execute(db);
      else await sql`DROP FUNCTION refuse_bramble() CASCADE`.execute(db);
    }
    expect((await customersOf(office)).map((c) => c.name)).not.toContain('Meadow Farm Shop');
    for (const placed of await ordersOf(office, 'Meadow Farm Shop')) expect(placed.customer).toBe('');
    expect(await countOf(office)).toEqual({ orders: 8 });
  });

  it('is for office staff and admins only', async () => {
    const { staff, viewer, hillside } = await nurseryWithOrders();
    for (const refusedOne of [staff, viewer]) {
      // One at a time: a refusal started before its turn would be an unhandled rejection meanwhile.
      for (const request of [
        () => countOf(refusedOne),
        () => planOf(refusedOne),
        () =>
          post(refusedOne, LINK_ORDERS_API.linkGroup, { title: 'Hillside Garden Centre Ltd', postcode: 'GL7 1AB', customer: hillside.id }),
        () => post(refusedOne, LINK_ORDERS_API.makeCustomers, { names: [{ title: 'Bramble Cottage', postcode: '' }] }),
      ]) {
        const refused = await failure(request());
        expect(refused.status).toBe(403);
        expect(refused.message).toMatch(/Only office staff and admins can change customers/);
      }
    }
    expect((await ordersOf(staff, 'Bramble Cottage'))[0]).toMatchObject({ customer: '' });
  });

  it("never sees, links or counts another nursery's orders, nor links to its customers", async () => {
    const mine = await nurseryWithOrders();
    const theirs = await nurseryWithOrders();
    expect(await countOf(mine.office)).toEqual({ orders: 8 });
    expect(await post(mine.office, LINK_ORDERS_API.makeCustomers, { names: [{ title: 'Bramble Cottage', postcode: '' }] })).toMatchObject({
      created: 1,
      linked: 1,
    });
    expect(
      await post(mine.office, LINK_ORDERS_API.linkGroup, { title: 'Twins', postcode: 'TW1 1AA', customer: mine.twins[0]?.id }),
    ).toEqual({
      linked: 1,
    });
    // Their customer is answered as one that does not exist, and nothing is linked to it.
    const foreign = await failure(
      post(mine.office, LINK_ORDERS_API.linkGroup, {
        title: 'Hillside Garden Centre Ltd',
        postcode: 'GL7 1AB',
        customer: theirs.hillside.id,
      }),
    );
    expect(foreign.status).toBe(404);
    expect((await ordersOf(mine.office, 'Hillside Garden Centre Ltd'))[0]).toMatchObject({ customer: '' });
    expect(await countOf(theirs.office)).toEqual({ orders: 8 });
    for (const placed of await ordersOf(theirs.office, 'Bramble Cottage')) expect(placed.customer).toBe('');
    expect((await customersOf(theirs.office)).map((c) => c.name)).not.toContain('Bramble Cottage');
  });

  it('refuses a request it cannot read with a sentence', async () => {
    const { office } = await nurseryWithOrders();
    for (const [path, body, message] of [
      [LINK_ORDERS_API.linkGroup, { title: 'Twins', postcode: 'TW1 1AA' }, 'Choose the customer to link these orders to.'],
      [LINK_ORDERS_API.linkGroup, { customer: 'abc' }, /Say which orders to link/],
      [LINK_ORDERS_API.makeCustomers, { names: [] }, 'Tick at least one name to make a customer from.'],
      [LINK_ORDERS_API.makeCustomers, { names: ['Bramble'] }, /Name 1 is not a name and postcode/],
      [LINK_ORDERS_API.makeCustomers, { names: Array.from({ length: 101 }, (_, i) => ({ title: `N${i}`, postcode: '' })) }, /at most 100/],
    ] as const) {
      const refused = await failure(post(office, path, body));
      expect(refused.status).toBe(400);
      expect(refused.message).toMatch(message);
    }
    expect(await countOf(office)).toEqual({ orders: 8 });
  });
});
