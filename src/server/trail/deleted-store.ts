import { sql, type Kysely } from 'kysely';
import { insertRows } from '../db/insert-rows';
import type { Database, DeletedRecordsTable } from '../db/schema';
import type { Row } from '../records/record-store';
import type { Actor } from './history-store';

/** Rows read per query while going through Deleted. */
const BATCH = 500;

function deletedEntry(collection: string, row: Row, deleted: string, by: Actor): DeletedRecordsTable {
  // `seq` is the table's insertion order: a restored record gets a new one, as a new record would.
  const { seq: _seq, ...columns } = row;
  return {
    collection,
    id: String(row.id),
    data: JSON.stringify(columns),
    deleted,
    deleted_by: by.id,
    deleted_by_name: by.name,
    nursery: String(row.nursery ?? ''),
  };
}

/**
 * The `deleted_records` table (migration 007, docs/decisions/034): a deleted order or run, its
 * whole row as it was, kept until it is restored or purged. Written only by the write path, in
 * the transaction of the delete, restore or purge (`db` is then that transaction).
 */
export class DeletedStore {
  /** `batch`: rows per query while going through Deleted (tests: a few, to cross batches). */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly batch = BATCH,
  ) {}

  async put(collection: string, row: Row, deleted: string, by: Actor): Promise<void> {
    await this.db
      .insertInto('deleted_records')
      .values(deletedEntry(collection, row, deleted, by))
      .execute();
  }

  /** Many records at once, each deleted at its own time (a bulk write, docs/decisions/048). */
  async putMany(collection: string, entries: ReadonlyArray<{ row: Row; deleted: string }>, by: Actor): Promise<void> {
    await insertRows(
      this.db,
      'deleted_records',
      entries.map((entry) => deletedEntry(collection, entry.row, entry.deleted, by)),
    );
  }

  async find(collection: string, id: string): Promise<DeletedRecordsTable | undefined> {
    return this.db.selectFrom('deleted_records').selectAll().where('collection', '=', collection).where('id', '=', id).executeTakeFirst();
  }

  /** Takes an entry out (restore, purge); false when it is not there (any more). */
  async remove(collection: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('deleted_records').where('collection', '=', collection).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * Every entry of `collections`, newest deleted first, read a batch at a time (keyset, so an
   * entry added or removed meanwhile neither repeats nor skips another).
   */
  async *newestFirst(collections: readonly string[], nursery: string | null): AsyncGenerator<DeletedRecordsTable> {
    if (collections.length === 0) return;
    let after: { deleted: string; collection: string; id: string } | null = null;
    for (;;) {
      let query = this.db.selectFrom('deleted_records').selectAll().where('collection', 'in', collections);
      if (nursery !== null) query = query.where('nursery', '=', nursery);
      if (after) {
        const { deleted, collection, id } = after;
        query = query.where(sql<boolean>`(deleted, collection, id) < (${deleted}, ${collection}, ${id})`);
      }
      const rows = await query.orderBy('deleted', 'desc').orderBy('collection', 'desc').orderBy('id', 'desc').limit(this.batch).execute();
      for (const row of rows) yield row;
      const last = rows.at(-1);
      if (!last || rows.length < this.batch) return;
      after = { deleted: last.deleted, collection: last.collection, id: last.id };
    }
  }

  /** The entries deleted before `cutoff`, oldest first, at most `limit`. */
  async expired(cutoff: string, limit: number): Promise<Array<Pick<DeletedRecordsTable, 'collection' | 'id'>>> {
    return this.db
      .selectFrom('deleted_records')
      .select(['collection', 'id'])
      .where('deleted', '<', cutoff)
      .orderBy('deleted', 'asc')
      .limit(limit)
      .execute();
  }
}

/** The stored row of an entry, as its table holds it. */
export function deletedRow(entry: DeletedRecordsTable): Row {
  return JSON.parse(entry.data) as Row;
}
