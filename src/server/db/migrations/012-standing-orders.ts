import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Standing orders (issue 17, docs/decisions/039).
//
// - The `standing_orders` table: a customer's order that repeats every N weeks on one day, from a
//   week until a week (0 and 0: open-ended), with who added and changed it (a trail, decision 034).
// - `tasks.standingOrder` and `tasks.standingWeek` ('2026-W48'): the standing order and week an order
//   was made from by Fill week; '' for every other order. A partial unique index over the pair makes
//   "never twice" the database's rule, so two fills of one week at once still make each order once.
// Never edit a merged migration; add a new one.

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // As every table since migration 002: `seq`, the insertion order (the rowid on SQLite).
  const columns = sql`"created" text NOT NULL,
    "updated" text NOT NULL,
    "nursery" text NOT NULL DEFAULT '',
    "customer" text NOT NULL DEFAULT '',
    "title" text NOT NULL DEFAULT '',
    "postcode" text NOT NULL DEFAULT '',
    "day" text NOT NULL DEFAULT 'monday',
    "customerType" text NOT NULL DEFAULT 'wholesale',
    "other" text NOT NULL DEFAULT 'none',
    "trollies" text NOT NULL DEFAULT '',
    "orderInfo" text NOT NULL DEFAULT '',
    "fromYear" integer NOT NULL,
    "fromWeek" integer NOT NULL,
    "untilYear" integer NOT NULL DEFAULT 0,
    "untilWeek" integer NOT NULL DEFAULT 0,
    "everyWeeks" integer NOT NULL DEFAULT 1,
    "active" boolean NOT NULL DEFAULT true,
    "created_by" text NOT NULL DEFAULT '',
    "updated_by" text NOT NULL DEFAULT ''`;
  if (isPostgres(db)) {
    await sql`CREATE TABLE standing_orders ("id" text PRIMARY KEY, ${columns}, "seq" BIGINT NOT NULL GENERATED ALWAYS AS IDENTITY)`.execute(
      db,
    );
    await sql`CREATE UNIQUE INDEX standing_orders_seq ON standing_orders (seq)`.execute(db);
  } else {
    await sql`CREATE TABLE standing_orders ("seq" INTEGER PRIMARY KEY, "id" text NOT NULL UNIQUE, ${columns})`.execute(db);
  }
  await db.schema.createIndex('standing_orders_customer').on('standing_orders').columns(['nursery', 'customer']).execute();
  await db.schema.createIndex('standing_orders_nursery_seq').on('standing_orders').columns(['nursery', 'seq']).execute();

  for (const column of ['standingOrder', 'standingWeek'])
    await db.schema
      .alterTable('tasks')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  await sql`CREATE UNIQUE INDEX tasks_standing_week ON tasks ("standingOrder", "standingWeek") WHERE "standingOrder" <> ''`.execute(db);
}
