import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { SqlDialect } from './filter/field-map';
import type { RecordStore, Row } from './record-store';

// The shape of a batch only, apart from the write path that makes one (write-path.ts), so that
// collection.ts (a CreateWith's `within`) can name it without importing the write path back.

/** The writes of one systemBatch transaction (RecordService.systemBatch). */
export interface WriteBatch {
  /** The transaction: reads and locks that must see the batch's own writes. */
  readonly db: Kysely<Database>;
  readonly store: RecordStore;
  readonly dialect: SqlDialect;
  /**
   * A new record (its id kept when one was chosen), stamped `created` and `updated`; with
   * `keepTimes`, the `created` and `updated` it brings are kept (records imported from
   * PocketBase, docs/decisions/048).
   */
  insert(collection: string, values: Row, options?: { keepTimes?: boolean }): Promise<Row>;
  /** Changes a record, compare-and-set against `existing.updated` (412 when changed meanwhile). */
  update(collection: string, existing: Row, changes: Row): Promise<Row>;
  delete(collection: string, existing: Row): Promise<void>;
  /**
   * The same change to many records (orders moved to another customer), as `update` each
   * (compare-and-set, history, each announced) but with a few statements for all of them: 412
   * and nothing written when any was changed meanwhile.
   */
  updateMany(collection: string, existing: readonly Row[], changes: Row): Promise<Row[]>;
  /**
   * New records in bulk (an import, docs/decisions/048), as `insert` each (ids, times, history)
   * but with multi-row INSERTs, and announced not one by one: after the commit every instance's
   * listeners resync once (EventBus.stageResync).
   */
  insertMany(collection: string, rows: readonly Row[], options?: InsertManyOptions): Promise<Row[]>;
  /** Records to Deleted in bulk, as `delete` each (compare-and-set, history), announced as insertMany's. */
  deleteMany(collection: string, existing: readonly Row[]): Promise<void>;
}

export interface InsertManyOptions {
  /** Keep the `created` and `updated` the rows bring (records imported from PocketBase). */
  keepTimes?: boolean;
  /**
   * How listeners hear of the new records: one resync of every instance's listeners (the default,
   * for an import of a whole installation), or each record as one `insert` announces it (a CSV
   * import into one nursery, whose board should not lose its live stream).
   */
  announce?: 'resync' | 'each';
}
