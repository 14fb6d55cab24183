import { sql, type Kysely } from 'kysely';
import type { FieldChange, HistoryAction, HistoryEntry } from '#domain/history/record-history';
import { insertRows } from '../db/insert-rows';
import type { Database, RecordHistoryTable } from '../db/schema';
import { newRecordId } from '../records/ids';
import { parseJsonColumn } from '../records/record-mapping';
import { Slicer } from '../slices';

/** Who made a change as history names them: a person (id and username) or the operator (id ''). */
export interface Actor {
  id: string;
  name: string;
}

/** One change to record, as the write path knows it. */
export interface HistoryWrite {
  collection: string;
  record: string;
  action: HistoryAction;
  /** The change's own time stamp (the record's new `updated`, or when it was deleted). */
  at: string;
  actor: Actor;
  changes: FieldChange[];
}

function historyRow(entry: HistoryWrite): RecordHistoryTable {
  return {
    id: newRecordId(),
    collection: entry.collection,
    record: entry.record,
    action: entry.action,
    at: entry.at,
    actor: entry.actor.id,
    actor_name: entry.actor.name,
    changes: JSON.stringify(entry.changes),
  };
}

/** A page of one record's history, oldest first. */
export interface HistoryPage {
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
  items: HistoryEntry[];
}

/**
 * The `record_history` table (migration 007, docs/decisions/034). Written only by the write path,
 * inside the transaction of the change it describes (`db` is then that transaction); read for a
 * record its caller may view.
 */
export class HistoryStore {
  constructor(private readonly db: Kysely<Database>) {}

  async add(entry: HistoryWrite): Promise<void> {
    await this.db.insertInto('record_history').values(historyRow(entry)).execute();
  }

  /** Many entries with multi-row INSERTs (a bulk write, docs/decisions/048). */
  async addMany(entries: readonly HistoryWrite[]): Promise<void> {
    // Each entry's JSON is made in slices, leaving the event loop to others (docs/decisions/053).
    const rows: ReturnType<typeof historyRow>[] = [];
    const slicer = new Slicer();
    for (const entry of entries) {
      rows.push(historyRow(entry));
      await slicer.pause();
    }
    await insertRows(this.db, 'record_history', rows);
  }

  /** One page of one record's history, oldest first, and how many entries it has in all. */
  async page(
    collection: string,
    record: string,
    page: number,
    perPage: number,
  ): Promise<{ rows: RecordHistoryTable[]; totalItems: number }> {
    const where = this.db.selectFrom('record_history').where('collection', '=', collection).where('record', '=', record);
    const counted = await where.select(sql<number>`count(*)`.as('n')).executeTakeFirst();
    const rows = await where
      .selectAll()
      .orderBy('at', 'asc')
      .orderBy('id', 'asc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute();
    return { rows, totalItems: Number(counted?.n ?? 0) };
  }

  /** Every entry of these records (a purge: gone for good, history too). */
  async removeFor(collection: string, records: readonly string[]): Promise<void> {
    if (records.length === 0) return;
    await this.db.deleteFrom('record_history').where('collection', '=', collection).where('record', 'in', records).execute();
  }
}

/** A stored entry as the API sends it; `names` maps a person's id to today's username. */
export function historyEntryOf(row: RecordHistoryTable, names: ReadonlyMap<string, string>): HistoryEntry {
  return {
    id: row.id,
    collectionName: row.collection,
    record: row.record,
    action: row.action as HistoryAction,
    at: row.at,
    by: row.actor,
    byName: (row.actor !== '' ? names.get(row.actor) : undefined) ?? row.actor_name,
    changes: parseJsonColumn<FieldChange[]>(row.changes, []),
  };
}
