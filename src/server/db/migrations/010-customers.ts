import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Customers (issue 17, docs/decisions/037).
//
// - The `customers` table: a nursery's customer book.
// - `tasks.customer`: the customer an order is for ('' for none: every order before this one, until
//   the matching step links it), with an index to find a customer's orders (merging, matching).

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // As every table since migration 002: `seq`, the insertion order (the rowid on SQLite).
  const columns = sql`"created" text NOT NULL,
    "updated" text NOT NULL,
    "nursery" text NOT NULL DEFAULT '',
    "name" text NOT NULL DEFAULT '',
    "postcode" text NOT NULL DEFAULT '',
    "phone" text NOT NULL DEFAULT '',
    "email" text NOT NULL DEFAULT '',
    "deliveryAddress" text NOT NULL DEFAULT '',
    "customerType" text NOT NULL DEFAULT 'wholesale',
    "usualDay" text NOT NULL DEFAULT '',
    "usualTrolleys" integer NOT NULL DEFAULT 0,
    "notes" text NOT NULL DEFAULT '',
    "poolAccount" text NOT NULL DEFAULT '',
    "active" boolean NOT NULL DEFAULT true`;
  if (isPostgres(db)) {
    await sql`CREATE TABLE customers ("id" text PRIMARY KEY, ${columns}, "seq" BIGINT NOT NULL GENERATED ALWAYS AS IDENTITY)`.execute(db);
    await sql`CREATE UNIQUE INDEX customers_seq ON customers (seq)`.execute(db);
  } else {
    await sql`CREATE TABLE customers ("seq" INTEGER PRIMARY KEY, "id" text NOT NULL UNIQUE, ${columns})`.execute(db);
  }
  await db.schema.createIndex('customers_name').on('customers').columns(['nursery', 'name']).execute();
  await db.schema.createIndex('customers_nursery_seq').on('customers').columns(['nursery', 'seq']).execute();

  await db.schema
    .alterTable('tasks')
    .addColumn('customer', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('tasks_customer').on('tasks').columns(['nursery', 'customer']).execute();
}
