import { sql, type Kysely } from 'kysely';
import { planMatches, UNMATCHED_SHOWN, type MatchResult } from '#domain/customers/matching';
import type { Database, UsersTable } from '../db/schema';
import { badRequest, notFound } from '../errors';
import { customersCollection } from '../records/collections/customers';
import type { RecordService, WriteBatch } from '../records/record-service';
import type { ApiRecord } from '../records/record-mapping';
import type { Row } from '../records/record-store';
import type { MergeBody } from './customers-schemas';

export interface CustomersServiceDeps {
  records: RecordService;
  db: Kysely<Database>;
}

/** What a merge answers: the customer kept, as it is now, and how many orders, trolley movements and standing orders moved to it. */
export interface MergeResult {
  record: ApiRecord;
  movedOrders: number;
  movedMovements: number;
  movedStandingOrders: number;
}

/** Details the kept customer takes from the merged one where it has none of its own. */
const FILLED_WHEN_BLANK = ['postcode', 'phone', 'email', 'deliveryAddress', 'usualDay', 'notes', 'poolAccount'] as const;

/** An id as sent, trimmed; anything but text is blank. */
function readId(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * What the customer book does beyond the records API (docs/decisions/037): merging two customers
 * and linking existing orders to customers. Every write goes through the one write path, in one
 * transaction each, so a merge either moves every order and removes the duplicate or does nothing;
 * each order it changes records the person in `updated_by` and its history.
 */
/** Orders a merge reads at once. */
const MERGE_READ_PART = 200;

export class CustomersService {
  constructor(private readonly deps: CustomersServiceDeps) {}

  /** Moves `merge`'s orders, trolley movements and standing orders to `keep`, fills `keep`'s blank details from it, and deletes it. */
  async merge(user: UsersTable, body: MergeBody): Promise<MergeResult> {
    const keepId = readId(body.keep);
    const mergeId = readId(body.merge);
    if (keepId === '' || mergeId === '')
      throw badRequest('Choose the customer to keep (keep) and the duplicate to merge into it (merge).', {
        ...(keepId === '' ? { keep: { code: 'validation_required', message: 'Choose the customer to keep.' } } : {}),
        ...(mergeId === '' ? { merge: { code: 'validation_required', message: 'Choose the duplicate to merge.' } } : {}),
      });
    if (keepId === mergeId) throw badRequest('Choose two different customers: a customer cannot be merged into itself.');
    return this.deps.records.systemBatch(
      async (batch) => {
        await lockCustomers(batch, [keepId, mergeId]);
        const kept = await customerOf(batch, user.nursery, keepId);
        const merged = await customerOf(batch, user.nursery, mergeId);
        // Read in parts, each moved before the next is read: one SELECT of a busy customer's
        // 5,000 orders held the event loop on SQLite (docs/decisions/053).
        let movedOrders = 0;
        for (;;) {
          const orders = await batch.db
            .selectFrom('tasks')
            .selectAll()
            .where('nursery', '=', user.nursery)
            .where('customer', '=', mergeId)
            .limit(MERGE_READ_PART)
            .execute();
          await batch.updateMany('tasks', orders as unknown as Row[], { customer: keepId, updated_by: user.id });
          movedOrders += orders.length;
          if (orders.length < MERGE_READ_PART) break;
        }
        // Its trolley ledger too (docs/decisions/038): the balances follow by the ledger's triggers.
        const movements = await batch.db
          .selectFrom('trolley_movements')
          .selectAll()
          .where('nursery', '=', user.nursery)
          .where('customer', '=', mergeId)
          .execute();
        await batch.updateMany('trolley_movements', movements as unknown as Row[], { customer: keepId, updated_by: user.id });
        // And its standing orders (docs/decisions/039), so next week's Fill week still makes them.
        const standing = await batch.db
          .selectFrom('standing_orders')
          .selectAll()
          .where('nursery', '=', user.nursery)
          .where('customer', '=', mergeId)
          .execute();
        await batch.updateMany('standing_orders', standing as unknown as Row[], { customer: keepId, updated_by: user.id });
        const filled: Row = {};
        for (const name of FILLED_WHEN_BLANK)
          if (String(kept[name] ?? '') === '' && String(merged[name] ?? '') !== '') filled[name] = merged[name];
        if (Number(kept.usualTrolleys) === 0 && Number(merged.usualTrolleys) > 0) filled.usualTrolleys = merged.usualTrolleys;
        // A round, with the pinned place in it that belongs to that round (docs/decisions/076).
        if (String(kept.round ?? '') === '' && String(merged.round ?? '') !== '') {
          filled.round = merged.round;
          filled.roundPlace = merged.roundPlace;
        }
        const row = Object.keys(filled).length > 0 ? await batch.update('customers', kept, filled) : kept;
        await batch.delete('customers', merged);
        return {
          record: customersCollection.toRecord(row),
          movedOrders,
          movedMovements: movements.length,
          movedStandingOrders: standing.length,
        };
      },
      { user },
    );
  }

  /**
   * Links the nursery's orders that have no customer to the one customer of the same name and
   * postcode (ignoring case and spaces); lists what it could not decide. Running it again links
   * only what is still unlinked, so it may run after every import or new customer.
   *
   * Planned from ids, names and postcodes only, then written MATCH_BATCH orders per transaction:
   * years of orders in one transaction would hold every other writer (SQLite has one) for seconds.
   * Each batch links only orders still unlinked, to customers that still exist.
   */
  async matchOrders(user: UsersTable): Promise<MatchResult> {
    const customers = await this.deps.db
      .selectFrom('customers')
      .select(['id', 'name', 'postcode'])
      .where('nursery', '=', user.nursery)
      .execute();
    const orders = await this.deps.db
      .selectFrom('tasks')
      .select(['id', 'title', 'postcode'])
      .where('nursery', '=', user.nursery)
      .where('customer', '=', '')
      .execute();
    const plan = planMatches(orders, customers);
    const ids = [...plan.links.keys()];
    let linked = 0;
    for (let at = 0; at < ids.length; at += MATCH_BATCH) {
      const chunk = ids.slice(at, at + MATCH_BATCH);
      linked += await this.deps.records.systemBatch(
        async (batch) => {
          const rows = await batch.db
            .selectFrom('tasks')
            .selectAll()
            .where('id', 'in', chunk)
            .where('nursery', '=', user.nursery)
            .where('customer', '=', '')
            .execute();
          const targets = [...new Set(rows.map((row) => plan.links.get(row.id) ?? ''))];
          const existing = await batch.db.selectFrom('customers').select('id').where('id', 'in', targets).execute();
          const alive = new Set(existing.map((customer) => customer.id));
          // One write for each customer's orders of the part.
          const byCustomer = new Map<string, Row[]>();
          for (const row of rows) {
            const customer = plan.links.get(row.id);
            if (customer === undefined || !alive.has(customer)) continue;
            const orders = byCustomer.get(customer);
            if (orders) orders.push(row as unknown as Row);
            else byCustomer.set(customer, [row as unknown as Row]);
          }
          let written = 0;
          for (const [customer, orders] of byCustomer)
            written += (await batch.updateMany('tasks', orders, { customer, updated_by: user.id })).length;
          return written;
        },
        { user },
      );
    }
    return {
      linked,
      unmatched: plan.unmatched.slice(0, UNMATCHED_SHOWN),
      moreUnmatched: Math.max(0, plan.unmatched.length - UNMATCHED_SHOWN),
    };
  }
}

/** Orders linked per transaction by the matching step. */
const MATCH_BATCH = 200;

/** On PostgreSQL the two customers are locked first, so two merges of the same pair run one after the other. */
async function lockCustomers(batch: WriteBatch, ids: readonly string[]): Promise<void> {
  if (batch.dialect !== 'postgres') return;
  await sql`SELECT id FROM customers WHERE id IN (${sql.join(ids)}) ORDER BY id FOR UPDATE`.execute(batch.db);
}

/** A customer of `nursery`, or 404: another nursery's customer is answered as one that does not exist. */
async function customerOf(batch: WriteBatch, nursery: string, id: string): Promise<Row> {
  const row = await batch.store.findById('customers', id);
  if (!row || nursery === '' || String(row.nursery) !== nursery) throw notFound();
  return row;
}
