import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, sql, type Migration } from 'kysely';
import pg from 'pg';
import { isolatedPostgres } from '../../../../tests/support/postgres';
import { OwnSchemaPostgresDialect } from '../own-schema-postgres-dialect';

// For the migrations' own tests: a throwaway database, SQLite or (in the PostgreSQL pass, with
// TEST_DATABASE_URL) a schema of its own, migrated as far as a test says.

export const isPostgresPass = Boolean(process.env.TEST_DATABASE_URL);

/** An empty database; `cleanups` gets what closes and removes it. */
export async function throwawayDatabase<DB = unknown>(cleanups: Array<() => Promise<void>>): Promise<Kysely<DB>> {
  let db: Kysely<DB>;
  if (isPostgresPass) {
    const schema = await isolatedPostgres(process.env.TEST_DATABASE_URL as string);
    // Its own schema only: Kysely's migrator otherwise lists every schema's tables, and another
    // test dropping its schema meanwhile fails this one (own-schema-postgres-dialect.ts).
    db = new Kysely({ dialect: new OwnSchemaPostgresDialect({ pool: new pg.Pool({ connectionString: schema.url, max: 2 }) }) });
    cleanups.push(() => schema.drop());
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trolleyboard-migration-'));
    db = new Kysely({ dialect: new SqliteDialect({ database: new SQLite(path.join(dir, 'test.db')) }) });
    cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  }
  cleanups.unshift(() => db.destroy());
  return db;
}

/**
 * Runs `migrations` (in their order) that have not run yet. On PostgreSQL the migration tables are
 * looked for in this test's own schema only, as database.ts does: Kysely otherwise finds another
 * test's tables in the schema next door (two test files migrating at once) and then cannot read them.
 */
export async function migrate<DB>(db: Kysely<DB>, migrations: Record<string, Migration>): Promise<void> {
  const migrationTableSchema = isPostgresPass
    ? (await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db)).rows[0]?.schema
    : undefined;
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema }).migrateToLatest();
  if (error) throw error;
}
