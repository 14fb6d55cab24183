import { standingOrders } from '#domain/collections/standing-orders';
import { IN_NURSERY, MEMBER, membersWithRole, type AccessRules } from '../access-rules';
import { serverCollection } from '../collection';

/** The sentence staff and viewers get for any change to standing orders, and for Fill week. */
export const STANDING_EDITORS_ONLY =
  'Only office staff and admins can change standing orders or fill a week from them. Ask one of them to do it.';
const EDITORS = membersWithRole(['admin', 'office'], STANDING_EDITORS_ONLY);

/**
 * Every member of a nursery reads its standing orders; office staff and admins add, change and
 * delete them (docs/decisions/039). A deleted one goes to Deleted, as orders and runs do.
 */
const rules: AccessRules = {
  list: { gate: MEMBER, condition: IN_NURSERY },
  view: { gate: MEMBER, condition: IN_NURSERY },
  create: { gate: EDITORS, condition: null },
  update: { gate: EDITORS, condition: IN_NURSERY },
  delete: { gate: EDITORS, condition: IN_NURSERY },
};

/** Standing orders (fields: src/domain/collections/standing-orders.ts). */
export const standingOrdersCollection = serverCollection(standingOrders, { rules, needsDeletePassword: false });
