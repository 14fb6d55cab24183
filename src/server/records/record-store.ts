import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { ClientReads } from '../db/client-reads';
import { insertRows } from '../db/insert-rows';
import type { Database } from '../db/schema';
import type { SqlDialect } from './filter/field-map';
import { Slicer } from '../slices';

/** Records per DELETE of deleteMany, and per UPDATE of updateMany (two parameters each). */
const DELETE_CHUNK = 500;

/** A row as the generic store sees it; each collection gives it a real shape. */
export type Row = Record<string, unknown>;

export interface ListOptions {
  where: RawBuilder<SqlBool>[];
  sort: Array<{ column: string; direction: 'asc' | 'desc' }>;
  page: number;
  perPage: number;
  skipTotal: boolean;
  /** Who asks (a user id, '' for visitors), so one caller's reads cannot take every reader. */
  caller?: string;
}

export interface ListResult {
  rows: Row[];
  totalItems: number;
}

/**
 * Table-agnostic reads and writes shared by every collection. Column names always come from a
 * collection's field map, never from request text, and values are always bound parameters.
 */
export class RecordStore {
  // The store works on any of our tables by name, so it needs an untyped view of the database;
  // the collection modules restore the row types at their boundary.
  private readonly loose: Kysely<Record<string, Row>>;

  /**
   * With `reads`, lists run there (off the event loop, within a time limit: client reads,
   * docs/decisions/017); without, on `db` (lookups by the server itself, and transactions).
   */
  constructor(
    db: Kysely<Database>,
    private readonly dialect: SqlDialect,
    private readonly reads?: ClientReads,
  ) {
    this.loose = db as unknown as Kysely<Record<string, Row>>;
  }

  /** SQLite has no boolean type: it stores 0/1, PostgreSQL stores real booleans. */
  private storable(values: Row): Row {
    if (this.dialect !== 'sqlite') return values;
    const out: Row = {};
    for (const [key, value] of Object.entries(values)) out[key] = typeof value === 'boolean' ? Number(value) : value;
    return out;
  }

  async list(table: string, options: ListOptions): Promise<ListResult> {
    // The reader's row check goes first, so it runs for every row before any costly condition.
    const where = this.reads?.rowCheck ? [this.reads.rowCheck, ...options.where] : options.where;
    const condition =
      where.length > 0
        ? sql.join(
            where.map((w) => sql`(${w})`),
            sql` AND `,
          )
        : sql`1 = 1`;
    let query = this.loose
      .selectFrom(table)
      .selectAll()
      .where(sql<SqlBool>`${condition}`);
    for (const { column, direction } of options.sort) query = query.orderBy(sql.ref(column), direction);
    // Insertion order, as PocketBase: the whole order without `sort`, else the final tiebreaker,
    // so pages never repeat or skip records with equal sort keys (migration 002).
    query = query.orderBy(sql.ref('seq'), 'asc');
    const page = query.limit(options.perPage).offset((options.page - 1) * options.perPage);
    const count = this.loose
      .selectFrom(table)
      .select(sql<number>`count(*)`.as('n'))
      .where(sql<SqlBool>`${condition}`);
    if (this.reads) {
      const queries = options.skipTotal ? [page.compile()] : [page.compile(), count.compile()];
      const [rows = [], counted = []] = await this.reads.read(queries, options.caller ?? '');
      return { rows, totalItems: options.skipTotal ? -1 : Number(counted[0]?.n ?? 0) };
    }
    const rows = await page.execute();
    const counted = options.skipTotal ? undefined : await count.executeTakeFirst();
    return { rows, totalItems: options.skipTotal ? -1 : Number(counted?.n ?? 0) };
  }

  async findById(table: string, id: string): Promise<Row | undefined> {
    return this.loose.selectFrom(table).selectAll().where(sql.ref('id'), '=', id).executeTakeFirst();
  }

  async findOne(table: string, column: string, value: unknown): Promise<Row | undefined> {
    return this.loose.selectFrom(table).selectAll().where(sql.ref(column), '=', value).limit(1).executeTakeFirst();
  }

  async insert(table: string, row: Row): Promise<void> {
    await this.loose.insertInto(table).values(this.storable(row)).execute();
  }

  /** Inserts many rows with multi-row INSERTs (a bulk write: insertRows). */
  async insertMany(table: string, rows: readonly Row[]): Promise<void> {
    // Thousands of rows are made storable in slices, leaving the event loop to others (docs/decisions/053).
    const storable: Row[] = [];
    const slicer = new Slicer();
    for (const row of rows) {
      storable.push(this.storable(row));
      await slicer.pause();
    }
    await insertRows(this.loose as unknown as Kysely<Database>, table, storable);
  }

  /**
   * Deletes these records, each only when nobody changed it meanwhile (its `updated` as given);
   * answers how many were deleted.
   */
  async deleteMany(table: string, rows: ReadonlyArray<{ id: string; updated: string }>): Promise<number> {
    let deleted = 0;
    for (let i = 0; i < rows.length; i += DELETE_CHUNK) {
      const chunk = rows.slice(i, i + DELETE_CHUNK);
      const pairs = sql.join(chunk.map((row) => sql`(${row.id}, ${row.updated})`));
      const result = await sql`DELETE FROM ${sql.table(table)} WHERE (id, updated) IN (VALUES ${pairs})`.execute(this.loose);
      deleted += Number(result.numAffectedRows ?? 0);
    }
    return deleted;
  }

  /**
   * Sets the same `values` on many records, each stamped with its own new `updated` and only
   * when nobody changed it meanwhile (its `expected` as read); answers how many were updated.
   */
  async updateMany(table: string, values: Row, rows: ReadonlyArray<{ id: string; expected: string; updated: string }>): Promise<number> {
    // Records read at once usually get the same new stamp: one statement a stamp and a chunk.
    const byStamp = new Map<string, Array<{ id: string; expected: string }>>();
    for (const row of rows) {
      const group = byStamp.get(row.updated);
      if (group) group.push(row);
      else byStamp.set(row.updated, [row]);
    }
    let updated = 0;
    for (const [stamp, group] of byStamp)
      for (let i = 0; i < group.length; i += DELETE_CHUNK) {
        const pairs = sql.join(group.slice(i, i + DELETE_CHUNK).map((row) => sql`(${row.id}, ${row.expected})`));
        const result = await this.loose
          .updateTable(table)
          .set(this.storable({ ...values, updated: stamp }))
          .where(sql<SqlBool>`(id, updated) IN (VALUES ${pairs})`)
          .executeTakeFirst();
        updated += Number(result.numUpdatedRows);
      }
    return updated;
  }

  /**
   * Updates one record. With `expectedUpdated`, only when nobody changed it meanwhile (docs/decisions/025);
   * returns false when no row matched.
   */
  async update(table: string, id: string, values: Row, expectedUpdated?: string): Promise<boolean> {
    let query = this.loose.updateTable(table).set(this.storable(values)).where(sql.ref('id'), '=', id);
    if (expectedUpdated !== undefined) query = query.where(sql.ref('updated'), '=', expectedUpdated);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Deletes one record; with `expectedUpdated`, only when nobody changed it meanwhile (docs/decisions/025). */
  async delete(table: string, id: string, expectedUpdated?: string): Promise<boolean> {
    let query = this.loose.deleteFrom(table).where(sql.ref('id'), '=', id);
    if (expectedUpdated !== undefined) query = query.where(sql.ref('updated'), '=', expectedUpdated);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
