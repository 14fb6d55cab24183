import { sql, type Kysely } from 'kysely';
import { customers as customersDeclaration } from '#domain/collections/customers';
import { defaultsOf } from '#domain/collections/fields';
import { closeMatches } from '#domain/customers/close-match';
import {
  groupOrders,
  isInGroup,
  MAKE_CUSTOMERS_MAX,
  planLinks,
  type LinkedGroup,
  type LinkPlan,
  type MadeCustomers,
  type OrderGroup,
  type UnlinkedOrders,
} from '#domain/customers/link-plan';
import type { OrdersWithoutCustomer } from '#domain/customers/link-orders-api';
import { matchKey } from '#domain/customers/matching';
import { isPlainObject } from '#domain/validation';
import type { Database, UsersTable } from '../db/schema';
import { badRequest, notFound } from '../errors';
import { customersCollection } from '../records/collections/customers';
import type { RecordService, WriteBatch } from '../records/record-service';
import type { Row } from '../records/record-store';
import type { LinkGroupBody, MakeCustomersBody } from './link-orders-schemas';

const CUSTOMER_DEFAULTS = defaultsOf(customersDeclaration);

/** The book as the plan compares it. */
interface BookCustomer {
  id: string;
  name: string;
  postcode: string;
}

/**
 * The linking assistant (docs/decisions/066): the nursery's orders without a customer, planned from
 * one grouped read, and the two writes a person presses beside "link the exact matches"
 * (CustomersService.matchOrders): one group of orders to the customer they chose, and new customers
 * made from the names they ticked. Each write is one transaction, looks only at orders still
 * without a customer (so it may run again), and never reaches another nursery's records.
 */
export class LinkOrdersService {
  constructor(private readonly deps: { records: RecordService; db: Kysely<Database> }) {}

  /** How many of the nursery's orders have no customer: one COUNT over the index tasks_customer (nursery, customer). */
  async withoutCustomer(user: UsersTable): Promise<OrdersWithoutCustomer> {
    const row = await this.deps.db
      .selectFrom('tasks')
      .select(sql<number | string>`count(*)`.as('n'))
      .where('nursery', '=', user.nursery)
      .where('customer', '=', '')
      .executeTakeFirst();
    return { orders: Number(row?.n ?? 0) };
  }

  async plan(user: UsersTable): Promise<LinkPlan> {
    const [rows, book] = await Promise.all([unlinkedOrders(this.deps.db, user.nursery), bookOf(this.deps.db, user.nursery)]);
    return planLinks(rows, book);
  }

  /** Links every order still without a customer whose name and postcode are the group's to the customer the person chose. */
  async linkGroup(user: UsersTable, body: LinkGroupBody): Promise<LinkedGroup> {
    const group = readGroup(body);
    const customer = typeof body.customer === 'string' ? body.customer.trim() : '';
    if (customer === '')
      throw badRequest('Choose the customer to link these orders to.', {
        customer: { code: 'validation_required', message: 'Choose a customer.' },
      });
    return this.deps.records.systemBatch(
      async (batch) => {
        const chosen = await batch.store.findById('customers', customer);
        if (!chosen || String(chosen.nursery) !== user.nursery) throw notFound();
        const spellings = (await unlinkedOrders(batch.db, user.nursery)).filter((row) => isInGroup(row, group));
        if (spellings.length === 0) return { linked: 0 };
        return { linked: await linkOrdersOf(batch, user, await unlinkedIds(batch, user.nursery), spellings, customer) };
      },
      { user },
    );
  }

  /**
   * Makes a customer from each name sent (name, postcode and the type most of its orders have) and
   * links its orders, all in one transaction. A name is left alone (and answered as skipped) when
   * it has no orders without a customer left, or a customer of its own name or a close one now
   * exists (made meanwhile, or earlier in this same request): then a person picks it in the plan.
   */
  async makeCustomers(user: UsersTable, body: MakeCustomersBody): Promise<MadeCustomers> {
    const names = readNames(body.names);
    return this.deps.records.systemBatch(
      async (batch) => {
        const rows = await unlinkedOrders(batch.db, user.nursery);
        const groups = groupOrders(rows);
        const book = await bookOf(batch.db, user.nursery);
        const ids = await unlinkedIds(batch, user.nursery);
        const made: MadeCustomers = { created: 0, linked: 0, skipped: [] };
        const done = new Set<string>();
        for (const name of names) {
          const group = groups.find((candidate) => isInGroup(candidate, name));
          const key = matchKey(name.title, name.postcode);
          const hasCustomer = (candidate: OrderGroup) =>
            book.some((customer) => matchKey(customer.name, customer.postcode) === key) ||
            closeMatches(candidate.title, candidate.postcode, book).length > 0;
          if (!group || done.has(key) || hasCustomer(group)) {
            if (!done.has(key)) made.skipped.push(name);
            continue;
          }
          done.add(key);
          const customer = await batch.insert(
            'customers',
            customersCollection.toRow({
              ...CUSTOMER_DEFAULTS,
              name: group.title,
              postcode: group.postcode,
              customerType: group.customerType,
              nursery: user.nursery,
            }),
          );
          const id = String(customer.id);
          book.push({ id, name: group.title, postcode: group.postcode });
          made.created += 1;
          made.linked += await linkOrdersOf(
            batch,
            user,
            ids,
            rows.filter((row) => isInGroup(row, group)),
            id,
          );
        }
        return made;
      },
      { user },
    );
  }
}

/** The nursery's orders without a customer, one row per exact title, postcode and type. */
async function unlinkedOrders(db: Kysely<Database>, nursery: string): Promise<UnlinkedOrders[]> {
  const rows = await db
    .selectFrom('tasks')
    .select(['title', 'postcode', 'customerType', sql<number | string>`count(*)`.as('orders')])
    .where('nursery', '=', nursery)
    .where('customer', '=', '')
    .groupBy(['title', 'postcode', 'customerType'])
    .orderBy('title')
    .orderBy('postcode')
    .orderBy('customerType')
    .execute();
  return rows.map((row) => ({ ...row, customerType: row.customerType as UnlinkedOrders['customerType'], orders: Number(row.orders) }));
}

async function bookOf(db: Kysely<Database>, nursery: string): Promise<BookCustomer[]> {
  return db.selectFrom('customers').select(['id', 'name', 'postcode']).where('nursery', '=', nursery).execute();
}

/**
 * The ids of the nursery's orders without a customer, by exact title, postcode and type: one narrow
 * read per request. Reading each spelling's orders by its own query would scan every unlinked order
 * of the nursery again each time (the index holds nursery and customer only).
 */
async function unlinkedIds(batch: WriteBatch, nursery: string): Promise<Map<string, string[]>> {
  const rows = await batch.db
    .selectFrom('tasks')
    .select(['id', 'title', 'postcode', 'customerType'])
    .where('nursery', '=', nursery)
    .where('customer', '=', '')
    .execute();
  const ids = new Map<string, string[]>();
  for (const row of rows) {
    const key = spellingKey(row);
    const list = ids.get(key);
    if (list) list.push(row.id);
    else ids.set(key, [row.id]);
  }
  return ids;
}

/**
 * Links the orders of `spellings` (exact title, postcode and type) still without a customer to
 * `customer` through the write path (history, who changed it), read whole by primary key a part at
 * a time; answers how many.
 */
async function linkOrdersOf(
  batch: WriteBatch,
  user: UsersTable,
  ids: ReadonlyMap<string, readonly string[]>,
  spellings: readonly UnlinkedOrders[],
  customer: string,
): Promise<number> {
  const chosen = spellings.flatMap((spelling) => ids.get(spellingKey(spelling)) ?? []);
  let linked = 0;
  for (let at = 0; at < chosen.length; at += READ_PART) {
    const orders = await batch.db
      .selectFrom('tasks')
      .selectAll()
      .where('id', 'in', chosen.slice(at, at + READ_PART))
      .where('nursery', '=', user.nursery)
      .where('customer', '=', '')
      .execute();
    await batch.updateMany('tasks', orders as unknown as Row[], { customer, updated_by: user.id });
    linked += orders.length;
  }
  return linked;
}

/** Orders read whole at once while linking. */
const READ_PART = 200;

const spellingKey = (order: { title: string; postcode: string; customerType: string }) =>
  JSON.stringify([order.title, order.postcode, order.customerType]);

/** A group's name and postcode as the plan showed them. */
function readGroup(value: { title?: unknown; postcode?: unknown }): { title: string; postcode: string } {
  if (typeof value.title !== 'string' || value.title.trim() === '')
    throw badRequest('Say which orders to link: their customer name (title) and postcode, as the plan shows them.', {
      title: { code: 'validation_required', message: 'Cannot be blank.' },
    });
  if (value.postcode !== undefined && typeof value.postcode !== 'string')
    throw badRequest('The postcode is text; send "" for orders without one.', {
      postcode: { code: 'validation_invalid_value', message: 'Must be text.' },
    });
  return { title: value.title, postcode: value.postcode ?? '' };
}

function readNames(value: unknown): Array<{ title: string; postcode: string }> {
  if (!Array.isArray(value) || value.length === 0)
    throw badRequest('Tick at least one name to make a customer from.', {
      names: { code: 'validation_required', message: 'Tick at least one name.' },
    });
  if (value.length > MAKE_CUSTOMERS_MAX)
    throw badRequest(`Make at most ${MAKE_CUSTOMERS_MAX} customers at once; the plan lists the next ones after these.`, {
      names: { code: 'validation_too_many', message: `At most ${MAKE_CUSTOMERS_MAX} names.` },
    });
  return value.map((name, at) => {
    if (!isPlainObject(name))
      throw badRequest(`Name ${at + 1} is not a name and postcode as the plan shows them.`, {
        names: { code: 'validation_invalid_value', message: 'Each name is { title, postcode }.' },
      });
    return readGroup(name);
  });
}
