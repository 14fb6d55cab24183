import { sql, type Kysely } from 'kysely';
import { ORDER_DEFAULTS } from '#domain/collections/tasks';
import { newOrderWeekError } from '#domain/orders/new-order-week';
import type { Day, StandingOrderRecord } from '#domain/records';
import { readCopyRequest, readWeek, MAX_COPIED_ORDERS, type CopyRequest, type Read } from '#domain/standing-orders/requests';
import { dueInWeek, orderFrom, weekKey, type MadeOrder } from '#domain/standing-orders/schedule';
import type { IsoWeek } from '#domain/weeks';
import type { Database, UsersTable } from '../db/schema';
import { badRequest } from '../errors';
import { newOrderToday } from '../records/collections/new-order-today';
import { standingOrdersCollection } from '../records/collections/standing-orders';
import { tasksCollection } from '../records/collections/tasks';
import { isUniqueViolation, type RecordService } from '../records/record-service';
import type { ApiRecord } from '../records/record-mapping';
import type { CopyBody, FillWeekBody, FillWeekQuery } from './standing-orders-schemas';

export interface StandingOrdersServiceDeps {
  records: RecordService;
  db: Kysely<Database>;
  now: () => Date;
}

/** An order Fill week would make, and the standing order it comes from. */
export type PlannedOrder = MadeOrder;

/** An order of the week already made from a standing order: Fill week skips it. */
export interface ExistingOrder {
  standingOrder: string;
  order: string;
  title: string;
  day: Day;
}

export interface FillPreview {
  year: number;
  weekNumber: number;
  week: string;
  toCreate: PlannedOrder[];
  existing: ExistingOrder[];
}

export interface FillResult {
  week: string;
  created: number;
  skipped: number;
  orders: ApiRecord[];
}

/** One copy Copy to another week would make: where from, and where it goes. */
export interface PlannedCopy {
  source: string;
  title: string;
  postcode: string;
  day: Day;
  year: number;
  weekNumber: number;
}

export interface CopyPreview {
  count: number;
  copies: PlannedCopy[];
}

export interface CopyResult {
  created: number;
  orders: ApiRecord[];
}

/** Every table's `seq` (migration 002), which the row types leave out: ties of `created` in the order they were made, as boards show them. */
const INSERTION_ORDER = sql<number>`seq`;

/** Tries of a fill that lost a race: the second finds every order the first made, and makes none. */
const FILL_ATTEMPTS = 3;

function unwrap<T>(read: Read<T>): T {
  if (!read.ok) throw badRequest(read.message, read.errors);
  return read.value;
}

/**
 * Fill week and Copy to another week (docs/decisions/039). Each write is one
 * `RecordService.systemBatch` transaction: every order it makes is in the caller's nursery, names
 * the caller as its creator, has its history, and is published to the boards after the commit.
 */
export class StandingOrdersService {
  constructor(private readonly deps: StandingOrdersServiceDeps) {}

  /** The week asked for, refused when it has passed: new orders go into this week or later (docs/decisions/013). */
  private openWeek(raw: unknown, what: string): IsoWeek {
    const week = unwrap(readWeek(raw, what));
    const past = newOrderWeekError({ year: week.year, weekNumber: week.week }, newOrderToday(this.deps.now()));
    if (past) throw badRequest(past.message, { week: past });
    return week;
  }

  /** What filling the week would make, and which of its standing orders' orders exist already. */
  async previewFill(user: UsersTable, query: FillWeekQuery): Promise<FillPreview> {
    const week = this.openWeek(query, 'The week to fill');
    const { planned, existing } = await this.plan(this.deps.db, user.nursery, week);
    return { year: week.year, weekNumber: week.week, week: weekKey(week), toCreate: planned, existing };
  }

  /**
   * Makes the week's orders from the standing orders that fall in it, skipping those made already.
   * Running it again makes nothing. Two fills at once: the unique index on (standingOrder,
   * standingWeek) refuses the second's duplicate, its transaction is undone, and it plans again
   * from what the first made.
   */
  async fill(user: UsersTable, body: FillWeekBody): Promise<FillResult> {
    const week = this.openWeek(body, 'The week to fill');
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.deps.records.systemBatch(
          async (batch) => {
            const { planned, existing } = await this.plan(batch.db, user.nursery, week);
            // Each made as one create would be (history, announced to the boards open), in a few statements.
            const rows = await batch.insertMany(
              'tasks',
              planned.map((made) => tasksCollection.toRow({ ...ORDER_DEFAULTS, ...made, ...creator(user) })),
              { announce: 'each' },
            );
            const orders = rows.map((row) => tasksCollection.toRecord(row));
            return { week: weekKey(week), created: orders.length, skipped: existing.length, orders };
          },
          { user },
        );
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= FILL_ATTEMPTS) throw error;
      }
    }
  }

  private async plan(
    db: Kysely<Database>,
    nursery: string,
    week: IsoWeek,
  ): Promise<{ planned: PlannedOrder[]; existing: ExistingOrder[] }> {
    const rows = await db
      .selectFrom('standing_orders')
      .selectAll()
      .where('nursery', '=', nursery)
      .orderBy('created')
      .orderBy(INSERTION_ORDER)
      .execute();
    const due = dueInWeek(
      rows.map((row) => standingOrdersCollection.toRecord(row) as unknown as StandingOrderRecord),
      week,
    );
    if (due.length === 0) return { planned: [], existing: [] };
    const made = await db
      .selectFrom('tasks')
      .select(['id', 'standingOrder', 'title', 'day'])
      .where('nursery', '=', nursery)
      .where('standingWeek', '=', weekKey(week))
      .where(
        'standingOrder',
        'in',
        due.map((standing) => standing.id),
      )
      .execute();
    const done = new Map(made.map((order) => [order.standingOrder, order]));
    const planned: PlannedOrder[] = [];
    const existing: ExistingOrder[] = [];
    for (const standing of due) {
      const order = done.get(standing.id);
      if (order) existing.push({ standingOrder: standing.id, order: order.id, title: order.title, day: order.day as Day });
      else planned.push(orderFrom(standing, week));
    }
    return { planned, existing };
  }

  /** What a copy would make, without making it. */
  async previewCopy(user: UsersTable, body: CopyBody): Promise<CopyPreview> {
    const request = this.readCopy(body);
    const sources = await this.sources(this.deps.db, user.nursery, request);
    const copies = sources.map((order) => ({
      source: order.id,
      title: order.title,
      postcode: order.postcode,
      day: request.targetDay ?? (order.day as Day),
      year: request.target.year,
      weekNumber: request.target.week,
    }));
    return { count: copies.length, copies };
  }

  /** Copies the orders into the target week (and day), without their status, in one transaction. */
  async copy(user: UsersTable, body: CopyBody): Promise<CopyResult> {
    const request = this.readCopy(body);
    return this.deps.records.systemBatch(
      async (batch) => {
        const sources = await this.sources(batch.db, user.nursery, request);
        const rows = sources.map((source) =>
          tasksCollection.toRow({
            ...ORDER_DEFAULTS,
            title: source.title,
            day: request.targetDay ?? source.day,
            postcode: source.postcode,
            orderNumber: source.orderNumber,
            customerType: source.customerType,
            other: source.other,
            orderInfo: source.orderInfo,
            trollies: source.trollies,
            extras: source.extras,
            customer: source.customer,
            year: request.target.year,
            weekNumber: request.target.week,
            status: '',
            // A copy is an order of its own, from no standing order: Fill week never counts it as made.
            standingOrder: '',
            standingWeek: '',
            ...creator(user),
          }),
        );
        // Each made as one create would be (history, announced to the boards open), in a few statements.
        const orders = (await batch.insertMany('tasks', rows, { announce: 'each' })).map((row) => tasksCollection.toRecord(row));
        return { created: orders.length, orders };
      },
      { user },
    );
  }

  private readCopy(body: CopyBody): CopyRequest {
    const request = unwrap(readCopyRequest(body));
    this.openWeek(body.to, 'The week to copy to');
    return request;
  }

  /** The orders to copy, oldest first; the same refusal for another nursery's order as for one that does not exist. */
  private async sources(db: Kysely<Database>, nursery: string, request: CopyRequest) {
    let query = db.selectFrom('tasks').selectAll().where('nursery', '=', nursery);
    if ('ids' in request.source) query = query.where('id', 'in', request.source.ids);
    else {
      const { week, day } = request.source;
      query = query.where('year', '=', week.year).where('weekNumber', '=', week.week);
      if (day) query = query.where('day', '=', day);
    }
    const rows = await query
      .orderBy('created')
      .orderBy(INSERTION_ORDER)
      .limit(MAX_COPIED_ORDERS + 1)
      .execute();
    if ('ids' in request.source && rows.length !== request.source.ids.length) {
      const missing = request.source.ids.length - rows.length;
      throw badRequest(
        missing === 1
          ? 'One of the chosen orders no longer exists. Choose the orders again.'
          : `${missing} of the chosen orders no longer exist. Choose the orders again.`,
        { ids: { code: 'validation_missing_rel_records', message: 'Choose the orders again.' } },
      );
    }
    if (rows.length > MAX_COPIED_ORDERS)
      throw badRequest(
        `That day has more than ${MAX_COPIED_ORDERS} orders; at most ${MAX_COPIED_ORDERS} can be copied at once. Choose them in parts.`,
      );
    if (rows.length === 0) throw badRequest('There are no orders to copy there. Choose another day or week.');
    return rows;
  }
}

/** The stamps of an order the caller makes through a route of ours. */
function creator(user: UsersTable) {
  return { user: user.id, created_by: user.id, updated_by: user.id, nursery: user.nursery };
}
