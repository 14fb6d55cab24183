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

/**
 * What a member of a nursery may do (docs/decisions/036): admin (the nursery's people and
 * settings, and all below), office (also deletes, with the deletion password), staff (create and
 * edit orders, statuses and runs), viewer (read-only: a yard screen or a driver's phone).
 */
export const ROLES = ['admin', 'office', 'staff', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

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

export const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Day = (typeof DAYS)[number];

export const CUSTOMER_TYPES = ['wholesale', 'retail', 'missed', 'other'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

/** Board type: none = Whiteboard, holding = Holding, collect = Collect. */
export const BOARD_TYPES = ['none', 'holding', 'collect'] as const;
export type BoardType = (typeof BOARD_TYPES)[number];

/** Loading status; "missed" is shown to staff as "Query". */
export const ORDER_STATUSES = ['', 'working', 'missed', 'pulled', 'loaded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

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

export const VEHICLE_TYPES = ['lorry', 'trailer'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];

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
