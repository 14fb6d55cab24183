import type SQLite from 'better-sqlite3';
import { SelectQueryNode, SqliteDialect, type CompiledQuery, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';
import { yieldToEventLoop } from '../slices';

// The server's SQLite connections (docs/decisions/017, docs/decisions/053). better-sqlite3 runs
// every statement synchronously on the event loop, and Kysely's own SQLite driver lets one
// transaction hold its single connection from BEGIN to COMMIT. So a long write batch (an import of
// 5,000 rows) held /api/health and every other request for seconds. Here:
//
// - The main connection serves everything short: lookups, single-record writes, /api/health.
// - Write batches (RecordService.systemBatch) run on a second connection to the same WAL file, and
//   give the event loop back every SLICE_MS (slices.ts) between two statements: meanwhile the main connection
//   reads the last committed state, as any reader in WAL mode does.
// - Transactions begin IMMEDIATE, so another process's write never fails ours half-way.
// - One writer at a time across both connections (WriteLock): a write on the main connection
//   waits, without holding its connection, until a batch has committed, instead of meeting
//   SQLite's busy handler, which would sleep the event loop.

/** One SQLite writer at a time among the server's connections, taken in arrival order. */
export class WriteLock {
  private held = false;
  private readonly waiting: Array<() => void> = [];

  /** Takes the lock if it is free. */
  tryTake(): boolean {
    if (this.held) return false;
    this.held = true;
    return true;
  }

  /** Waits for the lock; the holder hands it straight to the next waiter. */
  async take(): Promise<void> {
    if (this.tryTake()) return;
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.held = false;
  }
}

/** Kysely's mutex for a single connection. */
class ConnectionMutex {
  private busy: Promise<void> | null = null;
  private free: (() => void) | null = null;

  async lock(): Promise<void> {
    while (this.busy) await this.busy;
    this.busy = new Promise((resolve) => {
      this.free = resolve;
    });
  }

  unlock(): void {
    const free = this.free;
    this.busy = null;
    this.free = null;
    free?.();
  }
}

export interface SqliteConnectionOptions {
  /** The one write lock of every connection to this file. */
  writeLock: WriteLock;
  /** Pause a transaction for the event loop after this much work; null: never (the main connection's short writes). */
  sliceMs: number | null;
}

/**
 * One better-sqlite3 connection behind Kysely (as Kysely's SqliteDriver) that takes the write lock
 * for each transaction and each write outside one, and optionally pauses long transactions.
 */
class SqliteFileDriver implements Driver {
  private readonly mutex = new ConnectionMutex();
  private readonly connection: DatabaseConnection;
  /** This connection holds the write lock for its open transaction. */
  private writing = false;
  private sliceStart = 0;

  constructor(
    private readonly file: SQLite.Database,
    private readonly options: SqliteConnectionOptions,
  ) {
    this.connection = {
      executeQuery: (query) => this.execute(query),
      streamQuery: (query) => this.stream(query),
    };
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.mutex.lock();
    return this.connection;
  }

  async releaseConnection(): Promise<void> {
    this.mutex.unlock();
  }

  async beginTransaction(): Promise<void> {
    await this.takeWriteLock();
    this.writing = true;
    this.sliceStart = performance.now();
    try {
      // IMMEDIATE: take SQLite's write lock now, waiting (busy_timeout) while another process
      // writes. A deferred BEGIN would read a snapshot first, and if another process (the admin
      // CLI, a second server on the file) committed before our first write, that write would fail
      // with SQLITE_BUSY_SNAPSHOT, which no waiting cures (docs/decisions/073). Within this
      // process the WriteLock already makes every transaction a writer, so nothing waits longer.
      this.file.exec('BEGIN IMMEDIATE');
    } catch (error) {
      this.writing = false;
      this.options.writeLock.release();
      throw error;
    }
  }

  async commitTransaction(): Promise<void> {
    this.file.exec('COMMIT');
    this.endWriting();
  }

  async rollbackTransaction(): Promise<void> {
    // When a COMMIT fails because the disk is full (SQLITE_FULL) or on an I/O error, SQLite has
    // rolled the transaction back already; a ROLLBACK would fail with "no transaction is active"
    // and that error would replace the real one.
    try {
      if (this.file.inTransaction) this.file.exec('ROLLBACK');
    } finally {
      this.endWriting();
    }
  }

  async destroy(): Promise<void> {
    this.file.close();
  }

  private endWriting(): void {
    if (!this.writing) return;
    this.writing = false;
    this.options.writeLock.release();
  }

  /**
   * Waits for the write lock without holding this connection (called while holding it): others
   * keep reading through it meanwhile. Nobody is inside a transaction of this connection then,
   * because whoever is would hold the write lock, and the caller holds the connection.
   */
  private async takeWriteLock(): Promise<void> {
    if (this.options.writeLock.tryTake()) return;
    this.mutex.unlock();
    try {
      await this.options.writeLock.take();
    } finally {
      await this.mutex.lock();
    }
  }

  private async execute<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.writing && this.options.sliceMs !== null && performance.now() - this.sliceStart >= this.options.sliceMs) {
      await yieldToEventLoop();
      this.sliceStart = performance.now();
    }
    const statement = this.file.prepare(query.sql);
    // A write outside a transaction takes the write lock for its one statement.
    const alone = !this.writing && !statement.readonly;
    if (alone) await this.takeWriteLock();
    try {
      if (statement.reader) return { rows: statement.all(query.parameters) as R[] };
      const { changes, lastInsertRowid } = statement.run(query.parameters);
      return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
    } finally {
      if (alone) this.options.writeLock.release();
    }
  }

  private async *stream<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query.query)) throw new Error('Sqlite driver only supports streaming of select queries');
    for (const row of this.file.prepare(query.sql).iterate(query.parameters)) yield { rows: [row as R] };
  }
}

/** Kysely's SQLite dialect over SqliteFileDriver. */
export class SqliteFileDialect extends SqliteDialect {
  constructor(
    private readonly file: SQLite.Database,
    private readonly options: SqliteConnectionOptions,
  ) {
    super({ database: file });
  }

  override createDriver(): Driver {
    return new SqliteFileDriver(this.file, this.options);
  }
}
