import type { Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * Bound parameters per statement: under SQLite's limit (32,766 since 3.32) and PostgreSQL's
 * (65,535), with room to spare.
 */
const MAX_PARAMETERS = 30_000;
/**
 * Rows per statement at most, however few their columns: a statement stays a size both parse
 * quickly, and on SQLite, where each statement runs on the event loop, 100 orders (with their
 * search index) take ~15 ms, so a write batch pauses for others between two (docs/decisions/053).
 */
const MAX_ROWS = 100;

/**
 * Inserts `rows` into `table` with multi-row parameterised INSERTs, as few as the parameter limits
 * allow (a bulk write, e.g. an import: docs/decisions/048). Rows with different sets of columns go
 * in different statements, so a column a row leaves out keeps its default. Column names come from
 * the caller's code (a collection's field map), never from request text.
 */
export async function insertRows(db: Kysely<Database>, table: string, rows: readonly object[]): Promise<void> {
  // Any of our tables by name, as RecordStore does: the callers' row types hold at their boundary.
  const loose = db as unknown as Kysely<Record<string, object>>;
  const byColumns = new Map<string, object[]>();
  for (const row of rows) {
    const key = Object.keys(row).join('\u0000');
    const group = byColumns.get(key);
    if (group) group.push(row);
    else byColumns.set(key, [row]);
  }
  for (const [key, group] of byColumns) {
    const perStatement = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMETERS / Math.max(1, key.split('\u0000').length))));
    for (let i = 0; i < group.length; i += perStatement)
      await loose
        .insertInto(table)
        .values(group.slice(i, i + perStatement))
        .execute();
  }
}
