// Collection names, enumerations and record shapes exactly as the API sends them
// (PocketBase-compatible). Field names follow the original app because existing data and the SDK
// use them. The record shapes are read from each collection's declaration (collections/*.ts);
// only the shapes inside JSON fields (a run's stops, its vehicle, the terms agreement) are written
// out here.

export type { BaseRecord } from './collections/fields';
import type { COLLECTIONS as REGISTERED } from './collections/registry';
export type { CollectionName } from './collections/registry';
export type { CustomerRecord } from './collections/customers';
export type { NurseryRecord } from './collections/nurseries';
export type { PlantLabelRecord } from './collections/plant-labels';
export type { DropReport, RunDropRecord } from './collections/run-drops';
export type { StandingOrderRecord } from './collections/standing-orders';
export type { OrderRecord } from './collections/tasks';
export type { TrolleyExportRecord } from './collections/trolley-exports';
export type { TrolleyMovementRecord } from './collections/trolley-movements';
export type { UserSettingsRecord } from './collections/user-settings';
export type { UserRecord } from './collections/users';

// Until the enumerations leave this module, the declarations import it at run time, so it cannot
// import the registry's value back: the names are repeated here and the compiler keeps them equal.
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
} as const satisfies typeof REGISTERED;

export const TERMS_VERSION = 'v1.0';

export interface TermsAgreement {
  agreed: boolean;
  /** ISO time at which the user agreed. */
  timestamp: string;
  version: string;
}

/**
 * What a member of a nursery may do (docs/decisions/036): admin (the nursery's people and
 * settings, and all below), office (also deletes, with the deletion password), staff (create and
 * edit orders, statuses and runs), viewer (read-only: a yard screen or a driver's phone).
 */
export const ROLES = ['admin', 'office', 'staff', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

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

/** Public, non-secret settings the server tells the web app (GET /api/app-config). */
export interface AppConfig {
  supportEmail: string;
  appUrl: string;
  /** Whether the operator set APP_URL: a default one is a loopback address no phone can open. */
  appUrlConfigured: boolean;
  /** Who may sign up: anyone (`open`), or only people an admin invites (`invite`, docs/decisions/035). */
  signup: 'open' | 'invite';
}
