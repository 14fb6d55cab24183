import { sql } from 'kysely';
import { customers } from '#domain/collections/customers';
import { defaultsOf } from '#domain/collections/fields';
import { closeNameKey, sameCustomer } from '#domain/customers/close-match';
import { validationFailed } from '../../errors';
import type { DecideInWrite } from '../collection';
import type { RecordBody } from '../record-body';
import type { WriteBatch } from '../write-batch';
import { customersCollection } from './customers';

// An order saved with `newCustomer: true` and no customer chosen gets its customer in its own
// transaction (docs/decisions/062): the one customer its name and postcode already are
// (sameCustomer: accents, case, punctuation and "Ltd" ignored), else a new customer made from it.
// Staff may do this although the customer book's own create is office's: the customer is made
// as part of an order they may write, from that order's own name, postcode and type.

/** The write-only body flag: not a field of the order, never stored nor answered. */
export const NEW_CUSTOMER_FLAG = 'newCustomer';

const NOT_A_FLAG = {
  code: 'validation_invalid_value',
  message: 'newCustomer is true or false: true links the order to the customer of its name, making one when there is none.',
};

const CUSTOMER_DEFAULTS = defaultsOf(customers);

/** Names' close-match keys, kept between saves: every save compares with the same book (bench/order-customer.ts). */
const keys = new Map<string, string>();
/** Keys kept at most (a few MB); past it the map starts again. */
const KEYS_KEPT = 50_000;

function keyOf(name: string): string {
  let key = keys.get(name);
  if (key === undefined) {
    if (keys.size >= KEYS_KEPT) keys.clear();
    key = closeNameKey(name);
    keys.set(name, key);
  }
  return key;
}

/**
 * What an order's write decides in its transaction for the flag, from the order as it will be:
 * nothing without the flag, or when a customer is chosen (a person's choice wins, the flag is
 * ignored), or when its name is blank. A flag that is not true or false is a 400.
 */
export function orderCustomerInWrite(body: RecordBody, order: Readonly<Record<string, unknown>>): DecideInWrite | null {
  const flag = body[NEW_CUSTOMER_FLAG];
  if (flag !== undefined && flag !== null && typeof flag !== 'boolean') throw validationFailed({ [NEW_CUSTOMER_FLAG]: NOT_A_FLAG });
  if (flag !== true || String(order.customer ?? '') !== '') return null;
  const name = String(order.title ?? '').trim();
  if (name === '') return null;
  const nursery = String(order.nursery ?? '');
  const postcode = String(order.postcode ?? '').trim();
  const customerType = order.customerType;
  return async (batch) => ({ customer: await customerFor(batch, { nursery, name, postcode, customerType }) });
}

/** The id of the customer an order of this name and postcode is for, made now when the book has none. */
async function customerFor(
  batch: WriteBatch,
  order: { nursery: string; name: string; postcode: string; customerType: unknown },
): Promise<string> {
  // Two saves of the same new name at once must make one customer. SQLite runs one write
  // transaction at a time (sqlite-dialect.ts, WriteLock); on PostgreSQL the second waits here,
  // on a lock of this nursery's name, until the first has committed, and then finds its customer.
  const key = closeNameKey(order.name);
  if (batch.dialect === 'postgres')
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`customers:${order.nursery}:${key}`}, 0))`.execute(batch.db);
  const book = await batch.db.selectFrom('customers').select(['id', 'name', 'postcode']).where('nursery', '=', order.nursery).execute();
  // The few of the same name first (keys kept between saves), then the domain's rule decides among them.
  const same = sameCustomer(
    order.name,
    order.postcode,
    book.filter((customer) => keyOf(customer.name) === key),
  );
  if (same) return same.id;
  const made = await batch.insert(
    customersCollection.name,
    customersCollection.toRow({
      ...CUSTOMER_DEFAULTS,
      nursery: order.nursery,
      name: order.name,
      postcode: order.postcode,
      customerType: order.customerType ?? CUSTOMER_DEFAULTS.customerType,
    }),
  );
  return String(made.id);
}
