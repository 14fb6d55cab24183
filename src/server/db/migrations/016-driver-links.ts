import { sql, type Kysely } from 'kysely';

// The driver's links (issue 18, docs/decisions/044): a link scoped to one run, expiring and
// revocable; and a drop's signature and photo (run_drops, migration 014). Only SHA-256 hashes of
// a link's short code and QR secret are stored; both are derived from TOKEN_SECRET and the link's
// id, so office staff can show them again and a copy of the database alone opens nothing.

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
  // A drop's signature (a PNG) and photo, each one stored file name ('' for none), as migration 015's files.
  for (const column of ['signature', 'photo'])
    await sql`ALTER TABLE run_drops ADD COLUMN ${sql.ref(column)} text NOT NULL DEFAULT ''`.execute(db);
}
