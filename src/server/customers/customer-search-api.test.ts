import type PocketBase from 'pocketbase';
import { sql, type SqlBool } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers as customersDeclaration } from '#domain/collections/customers';
import { defaultsOf } from '#domain/collections/fields';
import { customerSearch } from '#domain/customers/customer-search';
import { searchList, SEARCHED_CUSTOMERS } from '#domain/orders/order-lists';
import { order } from '../../../tests/support/realtime-client';
import { seedOrders } from '../../../tests/support/seed-orders';
import { createAccount, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';
import { customersCollection } from '../records/collections/customers';
import { tasksCollection } from '../records/collections/tasks';
import { compileFilter } from '../records/filter/compile-filter';
import type { FieldMap } from '../records/filter/field-map';
import { parseFilter } from '../records/filter/parse-filter';
import { formatTimestamp } from '../records/ids';

// Search finds customers and their orders (docs/product.md#search, docs/decisions/037), through the
// SDK with exactly the filters the Search screen sends (customerSearch, then searchList with the
// customers it found), on SQLite and in the PostgreSQL pass: by name, postcode and pool account
// ignoring case; a customer's orders even under another title; one nursery's records only; and,
// over thousands of customers and orders, through indexes that lead with the nursery.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** What the Search screen asks: the customers, then the orders by text or of those customers. */
async function search(pb: PocketBase, text: string) {
  const wanted = customerSearch(text);
  const customers = (
    await pb.collection('customers').getList(1, wanted.limit, {
      filter: pb.filter(wanted.filter.expression, wanted.filter.params),
      sort: wanted.sort,
      skipTotal: true,
    })
  ).items;
  const list = searchList(
    text,
    customers.map((c) => c.id),
  );
  const orders = await pb
    .collection('tasks')
    .getFullList({ filter: pb.filter(list.filter.expression, list.filter.params), sort: list.sort });
  return { customers: customers.map((c) => c.name as string), orders: orders.map((o) => o.title as string) };
}

async function office(): Promise<TestAccount> {
  const admin = await createAccount(server);
  return createAccount(server, { nursery: admin.nursery, role: 'office' });
}

describe('search over customers', () => {
  it('finds customers by name, postcode or pool account in any case, and a customer’s orders under any title', async () => {
    const ours = await office();
    const theirs = await office();
    const add = (who: TestAccount, name: string, postcode: string, poolAccount = '') =>
      who.pb.collection('customers').create({ name, postcode, poolAccount });
    const green = await add(ours, 'Green Garden Centre', 'GL7 2QA', 'CC-4711');
    await add(ours, 'Hill Top Nurseries', 'HR1 1AA', 'CC-9000');
    await add(ours, '50%_off Plants', 'B1 1AA');
    const theirGreen = await add(theirs, 'Green Garden Centre', 'GL7 2QA', 'CC-4711');
    await ours.pb.collection('tasks').create(order('GGC Tuesday drop', { customer: green.id, orderNumber: '7001' }));
    await ours.pb.collection('tasks').create(order('Green Garden Centre (Cirencester)', { orderNumber: '7002' }));
    await ours.pb.collection('tasks').create(order('Hill Top', { orderNumber: '7003' }));
    await theirs.pb.collection('tasks').create(order('Their GGC', { customer: theirGreen.id }));
    await theirs.pb.collection('tasks').create(order('Green Garden Centre', { orderNumber: '7001' }));

    // By name: the customer, its order under another title, and an order with the name as its title.
    expect(await search(ours.pb, 'green GARDEN')).toEqual({
      customers: ['Green Garden Centre'],
      orders: ['Green Garden Centre (Cirencester)', 'GGC Tuesday drop'],
    });
    // By postcode and by pool account number (the customer's orders come with it).
    expect(await search(ours.pb, 'gl7 2q')).toEqual({ customers: ['Green Garden Centre'], orders: ['GGC Tuesday drop'] });
    expect(await search(ours.pb, 'cc-47')).toEqual({ customers: ['Green Garden Centre'], orders: ['GGC Tuesday drop'] });
    expect(await search(ours.pb, 'cc-')).toEqual({
      customers: ['Green Garden Centre', 'Hill Top Nurseries'],
      orders: ['GGC Tuesday drop'],
    });
    // By order number: orders only.
    expect(await search(ours.pb, '7003')).toEqual({ customers: [], orders: ['Hill Top'] });
    // Typed text is literal: % and _ are ordinary characters.
    expect(await search(ours.pb, '50%_')).toEqual({ customers: ['50%_off Plants'], orders: [] });
    expect(await search(ours.pb, '%')).toEqual({ customers: ['50%_off Plants'], orders: [] });
    // The other nursery sees its own only.
    expect(await search(theirs.pb, 'green garden')).toEqual({
      customers: ['Green Garden Centre'],
      orders: ['Green Garden Centre', 'Their GGC'],
    });
  });

  it('never shows another nursery’s orders, even when a client names that nursery’s customer', async () => {
    const ours = await office();
    const theirs = await office();
    const theirGreen = await theirs.pb.collection('customers').create({ name: 'Secret Growers' });
    await theirs.pb.collection('tasks').create(order('Secret order', { customer: theirGreen.id }));
    const list = searchList('nothing like it', [theirGreen.id]);
    const found = await ours.pb.collection('tasks').getFullList({ filter: ours.pb.filter(list.filter.expression, list.filter.params) });
    expect(found).toEqual([]);
    expect(await search(ours.pb, 'secret')).toEqual({ customers: [], orders: [] });
  });

  it(`lists at most ${SEARCHED_CUSTOMERS} customers, by name, and finds the orders of those`, async () => {
    const ours = await office();
    const made = [];
    for (let i = SEARCHED_CUSTOMERS + 4; i >= 1; i -= 1) {
      made.push(await ours.pb.collection('customers').create({ name: `Oak Farm ${String(i).padStart(2, '0')}` }));
    }
    const first = made.find((c) => c.name === 'Oak Farm 01');
    await ours.pb.collection('tasks').create(order('Order for the first', { customer: first?.id }));
    const found = await search(ours.pb, 'oak farm');
    expect(found.customers).toHaveLength(SEARCHED_CUSTOMERS);
    expect(found.customers[0]).toBe('Oak Farm 01');
    expect(found.customers).toEqual([...found.customers].sort());
    expect(found.orders).toEqual(['Order for the first']);
  });
});

describe('search over 5,000 customers and 20,000 orders', () => {
  const CUSTOMERS = 5000;
  const ORDERS = 20_000;
  const ORDERS_EACH = 2;
  let ours: TestAccount;

  beforeAll(async () => {
    ours = await office();
    const other = await office();
    const db = server.built.database.db;
    await seedOrders(db, ours, ORDERS);
    const stamp = formatTimestamp(new Date(Date.UTC(2026, 0, 5)));
    for (const [owner, prefix] of [
      [ours, 'cust'],
      [other, 'othr'],
    ] as const) {
      const rows = Array.from({ length: CUSTOMERS }, (_, i) => ({
        ...defaultsOf(customersDeclaration),
        // SQL's own true: SQLite binds no booleans.
        active: sql<boolean>`true`,
        id: `${prefix}${String(i).padStart(11, '0')}`,
        created: stamp,
        updated: stamp,
        nursery: owner.nursery,
        name: `Customer ${i} Garden Centre`,
        postcode: `GL${i % 90} ${i % 9}QA`,
        poolAccount: `CC${100000 + i}`,
      }));
      for (let at = 0; at < rows.length; at += 500)
        await db
          .insertInto('customers')
          .values(rows.slice(at, at + 500))
          .execute();
    }
    // Half the orders linked to one of our customers, two each, their own titles other names: seed order
    // `seed00000014321` (and `seed00000004321`) to customer `cust00000004321`.
    await sql`UPDATE tasks SET customer = 'cust0000000' || substr(id, 12, 4) WHERE nursery = ${ours.nursery} AND substr(id, 12, 1) < '5'`.execute(
      db,
    );
  }, 180_000);

  it('finds one customer among thousands and its orders, and only ours', async () => {
    const found = await search(ours.pb, 'customer 4321 garden');
    expect(found.customers).toEqual(['Customer 4321 Garden Centre']);
    expect(found.orders).toHaveLength(ORDERS_EACH);
    expect((await search(ours.pb, 'cc104321')).orders).toHaveLength(ORDERS_EACH);
  });

  it('reads through indexes that lead with the nursery, never a scan of either table', async () => {
    const { database } = server.built;
    if (database.dialect !== 'sqlite' || database.reads.rowCheck === null) return; // PostgreSQL plans differ and stop statements themselves
    const rowCheck = database.reads.rowCheck;
    const plan = async (table: 'customers' | 'tasks', fields: FieldMap, filter: string, sort: 'name' | 'created') => {
      // As RecordStore.list writes a client read: the row check, the nursery's rule, then the filter.
      const query = database.db
        .selectFrom(table)
        .selectAll()
        .where(
          sql<SqlBool>`(${rowCheck}) AND (${compileFilter(parseFilter(`nursery = "${ours.nursery}" && (${filter})`), fields, 'sqlite')})`,
        )
        .orderBy(sort, sort === 'name' ? 'asc' : 'desc')
        .limit(SEARCHED_CUSTOMERS)
        .compile();
      const [rows = []] = await database.reads.read([{ ...query, sql: `EXPLAIN QUERY PLAN ${query.sql}` }], 'test');
      return rows.map((row) => String(row.detail)).join('\n');
    };
    const customers = customerSearch('4321');
    const customerPlan = await plan(
      'customers',
      customersCollection.fields,
      bound(customers.filter.expression, customers.filter.params),
      'name',
    );
    expect(customerPlan).toMatch(/SEARCH customers USING INDEX customers_name \(nursery=\?\)/);
    expect(customerPlan).not.toMatch(/TEMP B-TREE/);
    const orders = searchList('4321', ['cust00000004321', 'cust00000001234']);
    const orderPlan = await plan('tasks', tasksCollection.fields, bound(orders.filter.expression, orders.filter.params), 'created');
    expect(orderPlan).toMatch(/SEARCH tasks USING INDEX \w+ \(nursery=\?\)/);
    expect(orderPlan).toMatch(/tasks_fts VIRTUAL TABLE/);
    expect(orderPlan).not.toMatch(/SCAN tasks\b(?!_fts)/);
  });
});

/** A filter with its values written in, as the SDK's pb.filter binds them (test input only). */
function bound(expression: string, params: Readonly<Record<string, string | number>>): string {
  return expression.replace(/\{:(\w+)\}/g, (_, name: string) => JSON.stringify(params[name]));
}
