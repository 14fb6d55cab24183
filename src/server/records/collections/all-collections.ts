import type { Collection } from '../collection';
import { customersCollection } from './customers';
import { invitationsCollection } from './invitations';
import { nurseriesCollection } from './nurseries';
import { standingOrdersCollection } from './standing-orders';
import { tasksCollection } from './tasks';
import { trolleyExportsCollection } from './trolley-exports';
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
  standingOrdersCollection,
];
