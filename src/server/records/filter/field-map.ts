// The contract between a collection and the filter/sort parser: which API field names a client may
// use, the SQL column each one reads, and how its values are stored. Column names come only from
// here, never from the client's text.

export type FieldType = 'text' | 'number' | 'bool' | 'date' | 'json' | 'relation';

export interface FieldSpec {
  column: string;
  type: FieldType;
  /** A trigram index that narrows `~` on this field before LIKE gives the exact answer (docs/decisions/010). */
  textIndex?: TextIndex;
  /**
   * Most characters a text value may have, as the collection's validation allows: what a filter
   * condition on the field may read per record (filter-cost.ts). Short texts may leave it out.
   */
  maxLength?: number;
}

/**
 * Where a field's trigram index is. SQLite: an FTS5 table (tokenizer trigram) whose rowid is the
 * collection table's rowid, with a column of the same text. PostgreSQL needs nothing here: its
 * pg_trgm index is on the very expression the compiler writes, so the planner finds it.
 */
export interface TextIndex {
  ftsTable: string;
  ftsColumn: string;
}

/** API field name -> SQL column + type. */
export type FieldMap = Readonly<Record<string, FieldSpec>>;

export type SqlDialect = 'sqlite' | 'postgres';

/**
 * A filter or sort the client sent is unusable. The message is written for the person who wrote
 * the filter (the records routes answer 400 with it), e.g. `Invalid filter: unknown field "colour".`
 */
export class FilterError extends Error {
  override name = 'FilterError';

  /** Set for refusals that name themselves in the answer's `data.filter` (e.g. a filter too costly). */
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * The field's spec, or undefined. Own properties only, so names such as "constructor" or
 * "__proto__" are unknown fields rather than something inherited from Object.prototype.
 */
export function lookUpField(fields: FieldMap, name: string): FieldSpec | undefined {
  return Object.hasOwn(fields, name) ? fields[name] : undefined;
}
