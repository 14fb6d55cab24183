import type { ColumnType } from 'kysely';

// Row shapes as stored. SQLite returns booleans as 0/1 and PostgreSQL as true/false, so they are
// read through `Boolean(...)`. JSON fields are stored as text and parsed by the collection code.
type Bool = ColumnType<number | boolean, number | boolean, number | boolean>;
// Every table also has `seq` (migration 002): insertion order, set by the database, used only by
// RecordStore.list as the order of unsorted lists and the last tiebreaker, never shown to clients.

export interface UsersTable {
  id: string;
  created: string;
  updated: string;
  username: string;
  /** Always stored lower-case. */
  email: string;
  emailVisibility: Bool;
  verified: Bool;
  passwordHash: string;
  /** Part of every token's signing key; changing it invalidates all earlier tokens. */
  tokenKey: string;
  /** JSON text of TermsAgreement, or '' when never agreed. */
  termsAgreement: string;
}

export interface TasksTable {
  id: string;
  created: string;
  updated: string;
  title: string;
  day: string;
  postcode: string;
  orderNumber: string;
  customerType: string;
  other: string;
  weekNumber: number;
  year: number;
  orderInfo: string;
  status: string;
  trollies: string;
  extras: string;
  user: string;
}

export interface UserSettingsTable {
  id: string;
  created: string;
  updated: string;
  user: string;
  settings_json: string;
}

export interface TrolleyExportsTable {
  id: string;
  created: string;
  updated: string;
  name: string;
  data: string;
  vehicleInfo: string;
  user: string;
}

export interface Database {
  users: UsersTable;
  tasks: TasksTable;
  user_settings: UserSettingsTable;
  trolley_exports: TrolleyExportsTable;
}
