import { trolleyExports } from '#domain/collections/trolley-exports';
import { IN_NURSERY, MEMBER, membersWithRole, type AccessRules } from '../access-rules';
import { serverCollection } from '../collection';

/** A run is team work: the same roles as orders, within the nursery (docs/decisions/005, 033). */
const rules: AccessRules = {
  list: { gate: MEMBER, condition: IN_NURSERY },
  view: { gate: MEMBER, condition: IN_NURSERY },
  create: { gate: membersWithRole(['admin', 'office', 'staff'], 'Viewers can look but not change runs.'), condition: null },
  update: { gate: membersWithRole(['admin', 'office', 'staff'], 'Viewers can look but not change runs.'), condition: IN_NURSERY },
  delete: {
    gate: membersWithRole(['admin', 'office'], 'Only office staff and admins can delete runs. Ask one of them to delete it.'),
    condition: IN_NURSERY,
  },
};

/** Saved runs (fields: src/domain/collections/trolley-exports.ts); `user` is the last saver. */
export const trolleyExportsCollection = serverCollection(trolleyExports, { rules, needsDeletePassword: true });
