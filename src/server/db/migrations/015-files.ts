import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Files (docs/decisions/043): the attachments of orders and ledger movements (their stored names,
// a JSON list), and the table the PostgreSQL file store keeps bytes in, so every instance sees
// every file and a pg_dump holds them. The embedded default (SQLite) keeps files in a folder under
// DATA_DIR instead; the table is made there too, empty, so both databases have one schema.

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['tasks', 'trolley_movements'])
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN "attachments" text NOT NULL DEFAULT '[]'`.execute(db);
  const bytes = isPostgres(db) ? sql`bytea` : sql`blob`;
  await sql`CREATE TABLE stored_files (
    "collection" text NOT NULL,
    "record" text NOT NULL,
    "name" text NOT NULL,
    "data" ${bytes} NOT NULL,
    "size" integer NOT NULL,
    "created" text NOT NULL,
    PRIMARY KEY ("collection", "record", "name")
  )`.execute(db);
}
