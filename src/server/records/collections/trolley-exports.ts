import { trolleyExports } from '#domain/collections/trolley-exports';
import { STAFF, type AccessRules } from '../access-rules';
import { serverCollection } from '../collection';

/** A run is team work: the same rules as orders (docs/decisions/005). */
const rules: AccessRules = {
  list: { gate: STAFF, condition: null },
  view: { gate: STAFF, condition: null },
  create: { gate: STAFF, condition: null },
  update: { gate: STAFF, condition: null },
  delete: { gate: STAFF, condition: null },
};

/** Saved runs (fields: src/domain/collections/trolley-exports.ts); `user` is the last saver. */
export const trolleyExportsCollection = serverCollection(trolleyExports, { rules, needsDeletePassword: true });
