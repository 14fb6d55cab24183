import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type Migration, type MigrationProvider } from 'kysely';
import pg from 'pg';
import type { SqlDialect } from '../records/filter/field-map';
import * as initial from './migrations/001-initial';
import * as insertionOrder from './migrations/002-insertion-order';
import type { Database } from './schema';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: SqlDialect;
  close(): Promise<void>;
}

// Migrations are listed here, in order, so a bundled or tsx-run server never has to scan folders.
const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-insertion-order': insertionOrder,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Opens SQLite in `dataDir` (WAL mode) or PostgreSQL at `databaseUrl`, then migrates to the latest schema. */
export async function openDatabase(options: { dataDir: string; databaseUrl: string | null }): Promise<DatabaseHandle> {
  let db: Kysely<Database>;
  let dialect: SqlDialect;
  if (options.databaseUrl) {
    dialect = 'postgres';
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: options.databaseUrl, max: 10 }) }) });
  } else {
    dialect = 'sqlite';
    fs.mkdirSync(options.dataDir, { recursive: true });
    const file = new SQLite(path.join(options.dataDir, 'trolleyboard.db'));
    file.pragma('journal_mode = WAL');
    file.pragma('synchronous = NORMAL');
    file.pragma('foreign_keys = ON');
    file.pragma('busy_timeout = 5000');
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) });
  }
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    await db.destroy();
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
  return { db, dialect, close: () => db.destroy() };
}
