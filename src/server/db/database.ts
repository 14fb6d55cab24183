import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, sql, type LogEvent, type Migration, type MigrationProvider } from 'kysely';
import { OwnSchemaPostgresDialect } from './own-schema-postgres-dialect';
import { createPrivateFile, PRIVATE_DIR_MODE } from '../data-dir';
import type { SqlDialect } from '../records/filter/field-map';
import { DEFAULT_READ_TIME_LIMIT_MS, DEFAULT_READ_WORKERS, PostgresClientReads, type ClientReads } from './client-reads';
import * as initial from './migrations/001-initial';
import * as insertionOrder from './migrations/002-insertion-order';
import * as searchIndex from './migrations/003-search-index';
import * as throttles from './migrations/004-throttles';
import * as searchNotesPostcode from './migrations/005-search-notes-postcode';
import { nurseriesMigration } from './migrations/006-nurseries';
import * as historyAndDeleted from './migrations/007-history-and-deleted';
import * as invitations from './migrations/008-invitations';
import * as deletedByNursery from './migrations/009-deleted-by-nursery';
import * as customers from './migrations/010-customers';
import * as trolleyLedger from './migrations/011-trolley-ledger';
import * as standingOrders from './migrations/012-standing-orders';
import * as poolStatements from './migrations/013-pool-statements';
import * as runStatesAndDrops from './migrations/014-run-states-and-drops';
import * as files from './migrations/015-files';
import * as driverLinks from './migrations/016-driver-links';
import * as importedRecords from './migrations/018-imported-records';
import * as chosenIds from './migrations/019-chosen-ids';
import * as plantLabels from './migrations/020-plant-labels';
import * as vehiclesAndRounds from './migrations/021-vehicles-and-rounds';
import * as customerRounds from './migrations/022-customer-rounds';
import * as customerContacts from './migrations/023-customer-contacts';
import * as balanceLinks from './migrations/024-balance-links';
import * as hauliers from './migrations/025-hauliers';
import * as planHistoryIndexes from './migrations/026-plan-history-indexes';
import { DEFAULT_NURSERY_NAME } from '../config';
import type { Database } from './schema';
import { SLICE_MS } from '../slices';
import { SqliteFileDialect, WriteLock } from './sqlite-dialect';
import { SqliteReadPool } from './sqlite-read-pool';
import type { PoolStats } from '../metrics/server-metrics';

export interface DatabaseHandle {
  db: Kysely<Database>;
  /**
   * Where write batches run (RecordService.systemBatch, docs/decisions/053): on SQLite a second
   * connection whose transactions give the event loop back every few milliseconds while the main
   * connection keeps answering; on PostgreSQL the same pool as `db`.
   */
  batches: Kysely<Database>;
  dialect: SqlDialect;
  /** Where client list and search reads run, within their time limit (docs/decisions/017). */
  reads: ClientReads;
  /** What the pool holds right now: PostgreSQL connections, or SQLite's read workers (for /api/metrics). */
  poolStats(): PoolStats;
  /** Whether the database answers `SELECT 1` within `timeoutMs` (for /api/health). */
  ping(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

export interface OpenOptions {
  dataDir: string;
  databaseUrl: string | null;
  /** Time limit of a client read, in ms (READ_TIME_LIMIT_SECONDS). */
  readTimeLimitMs?: number;
  /** SQLite worker threads for client reads at most (READ_WORKERS). */
  readWorkers?: number;
  /** The nursery existing data moves into when migration 006 runs (NURSERY_NAME). */
  nurseryName?: string;
  /** Told the duration of every query on the main connection (the metrics' query time). */
  onQuery?: (ms: number, failed: boolean) => void;
}

// Migrations are listed here, in order, so a bundled or tsx-run server never has to scan folders.
function migrationsFor(options: OpenOptions): Record<string, Migration> {
  return {
    '001-initial': initial,
    '002-insertion-order': insertionOrder,
    '003-search-index': searchIndex,
    '004-throttles': throttles,
    '005-search-notes-postcode': searchNotesPostcode,
    '006-nurseries': nurseriesMigration(options.nurseryName ?? DEFAULT_NURSERY_NAME),
    '007-history-and-deleted': historyAndDeleted,
    '008-invitations': invitations,
    '009-deleted-by-nursery': deletedByNursery,
    '010-customers': customers,
    '011-trolley-ledger': trolleyLedger,
    '012-standing-orders': standingOrders,
    '013-pool-statements': poolStatements,
    '014-run-states-and-drops': runStatesAndDrops,
    '015-files': files,
    '016-driver-links': driverLinks,
    '018-imported-records': importedRecords,
    '019-chosen-ids': chosenIds,
    '020-plant-labels': plantLabels,
    '021-vehicles-and-rounds': vehiclesAndRounds,
    '022-customer-rounds': customerRounds,
    '023-customer-contacts': customerContacts,
    '024-balance-links': balanceLinks,
    '025-hauliers': hauliers,
    '026-plan-history-indexes': planHistoryIndexes,
  };
}

/** The SQLite database file in DATA_DIR (also what `npm run admin -- backup` copies). */
export const sqliteFile = (dataDir: string): string => path.join(dataDir, 'trolleyboard.db');

/** Opens SQLite in `dataDir` (WAL mode) or PostgreSQL at `databaseUrl`, then migrates to the latest schema. */
export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  let db: Kysely<Database>;
  let dialect: SqlDialect;
  // SQLite's second connection, for write batches; opened once the schema is migrated.
  let openBatches: (() => Kysely<Database>) | null = null;
  let pgPool: { totalCount: number; idleCount: number; waitingCount: number } | null = null;
  const onQuery = options.onQuery;
  const log = onQuery ? (event: LogEvent) => onQuery(event.queryDurationMillis, event.level === 'error') : undefined;
  if (options.databaseUrl) {
    dialect = 'postgres';
    // Loaded only here: an SQLite server never pays the memory of the PostgreSQL driver (decision 008).
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the database dropped (a restart, a failover) is an 'error' event on the
    // pool; unheard, Node would end the server. The pool discards that connection by itself and
    // the next query opens a new one or fails in its own request (and /api/health says 503).
    pool.on('error', () => undefined);
    pgPool = pool;
    db = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }), log });
  } else {
    dialect = 'sqlite';
    fs.mkdirSync(options.dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
    // Made private before SQLite opens it: SQLite gives the -wal and -shm files the database's mode.
    createPrivateFile(sqliteFile(options.dataDir));
    const connect = (): SQLite.Database => {
      const file = new SQLite(sqliteFile(options.dataDir));
      file.pragma('journal_mode = WAL');
      file.pragma('synchronous = NORMAL');
      file.pragma('foreign_keys = ON');
      file.pragma('busy_timeout = 5000');
      return file;
    };
    // One writer at a time across both connections: neither ever meets the other's lock in
    // SQLite, whose busy handler would sleep the event loop (sqlite-dialect.ts).
    const writeLock = new WriteLock();
    db = new Kysely<Database>({ dialect: new SqliteFileDialect(connect(), { writeLock, sliceMs: null }), log });
    openBatches = () => new Kysely<Database>({ dialect: new SqliteFileDialect(connect(), { writeLock, sliceMs: SLICE_MS }), log });
  }
  // Kysely looks for its migration tables in every schema unless told which: name ours, or a
  // second installation (or test) in another schema of the same database looks migrated already.
  const migrationTableSchema =
    dialect === 'postgres' ? (await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db)).rows[0]?.schema : undefined;
  const migrations = migrationsFor(options);
  const provider: MigrationProvider = { getMigrations: async () => migrations };
  const { error, results } = await new Migrator({ db, provider, migrationTableSchema }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    await db.destroy();
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
  const batches = openBatches?.() ?? db;
  const timeLimitMs = options.readTimeLimitMs ?? DEFAULT_READ_TIME_LIMIT_MS;
  const sqliteReads =
    dialect === 'sqlite'
      ? new SqliteReadPool({ file: sqliteFile(options.dataDir), size: options.readWorkers ?? DEFAULT_READ_WORKERS, timeLimitMs })
      : null;
  const reads: ClientReads = sqliteReads ?? new PostgresClientReads(db, timeLimitMs);
  return {
    db,
    batches,
    dialect,
    reads,
    poolStats(): PoolStats {
      if (pgPool) {
        const { totalCount, idleCount, waitingCount } = pgPool;
        return { pool: 'postgres', total: totalCount, busy: totalCount - idleCount, idle: idleCount, waiting: waitingCount };
      }
      return { pool: 'sqlite_reads', ...(sqliteReads?.stats() ?? { total: 0, busy: 0, idle: 0, waiting: 0 }) };
    },
    ping: (timeoutMs) => answersWithin(db, timeoutMs),
    async close() {
      // Readers first: the main connection's close checkpoints the WAL they read from.
      await reads.close();
      if (batches !== db) await batches.destroy();
      await db.destroy();
    },
  };
}

/**
 * `SELECT 1` on the main connection, given up after `timeoutMs`: a database that stopped
 * answering (a host gone without a reset) must not hold a load balancer's health check open.
 */
async function answersWithin(db: Kysely<Database>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const answer = sql`SELECT 1`.execute(db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}
