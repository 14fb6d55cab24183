import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Search index (issue 6, docs/decisions/010). The app's search is `title ~ q || orderNumber ~ q`, a
// case-insensitive "contains" that SQL can only answer with LIKE over every row; on SQLite that
// runs on the event loop and held the whole server for seconds over 200,000 orders. A trigram
// index answers "which rows contain these three-letter pieces" instead; the filter compiler
// (compile-filter.ts, TextIndex) asks it first and keeps the LIKE for the exact answer.
//
// SQLite: an FTS5 table with the trigram tokenizer over tasks' own rows (external content, keyed
// by the tasks rowid — after migration 002 that is `seq`, so VACUUM cannot renumber it), kept in
// step by triggers. PostgreSQL: pg_trgm GIN indexes on exactly the expression the compiler
// writes, LOWER(COALESCE(column, '')). Without the pg_trgm extension (a managed server that does
// not allow it) search still works, by scanning, and a warning says so.

export const TASKS_SEARCH_TABLE = 'tasks_fts';

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await createTrigramIndexes(db);
  else await createFtsTable(db);
}

async function createFtsTable(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE VIRTUAL TABLE tasks_fts USING fts5(title, "orderNumber", content='tasks', content_rowid='rowid', tokenize='trigram')`.execute(
    db,
  );
  await sql`CREATE TRIGGER tasks_fts_insert AFTER INSERT ON tasks BEGIN
    INSERT INTO tasks_fts (rowid, title, "orderNumber") VALUES (new.rowid, new.title, new."orderNumber");
  END`.execute(db);
  await sql`CREATE TRIGGER tasks_fts_delete AFTER DELETE ON tasks BEGIN
    INSERT INTO tasks_fts (tasks_fts, rowid, title, "orderNumber") VALUES ('delete', old.rowid, old.title, old."orderNumber");
  END`.execute(db);
  await sql`CREATE TRIGGER tasks_fts_update AFTER UPDATE OF title, "orderNumber" ON tasks BEGIN
    INSERT INTO tasks_fts (tasks_fts, rowid, title, "orderNumber") VALUES ('delete', old.rowid, old.title, old."orderNumber");
    INSERT INTO tasks_fts (rowid, title, "orderNumber") VALUES (new.rowid, new.title, new."orderNumber");
  END`.execute(db);
  await sql`INSERT INTO tasks_fts (tasks_fts) VALUES ('rebuild')`.execute(db);
}

async function createTrigramIndexes(db: Kysely<unknown>): Promise<void> {
  // Kysely runs a PostgreSQL migration in a transaction: a failed CREATE EXTENSION must be undone
  // to its savepoint, or every later statement of the migration would fail with it.
  await sql`SAVEPOINT pg_trgm_setup`.execute(db);
  try {
    // In `public` when we create it, so every schema's indexes find the same operator class
    // (an extension exists once per database, whichever schema created it).
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`.execute(db);
    await sql`RELEASE SAVEPOINT pg_trgm_setup`.execute(db);
  } catch (error) {
    await sql`ROLLBACK TO SAVEPOINT pg_trgm_setup`.execute(db);
    console.warn(
      `Search index skipped: the PostgreSQL extension pg_trgm could not be created (${String(error)}). ` +
        'Search still works but reads every order; ask your database administrator to run CREATE EXTENSION pg_trgm.',
    );
    return;
  }
  const found = await sql<{ schema: string }>`
    SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`.execute(db);
  const schema = found.rows[0]?.schema ?? 'public';
  const opclass = sql`${sql.id(schema, 'gin_trgm_ops')}`;
  await sql`CREATE INDEX tasks_title_trgm ON tasks USING gin (LOWER(COALESCE(title, '')) ${opclass})`.execute(db);
  await sql`CREATE INDEX tasks_order_number_trgm ON tasks USING gin (LOWER(COALESCE("orderNumber", '')) ${opclass})`.execute(db);
}
