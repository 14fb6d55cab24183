import type { Collection } from '../collection';
import { customersCollection } from './customers';
import { invitationsCollection } from './invitations';
import { nurseriesCollection } from './nurseries';
import { plantLabelsCollection } from './plant-labels';
import { poolStatementsCollection } from './pool-statements';
import { runDropsCollection } from './run-drops';
import { standingOrdersCollection } from './standing-orders';
import { tasksCollection } from './tasks';
import { trolleyExportsCollection } from './trolley-exports';
import { trolleyMovementsCollection } from './trolley-movements';
import { userSettingsCollection } from './user-settings';
import { usersCollection } from './users';

/** Every collection the server serves, for the server, the operator CLI and the demo seed alike. */
export const ALL_COLLECTIONS: readonly Collection[] = [
  nurseriesCollection,
  usersCollection,
  tasksCollection,
  userSettingsCollection,
  trolleyExportsCollection,
  invitationsCollection,
  customersCollection,
  trolleyMovementsCollection,
  poolStatementsCollection,
  standingOrdersCollection,
  runDropsCollection,
  plantLabelsCollection,
];
