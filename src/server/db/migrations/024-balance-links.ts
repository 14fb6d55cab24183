import { sql, type Kysely } from 'kysely';
import { balanceReplies } from '#domain/collections/balance-replies';
import { createCollectionTable } from './declared-tables';

// A customer's balance link and its confirmations and disputes (issue 34, docs/decisions/078).
// Only a SHA-256 hash of a link's secret is stored; the secret is derived from TOKEN_SECRET and the
// link's id, so a copy of the database alone opens nothing. Never edit a merged migration.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE balance_links (
    "id" text PRIMARY KEY,
    "nursery" text NOT NULL,
    "customer" text NOT NULL,
    "secretHash" text NOT NULL UNIQUE,
    "expires" text NOT NULL,
    "revokedAt" text NOT NULL DEFAULT '',
    "revokedBy" text NOT NULL DEFAULT '',
    "createdBy" text NOT NULL DEFAULT '',
    "created" text NOT NULL
  )`.execute(db);
  await db.schema.createIndex('balance_links_customer').on('balance_links').columns(['nursery', 'customer']).execute();
  await createCollectionTable(db, balanceReplies);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('balance_replies').execute();
  await db.schema.dropTable('balance_links').execute();
}
