import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Search over order notes (`orderInfo`) and postcodes (issue 13, docs/decisions/017): migration
// 003's trigram index covered only title and orderNumber, so `orderInfo ~ "…"` read every note
// of every order (over half a second with 200,000 orders). The same index now covers all four.
//
// SQLite: an FTS5 table cannot gain columns, so `tasks_fts` and its triggers are made again with
// the four columns, and filled from the existing orders ('rebuild'). PostgreSQL: pg_trgm GIN
// indexes on LOWER(COALESCE(column, '')), the expression the compiler writes, for the two new
// columns, and for title and orderNumber where migration 003 could not make them because pg_trgm
// was missing then and has been installed since. Without pg_trgm a warning says search reads
// every order (it does so off the event loop, within the read time limit).

const COLUMNS = ['title', 'orderNumber', 'postcode', 'orderInfo'] as const;

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await createTrigramIndexes(db);
  else await rebuildFtsTable(db);
}

async function rebuildFtsTable(db: Kysely<unknown>): Promise<void> {
  const columns = sql.join(COLUMNS.map((c) => sql.id(c)));
  const values = (row: 'new' | 'old') => sql.join(COLUMNS.map((c) => sql`${sql.raw(row)}.${sql.id(c)}`));
  for (const trigger of ['tasks_fts_insert', 'tasks_fts_delete', 'tasks_fts_update']) {
    await sql`DROP TRIGGER IF EXISTS ${sql.id(trigger)}`.execute(db);
  }
  await sql`DROP TABLE IF EXISTS tasks_fts`.execute(db);
  await sql`CREATE VIRTUAL TABLE tasks_fts USING fts5(${columns}, content='tasks', content_rowid='rowid', tokenize='trigram')`.execute(db);
  await sql`CREATE TRIGGER tasks_fts_insert AFTER INSERT ON tasks BEGIN
    INSERT INTO tasks_fts (rowid, ${columns}) VALUES (new.rowid, ${values('new')});
  END`.execute(db);
  await sql`CREATE TRIGGER tasks_fts_delete AFTER DELETE ON tasks BEGIN
    INSERT INTO tasks_fts (tasks_fts, rowid, ${columns}) VALUES ('delete', old.rowid, ${values('old')});
  END`.execute(db);
  // Only when an indexed column changes: a status change on the board leaves the index alone.
  await sql`CREATE TRIGGER tasks_fts_update AFTER UPDATE OF ${columns} ON tasks BEGIN
    INSERT INTO tasks_fts (tasks_fts, rowid, ${columns}) VALUES ('delete', old.rowid, ${values('old')});
    INSERT INTO tasks_fts (rowid, ${columns}) VALUES (new.rowid, ${values('new')});
  END`.execute(db);
  await sql`INSERT INTO tasks_fts (tasks_fts) VALUES ('rebuild')`.execute(db);
}

async function createTrigramIndexes(db: Kysely<unknown>): Promise<void> {
  // Migration 003 created pg_trgm when it could; without it there is nothing to build on.
  const found = await sql<{ schema: string }>`
    SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`.execute(db);
  const schema = found.rows[0]?.schema;
  if (schema === undefined) {
    console.warn(
      'Search index for notes and postcodes skipped: the PostgreSQL extension pg_trgm is not installed. ' +
        'Search still works but reads every order; ask your database administrator to run CREATE EXTENSION pg_trgm.',
    );
    return;
  }
  const opclass = sql`${sql.id(schema, 'gin_trgm_ops')}`;
  const indexes = {
    title: 'tasks_title_trgm',
    orderNumber: 'tasks_order_number_trgm',
    postcode: 'tasks_postcode_trgm',
    orderInfo: 'tasks_order_info_trgm',
  };
  for (const column of COLUMNS) {
    await sql`CREATE INDEX IF NOT EXISTS ${sql.id(indexes[column])} ON tasks USING gin (LOWER(COALESCE(${sql.id(column)}, '')) ${opclass})`.execute(
      db,
    );
  }
}
