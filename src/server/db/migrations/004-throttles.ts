import type { Kysely } from 'kysely';

// Throttles and the realtime outbox live in the database so that several instances on one
// PostgreSQL share them (docs/decisions/028). Same schema on SQLite. Never edit a merged migration; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // One counter per key (e.g. failed logins of one account from one address) over a fixed window
  // that ends at `resetsAt` (ms since the epoch). Rows past their window are dead and swept lazily.
  await db.schema
    .createTable('throttles')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('resetsAt', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('throttles_resets_at').on('throttles').column('resetsAt').execute();

  // A deleted record too large for a PostgreSQL NOTIFY payload waits here for the other instances.
  await db.schema
    .createTable('realtime_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('createdAt', 'bigint', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('realtime_outbox_created_at').on('realtime_outbox').column('createdAt').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('realtime_outbox').execute();
  await db.schema.dropTable('throttles').execute();
}
