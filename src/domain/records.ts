// The top floor of src/domain (docs/decisions/060): a barrel that re-exports, for the server and
// the web app, the collection names, the enumerations and the record shapes exactly as the API
// sends them (PocketBase-compatible). Each lives in the module that owns it: the names in
// collections/registry.ts, each record type beside its declaration (collections/*.ts), each
// enumeration in vocabulary/*.ts. Nothing in src/domain imports this module, so it closes no
// import cycle; import from the owning module there.

export type { BaseRecord } from './collections/fields';
export { COLLECTIONS } from './collections/names';
export type { CollectionName } from './collections/registry';
export type { CustomerRecord } from './collections/customers';
export type { CustomerContactRecord } from './collections/customer-contacts';
export type { CustomerMailRecord } from './collections/customer-mail';
export type { InvitationRecord } from './collections/invitations';
export type { NurseryRecord } from './collections/nurseries';
export type { PlantLabelRecord } from './collections/plant-labels';
export type { PoolStatementRecord } from './collections/pool-statements';
export type { DropReport, RunDropRecord } from './collections/run-drops';
export type { StandingOrderRecord } from './collections/standing-orders';
export type { OrderRecord } from './collections/tasks';
export type { TrolleyExportRecord } from './collections/trolley-exports';
export type { TrolleyMovementRecord } from './collections/trolley-movements';
export type { UserSettingsRecord } from './collections/user-settings';
export type { UserRecord } from './collections/users';

export { BOARD_TYPES, type BoardType } from './vocabulary/board-type';
export { CUSTOMER_TYPES, type CustomerType } from './vocabulary/customer-type';
export { DAYS, type Day } from './vocabulary/day';
export { ORDER_STATUSES, type OrderStatus } from './vocabulary/order-status';
export { ROLES, type Role } from './vocabulary/role';
export { VEHICLE_TYPES, type VehicleType } from './vocabulary/vehicle-kind';

export { TERMS_VERSION, type TermsAgreement } from './accounts/current-terms';
export { WEEKDAY_HEADING_KEYS, type WeekHeadings, type WeekdayHeadingKey } from './settings/week-heading-keys';
export type { RunStop, VehicleInfo } from './trolleys/run-fields';
export type { AppConfig } from './app-config';
