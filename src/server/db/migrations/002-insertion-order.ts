import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Insertion order (issue 6): PocketBase answers a list without `sort` in insertion order, so
// `getFirstListItem(filter)` picks the first record added. Every table gets `seq`, a number that
// only grows, used as the order of unsorted lists and the final tiebreaker of sorted ones.
//
// SQLite: `seq INTEGER PRIMARY KEY` is an alias of the rowid, so the tables stay rowid tables (the
// search index of migration 003 is keyed by rowid). A primary key cannot be added in place, so each
// table is rebuilt with its rows copied in `created` order and every index recreated.
// PostgreSQL: an identity column, filled for existing rows in `created` order.

const TABLES = {
  users: `
    "id" text NOT NULL UNIQUE,
    "created" text NOT NULL,
    "updated" text NOT NULL,
    "username" text NOT NULL,
    "email" text NOT NULL,
    "emailVisibility" boolean NOT NULL DEFAULT false,
    "verified" boolean NOT NULL DEFAULT false,
    "passwordHash" text NOT NULL,
    "tokenKey" text NOT NULL,
    "termsAgreement" text NOT NULL DEFAULT ''`,
  tasks: `
    "id" text NOT NULL UNIQUE,
    "created" text NOT NULL,
    "updated" text NOT NULL,
    "title" text NOT NULL DEFAULT '',
    "day" text NOT NULL DEFAULT 'monday',
    "postcode" text NOT NULL DEFAULT '',
    "orderNumber" text NOT NULL DEFAULT '',
    "customerType" text NOT NULL DEFAULT 'wholesale',
    "other" text NOT NULL DEFAULT 'none',
    "weekNumber" integer NOT NULL,
    "year" integer NOT NULL,
    "orderInfo" text NOT NULL DEFAULT '',
    "status" text NOT NULL DEFAULT '',
    "trollies" text NOT NULL DEFAULT '',
    "extras" text NOT NULL DEFAULT '',
    "user" text NOT NULL DEFAULT ''`,
  user_settings: `
    "id" text NOT NULL UNIQUE,
    "created" text NOT NULL,
    "updated" text NOT NULL,
    "user" text NOT NULL,
    "settings_json" text NOT NULL DEFAULT '{}'`,
  trolley_exports: `
    "id" text NOT NULL UNIQUE,
    "created" text NOT NULL,
    "updated" text NOT NULL,
    "name" text NOT NULL DEFAULT '',
    "data" text NOT NULL DEFAULT '[]',
    "vehicleInfo" text NOT NULL DEFAULT '{}',
    "user" text NOT NULL DEFAULT ''`,
} as const;

/** The indexes of migration 001, recreated after the SQLite rebuild. */
const INDEXES = [
  'CREATE UNIQUE INDEX users_username_unique ON users (LOWER(username))',
  'CREATE UNIQUE INDEX users_email_unique ON users (email)',
  'CREATE INDEX tasks_week ON tasks (year, "weekNumber")',
  'CREATE INDEX tasks_other ON tasks (other)',
  'CREATE INDEX tasks_created ON tasks (created)',
  'CREATE UNIQUE INDEX user_settings_user_unique ON user_settings ("user")',
  'CREATE INDEX trolley_exports_name ON trolley_exports (name)',
  'CREATE INDEX trolley_exports_created ON trolley_exports (created)',
];

function columnNames(definition: string): string {
  return [...definition.matchAll(/^\s*("[A-Za-z_]+")/gm)].map((m) => m[1]).join(', ');
}

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const table of Object.keys(TABLES)) {
      const t = sql.table(table);
      await sql`ALTER TABLE ${t} ADD COLUMN seq BIGINT`.execute(db);
      await sql`UPDATE ${t} SET seq = ordered.n FROM (SELECT id, row_number() OVER (ORDER BY created, id) AS n FROM ${t}) AS ordered WHERE ${t}.id = ordered.id`.execute(
        db,
      );
      await sql`ALTER TABLE ${t} ALTER COLUMN seq SET NOT NULL`.execute(db);
      await sql`ALTER TABLE ${t} ALTER COLUMN seq ADD GENERATED ALWAYS AS IDENTITY`.execute(db);
      await sql`SELECT setval(pg_get_serial_sequence(${table}, 'seq'), COALESCE((SELECT MAX(seq) FROM ${t}), 0) + 1, false)`.execute(db);
      await sql`CREATE UNIQUE INDEX ${sql.raw(`${table}_seq`)} ON ${t} (seq)`.execute(db);
    }
    return;
  }
  for (const [table, definition] of Object.entries(TABLES)) {
    const columns = columnNames(definition);
    await sql.raw(`CREATE TABLE "${table}_rebuilt" ("seq" INTEGER PRIMARY KEY, ${definition})`).execute(db);
    await sql.raw(`INSERT INTO "${table}_rebuilt" (${columns}) SELECT ${columns} FROM "${table}" ORDER BY created, id`).execute(db);
    await sql.raw(`DROP TABLE "${table}"`).execute(db);
    await sql.raw(`ALTER TABLE "${table}_rebuilt" RENAME TO "${table}"`).execute(db);
  }
  for (const statement of INDEXES) await sql.raw(statement).execute(db);
}
