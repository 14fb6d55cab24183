import type { CollectionDeclaration } from '#domain/collections/fields';
import type { Registry } from '#domain/collections/registry';
import type { ColumnType } from 'kysely';

// Row shapes as stored. SQLite returns booleans as 0/1 and PostgreSQL as true/false, so they are
// read through `Boolean(...)`. JSON fields are stored as text and parsed by the record mapping.
type Bool = ColumnType<number | boolean, number | boolean, number | boolean>;
// Every table also has `seq` (migration 002): insertion order, set by the database, used only by
// RecordStore.list as the order of unsorted lists and the last tiebreaker, never shown to clients.

/**
 * A collection's row as stored, read from its declaration (src/domain/collections): the base
 * columns, then each field under its column (a password under its hash's), text for text, select,
 * relation, date and JSON (parsed by the record mapping), numbers, and booleans as `Bool`.
 */
type RowOf<C> = Flatten<
  { id: string; created: string; updated: string } & {
    -readonly [
      K in keyof FieldsOf<C> as FieldsOf<C>[K] extends { column: infer Column extends string } ? Column : K
    ]: FieldsOf<C>[K] extends { kind: 'file' }
      ? // The stored names (migration 015): the column's default holds none, so an insert may leave it out.
        ColumnType<string, string | undefined, string>
      : FieldsOf<C>[K] extends {
            kind: 'number';
          }
        ? number
        : FieldsOf<C>[K] extends { kind: 'bool' }
          ? Bool
          : string;
  }
>;
type FieldsOf<C> = C extends CollectionDeclaration<infer Fields> ? Fields : never;
type Flatten<T> = { [K in keyof T]: T[K] } & {};

/**
 * Every collection's table, read from the registry (src/domain/collections/registry.ts): a
 * collection registered there has its row type here without a line of its own.
 */
type CollectionTables = { [K in keyof Registry as Registry[K]['name']]: RowOf<Registry[K]> };

/**
 * E-mail addresses are always stored lower-case; `tokenKey` is part of every token's signing key;
 * `tokenHash` (invitations) is the SHA-256 of the mailed token, never the token itself.
 */
export type UsersTable = CollectionTables['users'];
/** `deletePasswordHash` is '' for a nursery without a deletion password of its own. */
export type NurseriesTable = CollectionTables['nurseries'];

/**
 * What each customer holds (migration 011, docs/decisions/038): kept by triggers on
 * `trolley_movements` in the transaction of each change, so balances cost one row per customer to read.
 */
export interface TrolleyBalancesTable {
  nursery: string;
  customer: string;
  trolleys: number;
  shelves: number;
  extensions: number;
  /** The first day of the unbroken run of days the customer has held something (YYYY-MM-DD); '' when nothing. */
  since: string;
}
export interface ThrottlesTable {
  key: string;
  count: number;
  /** End of the counting window, ms since the epoch (PostgreSQL bigint comes back as text: read through Number). */
  resetsAt: ColumnType<number | string, number, number>;
}

export interface RealtimeOutboxTable {
  id: string;
  createdAt: ColumnType<number | string, number, number>;
  /** JSON of a deleted record too large for a NOTIFY payload. */
  payload: string;
}

/** One change of an order or a run (migration 007, docs/decisions/034). */
export interface RecordHistoryTable {
  id: string;
  collection: string;
  record: string;
  action: string;
  at: string;
  /** The person's id; '' for the operator. */
  actor: string;
  /** Their username at the time, or "operator (CLI)". */
  actor_name: string;
  /** JSON: [{ field, from, to }]. */
  changes: string;
}

/** A deleted order or run, kept until restored or purged (migration 007). */
export interface DeletedRecordsTable {
  collection: string;
  id: string;
  /** JSON of every column of the row as it was. */
  data: string;
  deleted: string;
  deleted_by: string;
  deleted_by_name: string;
  /** The record's nursery (migration 009): a nursery's Deleted page reads only its own. */
  nursery: string;
}

/** A job one instance of several runs at a time (migration 007): the purge of old deleted records. */
export interface JobClaimsTable {
  name: string;
  /** ms since the epoch (PostgreSQL bigint comes back as text: read through Number). */
  next_at: ColumnType<number | string, number, number>;
  claimed_by: string;
  claimed_at: ColumnType<number | string, number, number>;
}

/** The columns every scoped link's table has (src/server/scoped-links): hashes only, never a code or secret. */
export interface ScopedLinkColumns {
  id: string;
  nursery: string;
  secretHash: string;
  /** ISO time after which the link opens nothing; each mail moves a balance link's on. */
  expires: string;
  /** '' while the link works. */
  revokedAt: string;
  revokedBy: string;
  createdBy: string;
  created: string;
}

/** A driver's link to one run (migration 016, docs/decisions/044). */
export interface DriverLinksTable extends ScopedLinkColumns {
  run: string;
  codeHash: string;
}

/** A customer's balance link (migration 024, docs/decisions/078). */
export interface BalanceLinksTable extends ScopedLinkColumns {
  customer: string;
}

/** A file's bytes in the database (migration 015): the PostgreSQL file store (docs/decisions/043). */
export interface StoredFilesTable {
  /** The collection's id, as in the file's address. */
  collection: string;
  record: string;
  name: string;
  data: Uint8Array;
  size: number;
  created: string;
}

/** A record `import-pocketbase` brought in (migration 018, docs/decisions/048): where it came from, where it went. */
export interface ImportedRecordsTable {
  nursery: string;
  source: string;
  sourceId: string;
  collection: string;
  recordId: string;
  importedAt: string;
}

/** What a create that chose its record's id asked for (migration 019, docs/decisions/054). */
export interface ChosenIdsTable {
  collection: string;
  id: string;
  /** sha256 of the create's body as the validators read it (chosen-id.ts `createDigest`). */
  digest: string;
}

/** Every table: the collections' (from the registry), then those that hold no collection's records. */
export interface Database extends CollectionTables {
  trolley_balances: TrolleyBalancesTable;
  throttles: ThrottlesTable;
  realtime_outbox: RealtimeOutboxTable;
  record_history: RecordHistoryTable;
  deleted_records: DeletedRecordsTable;
  job_claims: JobClaimsTable;
  driver_links: DriverLinksTable;
  balance_links: BalanceLinksTable;
  stored_files: StoredFilesTable;
  imported_records: ImportedRecordsTable;
  chosen_ids: ChosenIdsTable;
}
