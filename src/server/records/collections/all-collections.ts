import type { CollectionName } from '#domain/collections/registry';
import type { Collection } from '../collection';
import { customerContactsCollection, customerMailCollection } from './customer-contacts';
import { balanceRepliesCollection } from './balance-replies';
import { customersCollection } from './customers';
import { invitationsCollection } from './invitations';
import { nurseriesCollection } from './nurseries';
import { roundsCollection, vehiclesCollection } from './fleet';
import { plantLabelsCollection } from './plant-labels';
import { poolStatementsCollection } from './pool-statements';
import { runDropsCollection } from './run-drops';
import { standingOrdersCollection } from './standing-orders';
import { tasksCollection } from './tasks';
import { trolleyExportsCollection } from './trolley-exports';
import { trolleyMovementsCollection } from './trolley-movements';
import { userSettingsCollection } from './user-settings';
import { usersCollection } from './users';

/**
 * The server's part of every registered collection (src/domain/collections/registry.ts), by name:
 * a collection registered without its server part — its access rules — does not compile
 * (docs/decisions/060).
 */
export const SERVER_COLLECTIONS = {
  nurseries: nurseriesCollection,
  users: usersCollection,
  tasks: tasksCollection,
  user_settings: userSettingsCollection,
  trolley_exports: trolleyExportsCollection,
  invitations: invitationsCollection,
  customers: customersCollection,
  trolley_movements: trolleyMovementsCollection,
  pool_statements: poolStatementsCollection,
  standing_orders: standingOrdersCollection,
  run_drops: runDropsCollection,
  plant_labels: plantLabelsCollection,
  vehicles: vehiclesCollection,
  rounds: roundsCollection,
  customer_contacts: customerContactsCollection,
  customer_mail: customerMailCollection,
  balance_replies: balanceRepliesCollection,
} as const satisfies { readonly [N in CollectionName]: Collection & { name: N } };

/** Every collection the server serves, for the server, the operator CLI and the demo seed alike. */
export const ALL_COLLECTIONS: readonly Collection[] = Object.values(SERVER_COLLECTIONS);
