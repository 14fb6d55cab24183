import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Runs to the drop (issue 18, docs/decisions/042).
//
// - `trolley_exports.state` ('new' for every run saved so far) and `stateLog` (JSON list of
//   {state, at, by, name}: who moved the run into each state, and when, stamped by the server).
// - `run_drops`: one row per stop of a dispatched run (unique (run, stop)), with what happened
//   there; a client id, unique per nursery when not '', makes a retried send answer the drop
//   already written.
// - The ledger's unique index on (run, stop) becomes (run, stop, kind): a stop is booked out once
//   at dispatch and its counts back come in once with its drop.
// Never edit a merged migration; add a new one.

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('trolley_exports')
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('new'))
    .execute();
  await db.schema
    .alterTable('trolley_exports')
    .addColumn('stateLog', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();

  // As every table since migration 002: `seq`, the insertion order (the rowid on SQLite).
  const columns = sql`"created" text NOT NULL,
    "updated" text NOT NULL,
    "nursery" text NOT NULL DEFAULT '',
    "run" text NOT NULL,
    "stop" text NOT NULL DEFAULT '',
    "outcome" text NOT NULL,
    "reason" text NOT NULL DEFAULT '',
    "receivedBy" text NOT NULL DEFAULT '',
    "trolleysBack" integer NOT NULL DEFAULT 0,
    "shelvesBack" integer NOT NULL DEFAULT 0,
    "extensionsBack" integer NOT NULL DEFAULT 0,
    "recordedAt" text NOT NULL DEFAULT '',
    "recordedBy" text NOT NULL DEFAULT '',
    "link" text NOT NULL DEFAULT '',
    "clientId" text NOT NULL DEFAULT ''`;
  if (isPostgres(db)) {
    await sql`CREATE TABLE run_drops ("id" text PRIMARY KEY, ${columns}, "seq" BIGINT NOT NULL GENERATED ALWAYS AS IDENTITY)`.execute(db);
    await sql`CREATE UNIQUE INDEX run_drops_seq ON run_drops (seq)`.execute(db);
  } else {
    await sql`CREATE TABLE run_drops ("seq" INTEGER PRIMARY KEY, "id" text NOT NULL UNIQUE, ${columns})`.execute(db);
  }
  await sql`CREATE UNIQUE INDEX run_drops_run_stop ON run_drops (run, stop)`.execute(db);
  await sql`CREATE UNIQUE INDEX run_drops_client ON run_drops (nursery, "clientId") WHERE "clientId" != ''`.execute(db);
  await db.schema.createIndex('run_drops_stop').on('run_drops').columns(['nursery', 'stop']).execute();
  await db.schema.createIndex('run_drops_nursery_seq').on('run_drops').columns(['nursery', 'seq']).execute();

  await sql`DROP INDEX trolley_movements_run_stop`.execute(db);
  await sql`CREATE UNIQUE INDEX trolley_movements_run_stop ON trolley_movements (run, stop, kind) WHERE run != ''`.execute(db);
}
