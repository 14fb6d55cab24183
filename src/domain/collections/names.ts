// The collections' names in the API and the database, by their names in code. Kept apart from
// the registry so that a screen naming a collection does not load every declaration (the board's
// chunk grew by 26 KB when these were read from the registry); registry.ts checks that this list
// and the registry hold the same collections under the same names, so neither can be added alone.
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
  vehicles: 'vehicles',
  rounds: 'rounds',
  customerContacts: 'customer_contacts',
  customerMail: 'customer_mail',
  balanceReplies: 'balance_replies',
} as const;
