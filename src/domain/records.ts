// Collection names, enumerations and record shapes exactly as the API sends them
// (PocketBase-compatible). Field names follow the original app because existing data and the SDK
// use them. The record shapes are read from each collection's declaration (collections/*.ts);
// only the shapes inside JSON fields (a run's stops, its vehicle, the terms agreement) are written
// out here.

import type { RecordOf } from './collections/fields';
import type { customers } from './collections/customers';
import type { nurseries } from './collections/nurseries';
import type { plantLabels } from './collections/plant-labels';
import type { runDrops } from './collections/run-drops';
import type { standingOrders } from './collections/standing-orders';
import type { tasks } from './collections/tasks';
import type { trolleyExports } from './collections/trolley-exports';
import type { trolleyMovements } from './collections/trolley-movements';
import type { userSettings } from './collections/user-settings';
import type { users } from './collections/users';
import type { VehicleType } from './vocabulary/vehicle-kind';

export type { BaseRecord } from './collections/fields';

export const COLLECTIONS = {
  nurseries: 'nurseries',
  invitations: 'invitations',
  users: 'users',
  tasks: 'tasks',
  userSettings: 'user_settings',
  trolleyExports: 'trolley_exports',
  customers: 'customers',
  trolleyMovements: 'trolley_movements',
  poolStatements: 'pool_statements',
  standingOrders: 'standing_orders',
  runDrops: 'run_drops',
  plantLabels: 'plant_labels',
} as const;
export type CollectionName = (typeof COLLECTIONS)[keyof typeof COLLECTIONS];

export const TERMS_VERSION = 'v1.0';

export interface TermsAgreement {
  agreed: boolean;
  /** ISO time at which the user agreed. */
  timestamp: string;
  version: string;
}

export type UserRecord = RecordOf<typeof users>;

export { ROLES, type Role } from './vocabulary/role';

/** A customer of a nursery (collection `customers`). */
export type CustomerRecord = RecordOf<typeof customers>;

/** One movement of a customer's trolleys, shelves and extensions (collection `trolley_movements`). */
export type TrolleyMovementRecord = RecordOf<typeof trolleyMovements>;
/** A customer's repeating order (collection `standing_orders`, docs/decisions/039). */
export type StandingOrderRecord = RecordOf<typeof standingOrders>;

/** What happened at one stop of a dispatched run (collection `run_drops`, docs/decisions/042). */
export type RunDropRecord = RecordOf<typeof runDrops>;
/** What is recorded at a drop, by the driver's phone or the office: the fields both send. */
export type DropReport = Pick<
  RunDropRecord,
  'stop' | 'outcome' | 'reason' | 'receivedBy' | 'trolleysBack' | 'shelvesBack' | 'extensionsBack'
>;

/** A plant on the nursery's plant-label list (collection `plant_labels`, docs/decisions/057). */
export type PlantLabelRecord = RecordOf<typeof plantLabels>;

/** A nursery (organisation): every record of every other collection belongs to one. */
export type NurseryRecord = RecordOf<typeof nurseries>;

export { DAYS, type Day } from './vocabulary/day';
export { CUSTOMER_TYPES, type CustomerType } from './vocabulary/customer-type';
export { BOARD_TYPES, type BoardType } from './vocabulary/board-type';
export { ORDER_STATUSES, type OrderStatus } from './vocabulary/order-status';

/** An order (collection `tasks`). */
export type OrderRecord = RecordOf<typeof tasks>;

export const WEEKDAY_HEADING_KEYS = [
  'monday_heading',
  'tuesday_heading',
  'wednesday_heading',
  'thursday_heading',
  'friday_heading',
  'saturday_heading',
  'sunday_heading',
] as const;
export type WeekdayHeadingKey = (typeof WEEKDAY_HEADING_KEYS)[number];
export type WeekHeadings = Partial<Record<WeekdayHeadingKey, string>>;

export type UserSettingsRecord = RecordOf<typeof userSettings>;

/** One customer stop on a run. All strings, as the spec stores them. */
export interface RunStop {
  id: string;
  title: string;
  postcode: string;
  trollies: string;
  extras: string;
  orderNumber: string;
}

export { VEHICLE_TYPES, type VehicleType } from './vocabulary/vehicle-kind';

export interface VehicleInfo {
  driver: string;
  reg: string;
  code: string;
  /** yyyy-mm-dd */
  date: string;
  vehicleType: VehicleType;
  trolleyNumber: number;
  grid: string[];
}

/** A saved run (collection `trolley_exports`). */
export type TrolleyExportRecord = RecordOf<typeof trolleyExports>;

/** Public, non-secret settings the server tells the web app (GET /api/app-config). */
export interface AppConfig {
  supportEmail: string;
  appUrl: string;
  /** Whether the operator set APP_URL: a default one is a loopback address no phone can open. */
  appUrlConfigured: boolean;
  /** Who may sign up: anyone (`open`), or only people an admin invites (`invite`, docs/decisions/035). */
  signup: 'open' | 'invite';
}
