import { sql, type Kysely } from 'kysely';
import { closeMatches } from '#domain/customers/close-match';
import {
  bookingMessage,
  readBookingCounts,
  stopKey,
  countsOfStop,
  stopName,
  type BalancesAnswer,
  type BookingPreview,
  type BookedStop,
  type BookingResult,
  type BookingStop,
} from '#domain/ledger/booking';
import { COUNTS, ZERO_BALANCE, type Balance } from '#domain/ledger/balance';
import type { Database, UsersTable } from '../db/schema';
import { badRequest, notFound } from '../errors';
import { trolleyExportsCollection } from '../records/collections/trolley-exports';
import type { RecordService, WriteBatch } from '../records/record-service';
import type { Row } from '../records/record-store';
import type { BookingBody } from './ledger-schemas';

export interface LedgerServiceDeps {
  records: RecordService;
  db: Kysely<Database>;
}

/**
 * What the trolley ledger does beyond the records API (docs/decisions/038): the nursery's balances
 * in one read, and "Book trolleys out" for a saved run, in one transaction, never twice for a stop.
 */
export class LedgerService {
  constructor(private readonly deps: LedgerServiceDeps) {}

  /**
   * What each customer of the caller's nursery holds, from `trolley_balances` (kept by the
   * triggers of migration 011): one row per customer, however many years of movements.
   */
  async balances(user: UsersTable): Promise<BalancesAnswer> {
    const rows = await this.deps.db
      .selectFrom('trolley_balances as b')
      .innerJoin('customers as c', (join) => join.onRef('c.id', '=', 'b.customer').onRef('c.nursery', '=', 'b.nursery'))
      .select(['b.customer', 'c.name', 'c.kind', 'b.trolleys', 'b.shelves', 'b.extensions', 'b.since'])
      .where('b.nursery', '=', user.nursery)
      .where((eb) => eb.or([eb('b.trolleys', '<>', 0), eb('b.shelves', '<>', 0), eb('b.extensions', '<>', 0)]))
      .execute();
    const totals: Balance = { trolleys: 0, shelves: 0, extensions: 0 };
    const items = rows.map((row) => {
      const item = {
        customer: row.customer,
        name: row.name,
        kind: row.kind === 'haulier' ? ('haulier' as const) : ('customer' as const),
        trolleys: Number(row.trolleys),
        shelves: Number(row.shelves),
        extensions: Number(row.extensions),
        since: row.since,
      };
      for (const count of COUNTS) totals[count] += item[count];
      return item;
    });
    return { items, totals };
  }

  /**
   * What a customer holds, read in `batch` with its balance row locked on PostgreSQL until the
   * commit, so a movement written next knows the balance it changes (a driver's return,
   * docs/decisions/065). No row yet: the customer holds nothing.
   */
  async heldLocked(batch: WriteBatch, nursery: string, customer: string): Promise<Balance> {
    let query = batch.db
      .selectFrom('trolley_balances')
      .select(['trolleys', 'shelves', 'extensions'])
      .where('nursery', '=', nursery)
      .where('customer', '=', customer);
    if (batch.dialect === 'postgres') query = query.forUpdate();
    const row = await query.executeTakeFirst();
    return row ? { trolleys: Number(row.trolleys), shelves: Number(row.shelves), extensions: Number(row.extensions) } : { ...ZERO_BALANCE };
  }

  /** What booking the run out would do: each stop with its customer and counts, or why it cannot be booked. */
  async preview(user: UsersTable, runId: string): Promise<BookingPreview> {
    return this.previewIn(this.deps.db, user, runId);
  }

  /**
   * Books each stop of the run out to its customer: the counts sent (after the preview, a person
   * may change them), else the preview's. One transaction; a stop booked before is never booked
   * again (checked here, and by the unique index on (run, stop)); stops without a customer are
   * left out, never guessed.
   */
  async book(user: UsersTable, runId: string, body: BookingBody): Promise<BookingResult> {
    const read = readBookingCounts(body.stops);
    if (!read.ok) throw badRequest(read.error.message, { stops: read.error });
    return this.deps.records.systemBatch(async (batch) => this.bookIn(batch, user, runId, read.counts), { user });
  }

  /**
   * Books the run out inside `batch` (the run is locked first on PostgreSQL): "Book trolleys out"
   * and a run's dispatch (docs/decisions/042) alike. `counts` null books each stop as previewed.
   */
  async bookIn(batch: WriteBatch, user: UsersTable, runId: string, counts: Map<string, Balance> | null): Promise<BookingResult> {
    await lockRun(batch, runId);
    const preview = await this.previewIn(batch.db, user, runId);
    const stops: BookedStop[] = [];
    for (const [index, stop] of preview.stops.entries()) {
      const name = stopName(stop, index);
      const none = { trolleys: 0, shelves: 0, extensions: 0 };
      if (stop.booked) {
        stops.push({
          stop: stop.stop,
          name,
          outcome: 'booked-before',
          trolleys: stop.trolleys,
          shelves: stop.shelves,
          extensions: stop.extensions,
        });
        continue;
      }
      const chosen = counts ? counts.get(stop.stop) : stop;
      if (stop.problem !== '') {
        stops.push({ stop: stop.stop, name, outcome: 'no-customer', ...none });
        continue;
      }
      if (!chosen || COUNTS.every((count) => chosen[count] === 0)) {
        stops.push({ stop: stop.stop, name, outcome: 'nothing-to-book', ...none });
        continue;
      }
      await batch.insert('trolley_movements', {
        nursery: user.nursery,
        customer: stop.customer,
        kind: 'out',
        reason: '',
        date: preview.run.date,
        trolleys: chosen.trolleys,
        shelves: chosen.shelves,
        extensions: chosen.extensions,
        note: `Run "${preview.run.name}"`.slice(0, 1000),
        recordedBy: user.id,
        run: runId,
        stop: stop.stop,
        created_by: user.id,
        updated_by: '',
      });
      stops.push({
        stop: stop.stop,
        name,
        outcome: 'booked',
        trolleys: chosen.trolleys,
        shelves: chosen.shelves,
        extensions: chosen.extensions,
      });
    }
    const tally = (outcomes: readonly BookedStop['outcome'][]) => stops.filter((stop) => outcomes.includes(stop.outcome)).length;
    const result = {
      stops,
      booked: tally(['booked']),
      alreadyBooked: tally(['booked-before']),
      skipped: tally(['no-customer', 'nothing-to-book']),
    };
    return { ...result, message: bookingMessage(result) };
  }

  /** The run's stops as the ledger names them, each with its customer (or why it has none), read through `db`. */
  async previewIn(db: Kysely<Database>, user: Pick<UsersTable, 'nursery'>, runId: string): Promise<BookingPreview> {
    const row = await db
      .selectFrom('trolley_exports')
      .selectAll()
      .where('id', '=', runId)
      .where('nursery', '=', user.nursery)
      .executeTakeFirst();
    // Another nursery's run is answered as one that does not exist (docs/decisions/036).
    if (!row || user.nursery === '') throw notFound();
    const run = trolleyExportsCollection.toRecord(row as unknown as Row) as {
      id: string;
      name: string;
      data: Array<{ id: string; title: string; postcode: string; trollies: string; extras: string; orderNumber: string }>;
      vehicleInfo: { date?: string };
    };
    const stops = run.data;
    const orderIds = [...new Set(stops.map((stop) => stop.id).filter((id) => id !== ''))];
    const orders = orderIds.length
      ? await db
          .selectFrom('tasks')
          .select(['id', 'customer', 'customerType'])
          .where('nursery', '=', user.nursery)
          .where('id', 'in', orderIds)
          .execute()
      : [];
    const customerOfOrder = new Map(orders.map((order) => [order.id, order.customer]));
    const typeOfOrder = new Map(orders.map((order) => [order.id, order.customerType]));
    const customerIds = [...new Set(orders.map((order) => order.customer).filter((id) => id !== ''))];
    const customers = customerIds.length
      ? await db.selectFrom('customers').select(['id', 'name']).where('nursery', '=', user.nursery).where('id', 'in', customerIds).execute()
      : [];
    const nameOf = new Map(customers.map((customer) => [customer.id, customer.name]));
    // What went out already, per stop: the run records what was booked (docs/decisions/064).
    const booked = new Map(
      (
        await db
          .selectFrom('trolley_movements')
          .select(['stop', 'trolleys', 'shelves', 'extensions'])
          .where('run', '=', runId)
          .where('nursery', '=', user.nursery)
          // A drop's counts back come in under the same run and stop (docs/decisions/042).
          .where('kind', '=', 'out')
          .execute()
      ).map((movement) => [
        movement.stop,
        { trolleys: Number(movement.trolleys), shelves: Number(movement.shelves), extensions: Number(movement.extensions) },
      ]),
    );
    // The customer book is read only when a stop's order has no customer: its close matches are offered.
    const unlinked = stops.some((stop) => customerOfOrder.get(stop.id) === '');
    const book = unlinked
      ? // Active ones only; SQLite keeps a boolean as 0/1, PostgreSQL as true/false, so it is read here.
        (
          await db.selectFrom('customers').select(['id', 'name', 'postcode', 'active']).where('nursery', '=', user.nursery).execute()
        ).filter((customer) => Number(customer.active) === 1)
      : [];
    const seen = new Set<string>();
    const previewStops: BookingStop[] = [];
    stops.forEach((stop, index) => {
      const key = stopKey(stop, index);
      // The same order twice on one run is one stop of the ledger.
      if (seen.has(key)) return;
      seen.add(key);
      const customer = customerOfOrder.get(stop.id) ?? '';
      const problem =
        stop.id === '' || !customerOfOrder.has(stop.id)
          ? 'Its order is no longer on the board, so its customer is not known.'
          : customer === ''
            ? 'Its order is not linked to a customer. Choose the customer in the order, or use "Link orders" on the Customers screen.'
            : !nameOf.has(customer)
              ? 'Its customer is no longer in the customer book.'
              : '';
      const bookedCounts = booked.get(key);
      const isOrder = stop.id !== '' && customerOfOrder.has(stop.id);
      previewStops.push({
        stop: key,
        title: stop.title,
        postcode: stop.postcode,
        orderNumber: stop.orderNumber,
        trollies: stop.trollies,
        extras: stop.extras,
        customer: problem === '' ? customer : '',
        customerName: nameOf.get(customer) ?? '',
        ...(bookedCounts ?? countsOfStop(stop)),
        booked: bookedCounts !== undefined,
        problem,
        order: isOrder ? stop.id : '',
        customerType: typeOfOrder.get(stop.id) ?? '',
        closeMatches:
          isOrder && customer === ''
            ? closeMatches(stop.title, stop.postcode, book).map(({ id, name, postcode }) => ({ id, name, postcode }))
            : [],
      });
    });
    return { run: { id: run.id, name: run.name, date: String(run.vehicleInfo.date ?? '') }, stops: previewStops };
  }
}

/** On PostgreSQL the run is locked first, so two bookings of the same run run one after the other. */
export async function lockRun(batch: WriteBatch, runId: string): Promise<void> {
  if (batch.dialect !== 'postgres') return;
  await sql`SELECT id FROM trolley_exports WHERE id = ${runId} FOR UPDATE`.execute(batch.db);
}
