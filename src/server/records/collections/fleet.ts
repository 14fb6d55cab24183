import { rounds } from '#domain/collections/rounds';
import { vehicles } from '#domain/collections/vehicles';
import { IN_NURSERY, MEMBER, membersWithRole, type AccessRules } from '../access-rules';
import { serverCollection } from '../collection';

/** The sentence staff and viewers get for any change to the fleet or the rounds. */
export const FLEET_KEEPERS_ONLY = 'Only office staff and admins can change vehicles and rounds. Ask one of them to do it.';
const KEEPERS = membersWithRole(['admin', 'office'], FLEET_KEEPERS_ONLY);

/**
 * Every member of a nursery reads its vehicles and rounds (a driver sees the fleet, a viewer the
 * week's capacity); office staff and admins add, change and delete them, to Deleted
 * (docs/decisions/076).
 */
const rules: AccessRules = {
  list: { gate: MEMBER, condition: IN_NURSERY },
  view: { gate: MEMBER, condition: IN_NURSERY },
  create: { gate: KEEPERS, condition: null },
  update: { gate: KEEPERS, condition: IN_NURSERY },
  delete: { gate: KEEPERS, condition: IN_NURSERY },
};

/** The nursery's vehicles (fields: src/domain/collections/vehicles.ts). */
export const vehiclesCollection = serverCollection(vehicles, { rules, needsDeletePassword: false });
/** The nursery's delivery rounds (fields: src/domain/collections/rounds.ts). */
export const roundsCollection = serverCollection(rounds, { rules, needsDeletePassword: false });
