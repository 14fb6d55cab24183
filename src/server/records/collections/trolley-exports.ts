import { COLLECTIONS, type RunStop, type VehicleInfo } from '#domain/records';
import { RUN_LIMITS, validateRunInput } from '#domain/trolleys/validate-run';
import { validationFailed } from '../../errors';
import { STAFF, type AccessRules } from '../access-rules';
import { callerId, namedUser, parseJsonColumn, type Collection } from '../collection';
import type { Row } from '../record-store';
import { BASE_FIELDS } from './base-fields';

/** A run is team work: the same rules as orders (docs/decisions/005). */
const rules: AccessRules = {
  list: { gate: STAFF, condition: null },
  view: { gate: STAFF, condition: null },
  create: { gate: STAFF, condition: null },
  update: { gate: STAFF, condition: null },
  delete: { gate: STAFF, condition: null },
};

/** Saved runs. A run is team work: any member of staff may list, view, update and delete them. */
export const trolleyExportsCollection: Collection = {
  name: COLLECTIONS.trolleyExports,
  id: 'pbc_exports_00001',
  table: 'trolley_exports',
  fields: {
    ...BASE_FIELDS,
    name: { column: 'name', type: 'text', maxLength: RUN_LIMITS.name },
    user: { column: 'user', type: 'relation' },
    data: { column: 'data', type: 'json' },
    vehicleInfo: { column: 'vehicleInfo', type: 'json' },
  },
  toRecord: (row) => ({
    id: row.id,
    collectionId: trolleyExportsCollection.id,
    collectionName: trolleyExportsCollection.name,
    name: row.name,
    data: parseJsonColumn<RunStop[]>(row.data, []),
    vehicleInfo: parseJsonColumn<VehicleInfo | Record<string, never>>(row.vehicleInfo, {}),
    user: row.user,
    created: row.created,
    updated: row.updated,
  }),
  rules,
  // `user`: only the caller, or on update the run's last saver (namedUser).
  clientFields: { name: 'always', data: 'always', vehicleInfo: 'always', user: 'always' },
  async prepareCreate(body, context) {
    const user = namedUser(body, context) ?? callerId(context);
    const result = validateRunInput(body, 'create');
    if (!result.ok) throw validationFailed(result.errors);
    return toColumns(result.value, user);
  },
  async prepareUpdate(body, existing, context) {
    const named = namedUser(body, context, existing);
    const result = validateRunInput(body, 'update');
    if (!result.ok) throw validationFailed(result.errors);
    // The last person to save a run is its `user` (docs/decisions/005); a trusted caller may name one.
    return toColumns(result.value, context.system ? (named ?? String(existing.user)) : callerId(context));
  },
  needsDeletePassword: true,
};

function toColumns(value: { name?: string; data?: RunStop[]; vehicleInfo?: VehicleInfo }, userId: string): Row {
  const row: Row = { user: userId };
  if (value.name !== undefined) row.name = value.name;
  if (value.data !== undefined) row.data = JSON.stringify(value.data);
  if (value.vehicleInfo !== undefined) row.vehicleInfo = JSON.stringify(value.vehicleInfo);
  return row;
}
