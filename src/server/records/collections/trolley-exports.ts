import { trolleyExports } from '#domain/collections/trolley-exports';
import { nurseryTeamRules } from '../access-rules';
import { serverCollection } from '../collection';

/** A run is team work: the same roles as orders, within the nursery (docs/decisions/005, 036). */
const rules = nurseryTeamRules('runs');

/** Saved runs (fields: src/domain/collections/trolley-exports.ts); `user` is the last saver. */
export const trolleyExportsCollection = serverCollection(trolleyExports, {
  rules,
  needsDeletePassword: true,
  // Every run starts new; its steps are the runs service's (docs/decisions/042).
  async beforeCreate() {
    return { state: 'new', stateLog: [] };
  },
  // The mapper saves a run over the one of the same name (docs/product.md#runs): a deleted run
  // cannot come back beside another of its name, or saving either would pick one at random.
  async restoreConflict(row, store) {
    const name = String(row.name ?? '');
    if (name.trim() === '' || !(await store.findOne('trolley_exports', 'name', name))) return null;
    return `A run named "${name}" was saved after this one was deleted. Rename or delete that run first, then restore this one.`;
  },
});
