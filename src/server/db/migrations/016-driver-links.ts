import { sql, type Kysely } from 'kysely';

// The driver's links (issue 18, docs/decisions/044): a link scoped to one run, expiring and
// revocable. Only SHA-256 hashes of the short code and of the QR's secret are stored; both are
// derived from TOKEN_SECRET and the link's id, so office staff can show them again and a copy of
// the database alone opens nothing.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE driver_links (
    "id" text PRIMARY KEY,
    "nursery" text NOT NULL,
    "run" text NOT NULL,
    "codeHash" text NOT NULL UNIQUE,
    "secretHash" text NOT NULL UNIQUE,
    "expires" text NOT NULL,
    "revokedAt" text NOT NULL DEFAULT '',
    "revokedBy" text NOT NULL DEFAULT '',
    "createdBy" text NOT NULL DEFAULT '',
    "created" text NOT NULL
  )`.execute(db);
  await db.schema.createIndex('driver_links_run').on('driver_links').columns(['nursery', 'run']).execute();
}
