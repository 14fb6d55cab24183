import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Pool statements (issue 17, docs/decisions/040): the trolley pool operator's balance statements a
// nursery imported, with the rows read from the CSV (JSON text) and the column mapping they were
// read with (JSON text; the newest statement's is the nursery's remembered mapping).

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // As every table since migration 002: `seq`, the insertion order (the rowid on SQLite).
  const columns = sql`"created" text NOT NULL,
    "updated" text NOT NULL,
    "nursery" text NOT NULL DEFAULT '',
    "statementDate" text NOT NULL DEFAULT '',
    "periodFrom" text NOT NULL DEFAULT '',
    "periodTo" text NOT NULL DEFAULT '',
    "fileName" text NOT NULL DEFAULT '',
    "importedBy" text NOT NULL DEFAULT '',
    "mapping" text NOT NULL DEFAULT '{}',
    "rows" text NOT NULL DEFAULT '[]'`;
  if (isPostgres(db)) {
    await sql`CREATE TABLE pool_statements ("id" text PRIMARY KEY, ${columns}, "seq" BIGINT NOT NULL GENERATED ALWAYS AS IDENTITY)`.execute(
      db,
    );
    await sql`CREATE UNIQUE INDEX pool_statements_seq ON pool_statements (seq)`.execute(db);
  } else {
    await sql`CREATE TABLE pool_statements ("seq" INTEGER PRIMARY KEY, "id" text NOT NULL UNIQUE, ${columns})`.execute(db);
  }
  await db.schema.createIndex('pool_statements_date').on('pool_statements').columns(['nursery', 'statementDate']).execute();
  await db.schema.createIndex('pool_statements_nursery_seq').on('pool_statements').columns(['nursery', 'seq']).execute();
}
