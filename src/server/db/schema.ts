import type { CollectionDeclaration } from '#domain/collections/fields';
import type { customers } from '#domain/collections/customers';
import type { invitations } from '#domain/collections/invitations';
import type { nurseries } from '#domain/collections/nurseries';
import type { plantLabels } from '#domain/collections/plant-labels';
import type { poolStatements } from '#domain/collections/pool-statements';
import type { runDrops } from '#domain/collections/run-drops';
import type { standingOrders } from '#domain/collections/standing-orders';
import type { tasks } from '#domain/collections/tasks';
import type { trolleyExports } from '#domain/collections/trolley-exports';
import type { trolleyMovements } from '#domain/collections/trolley-movements';
import type { userSettings } from '#domain/collections/user-settings';
import type { users } from '#domain/collections/users';
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

/** E-mail addresses are always stored lower-case; `tokenKey` is part of every token's signing key. */
export type UsersTable = RowOf<typeof users>;
/** `deletePasswordHash` is '' for a nursery without a deletion password of its own. */
export type NurseriesTable = RowOf<typeof nurseries>;
export type TasksTable = RowOf<typeof tasks>;
/** `tokenHash` is the SHA-256 of the mailed token; the token itself is never stored. */
export type InvitationsTable = RowOf<typeof invitations>;
export type CustomersTable = RowOf<typeof customers>;
export type TrolleyMovementsTable = RowOf<typeof trolleyMovements>;
/** `mapping` and `rows` are JSON text (migration 013). */
export type PoolStatementsTable = RowOf<typeof poolStatements>;
/** One per stop of a dispatched run (migration 014, docs/decisions/042). */
export type RunDropsTable = RowOf<typeof runDrops>;

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
export type StandingOrdersTable = RowOf<typeof standingOrders>;
export type UserSettingsTable = RowOf<typeof userSettings>;
export type TrolleyExportsTable = RowOf<typeof trolleyExports>;
/** The plant-label list (migration 019, docs/decisions/057). */
export type PlantLabelsTable = RowOf<typeof plantLabels>;

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

/** A driver's link to one run (migration 016, docs/decisions/044): hashes only, never the code or secret. */
export interface DriverLinksTable {
  id: string;
  nursery: string;
  run: string;
  codeHash: string;
  secretHash: string;
  /** ISO time after which the link opens nothing. */
  expires: string;
  /** '' while the link works. */
  revokedAt: string;
  revokedBy: string;
  createdBy: string;
  created: string;
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

export interface Database {
  nurseries: NurseriesTable;
  invitations: InvitationsTable;
  users: UsersTable;
  tasks: TasksTable;
  user_settings: UserSettingsTable;
  trolley_exports: TrolleyExportsTable;
  customers: CustomersTable;
  trolley_movements: TrolleyMovementsTable;
  trolley_balances: TrolleyBalancesTable;
  pool_statements: PoolStatementsTable;
  standing_orders: StandingOrdersTable;
  run_drops: RunDropsTable;
  throttles: ThrottlesTable;
  realtime_outbox: RealtimeOutboxTable;
  record_history: RecordHistoryTable;
  deleted_records: DeletedRecordsTable;
  job_claims: JobClaimsTable;
  driver_links: DriverLinksTable;
  stored_files: StoredFilesTable;
  imported_records: ImportedRecordsTable;
  chosen_ids: ChosenIdsTable;
  plant_labels: PlantLabelsTable;
}
