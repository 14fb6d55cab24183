import { trolleyExports } from '#domain/collections/trolley-exports';
import { nurseryTeamRules } from '../access-rules';
import { serverCollection } from '../collection';

/** A run is team work: the same roles as orders, within the nursery (docs/decisions/005, 033). */
const rules = nurseryTeamRules('runs');

/** Saved runs (fields: src/domain/collections/trolley-exports.ts); `user` is the last saver. */
export const trolleyExportsCollection = serverCollection(trolleyExports, { rules, needsDeletePassword: true });
