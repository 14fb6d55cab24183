import { randomInt } from 'node:crypto';
import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

// Nurseries and roles (issue 15, docs/decisions/036). One server hosts several nurseries that never
// see each other: every record belongs to one.
//
// - The `nurseries` table: name, the weekday route headings, the deletion password's hash and the
//   generated deletion password its admins are shown.
// - `users` gains `name`, `nursery`, `role`, `disabled` and `mustChangePassword`; `tasks`,
//   `user_settings` and `trolley_exports` gain `nursery`.
// - Existing data moves into one nursery, named NURSERY_NAME: every account and every record. The
//   earliest account becomes its admin, the others office (they could delete with the password
//   before; they still can). An empty database (a fresh install) gets no nursery: the first
//   sign-up makes one.
// - Every list is one nursery's, so the nursery leads the indexes the board, the lists and search
//   use: one nursery's week costs the same however many nurseries share the server.

const RECORD_TABLES = ['tasks', 'user_settings', 'trolley_exports'] as const;

/** Indexes made again with the nursery leading (migration 001 made them without). */
const NURSERY_INDEXES = {
  // Oldest first, as every week's list is sorted, so the index gives the order too.
  tasks_week: { table: 'tasks', columns: ['nursery', 'year', 'weekNumber', 'created'] },
  tasks_other: { table: 'tasks', columns: ['nursery', 'other'] },
  tasks_created: { table: 'tasks', columns: ['nursery', 'created'] },
  trolley_exports_name: { table: 'trolley_exports', columns: ['nursery', 'name'] },
  trolley_exports_created: { table: 'trolley_exports', columns: ['nursery', 'created'] },
} as const;

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A record id as the server makes them (records/ids.ts), made here so the migration stands alone. */
function newId(): string {
  let id = '';
  for (let i = 0; i < 15; i++) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

async function createNurseriesTable(db: Kysely<unknown>): Promise<void> {
  // As every table since migration 002: `seq`, the insertion order, the rowid on SQLite.
  const columns = sql`"created" text NOT NULL,
    "updated" text NOT NULL,
    "name" text NOT NULL DEFAULT '',
    "headings" text NOT NULL DEFAULT '{}',
    "deletePasswordHash" text NOT NULL,
    "generatedDeletePassword" text NOT NULL DEFAULT ''`;
  if (isPostgres(db)) {
    await sql`CREATE TABLE nurseries ("id" text PRIMARY KEY, ${columns}, "seq" BIGINT NOT NULL GENERATED ALWAYS AS IDENTITY)`.execute(db);
    await sql`CREATE UNIQUE INDEX nurseries_seq ON nurseries (seq)`.execute(db);
  } else {
    await sql`CREATE TABLE nurseries ("seq" INTEGER PRIMARY KEY, "id" text NOT NULL UNIQUE, ${columns})`.execute(db);
  }
}

async function addColumns(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  for (const table of ['users', ...RECORD_TABLES]) {
    await db.schema
      .alterTable(table)
      .addColumn('nursery', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  }
  // SQLite adds one column per statement.
  await db.schema
    .alterTable('users')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('viewer'))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('disabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('mustChangePassword', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

async function leadIndexesWithNursery(db: Kysely<unknown>): Promise<void> {
  for (const [name, { table, columns }] of Object.entries(NURSERY_INDEXES)) {
    await db.schema.dropIndex(name).execute();
    await db.schema
      .createIndex(name)
      .on(table)
      .columns([...columns])
      .execute();
  }
  await db.schema.createIndex('users_nursery').on('users').column('nursery').execute();
  // An unsorted list (PocketBase's insertion order) of one nursery's orders: without it a page of
  // the whole history sorts every order of the nursery again.
  await db.schema.createIndex('tasks_nursery_seq').on('tasks').columns(['nursery', 'seq']).execute();
}

/** Puts every existing account and record into one nursery named `nurseryName`, when there are any. */
async function moveExistingDataIntoOneNursery(db: Kysely<unknown>, nurseryName: string): Promise<void> {
  let any = false;
  for (const table of ['users', ...RECORD_TABLES]) {
    const { rows } = await sql<{ one: number }>`SELECT 1 AS one FROM ${sql.table(table)} LIMIT 1`.execute(db);
    if (rows.length > 0) any = true;
  }
  if (!any) return;
  const id = newId();
  const now = new Date().toISOString().replace('T', ' ');
  // No deletion password of its own: the one staff used until now (DELETE_PASSWORD, or the one
  // generated into DATA_DIR/secrets.json) still holds for it (src/server/auth/delete-password.ts).
  await sql`INSERT INTO nurseries (id, created, updated, name, headings, "deletePasswordHash", "generatedDeletePassword")
    VALUES (${id}, ${now}, ${now}, ${nurseryName}, '{}', '', '')`.execute(db);
  for (const table of RECORD_TABLES) await sql`UPDATE ${sql.table(table)} SET nursery = ${id}`.execute(db);
  await sql`UPDATE users SET nursery = ${id}, role = 'office'`.execute(db);
  await sql`UPDATE users SET role = 'admin' WHERE id = (SELECT id FROM users ORDER BY created, seq LIMIT 1)`.execute(db);
}

/** Migration 006, for the nursery name the operator chose (NURSERY_NAME, config.ts). */
export function nurseriesMigration(nurseryName: string): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await createNurseriesTable(db);
      await addColumns(db);
      await leadIndexesWithNursery(db);
      await moveExistingDataIntoOneNursery(db, nurseryName);
    },
  };
}
