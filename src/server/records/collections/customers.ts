import { customers } from '#domain/collections/customers';
import { IN_NURSERY, MEMBER, membersWithRole, type AccessRules } from '../access-rules';
import { serverCollection } from '../collection';

/** The sentence staff and viewers get for any change to the customer book. */
export const CUSTOMER_EDITORS_ONLY = 'Only office staff and admins can change customers. Ask one of them to add or change this customer.';
export const CUSTOMER_EDITORS = membersWithRole(['admin', 'office'], CUSTOMER_EDITORS_ONLY);

/**
 * Every member of a nursery reads its customers (the order form suggests them); office staff and
 * admins add, change, merge and delete them (docs/decisions/037). Another nursery's customer is
 * answered as missing, as every record (docs/decisions/036).
 */
export const CUSTOMER_RULES: AccessRules = {
  list: { gate: MEMBER, condition: IN_NURSERY },
  view: { gate: MEMBER, condition: IN_NURSERY },
  create: { gate: CUSTOMER_EDITORS, condition: null },
  update: { gate: CUSTOMER_EDITORS, condition: IN_NURSERY },
  delete: { gate: CUSTOMER_EDITORS, condition: IN_NURSERY },
};

/** Customers (fields: src/domain/collections/customers.ts). */
export const customersCollection = serverCollection(customers, { rules: CUSTOMER_RULES, needsDeletePassword: true });
