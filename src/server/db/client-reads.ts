// Client reads (list and search requests) run where a slow one costs only its own caller
// (docs/decisions/010, docs/decisions/017): on SQLite in worker threads (sqlite-read-pool.ts), on PostgreSQL in
// a read-only transaction with a statement timeout. Both stop a read at its time limit and say so
// with ReadRefused; writes, transactions and the server's own lookups stay on the main connection.

import { sql, type CompiledQuery, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from './schema';

export type ReadRow = Record<string, unknown>;

/** A list answers, or is refused, within this time (docs/decisions/010's target is 2 s, queueing included). */
export const DEFAULT_READ_TIME_LIMIT_MS = 1500;
/** SQLite worker threads at most: one for a slow read, one for everyone else, on a 2-core machine. */
export const DEFAULT_READ_WORKERS = 2;

/** Why a client read gave no answer: it ran out of time, or never got a reader in time. */
export class ReadRefused extends Error {
  override name = 'ReadRefused';

  constructor(
    readonly reason: 'time-limit' | 'busy',
    readonly limitMs: number,
  ) {
    super(reason === 'time-limit' ? `read stopped at its time limit of ${limitMs} ms` : `no reader was free within ${limitMs} ms`);
  }
}

export interface ClientReads {
  /**
   * A condition to put first in the WHERE clause of every client read, true for every row, through
   * which a read can be stopped between two rows (SQLite); null where the database stops
   * statements itself (PostgreSQL).
   */
  readonly rowCheck: RawBuilder<SqlBool> | null;
  /**
   * Runs the queries in one snapshot within the time limit and returns the rows of each.
   * `caller` (a user id, or '' for visitors) keeps one caller's reads from taking every reader.
   * @throws ReadRefused when the time limit passed first.
   */
  read(queries: readonly CompiledQuery[], caller: string): Promise<ReadRow[][]>;
  close(): Promise<void>;
}

/** PostgreSQL's code for a statement cancelled by statement_timeout. */
const QUERY_CANCELED = '57014';

/**
 * PostgreSQL runs each query on a pool connection, so a slow one never blocks the event loop; it
 * still holds that connection and a CPU of the database server. `statement_timeout`, set for
 * this transaction only, gives each statement the time left of the read.
 */
export class PostgresClientReads implements ClientReads {
  readonly rowCheck = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly timeLimitMs: number,
  ) {}

  async read(queries: readonly CompiledQuery[]): Promise<ReadRow[][]> {
    const deadline = performance.now() + this.timeLimitMs;
    try {
      return await this.db
        .transaction()
        .setAccessMode('read only')
        .execute(async (trx) => {
          const results: ReadRow[][] = [];
          for (const query of queries) {
            const left = Math.max(1, Math.ceil(deadline - performance.now()));
            await sql`SELECT set_config('statement_timeout', ${String(left)}, true)`.execute(trx);
            results.push((await trx.executeQuery<ReadRow>(query)).rows);
          }
          return results;
        });
    } catch (error) {
      if ((error as { code?: unknown }).code === QUERY_CANCELED) throw new ReadRefused('time-limit', this.timeLimitMs);
      throw error;
    }
  }

  async close(): Promise<void> {}
}
