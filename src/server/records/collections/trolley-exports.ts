import { COLLECTIONS, type RunStop, type VehicleInfo } from '#domain/records';
import { validateRunInput } from '#domain/trolleys/validate-run';
import { requireStaff } from '../../auth/auth-context';
import { validationFailed } from '../../errors';
import { parseJsonColumn, type Collection } from '../collection';
import type { Row } from '../record-store';
import { BASE_FIELDS } from './base-fields';

/** Saved runs. A run is team work: any member of staff may list, view, update and delete them. */
export const trolleyExportsCollection: Collection = {
  name: COLLECTIONS.trolleyExports,
  id: 'pbc_exports_00001',
  table: 'trolley_exports',
  fields: {
    ...BASE_FIELDS,
    name: { column: 'name', type: 'text' },
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
  readScope(auth) {
    requireStaff(auth);
    return null;
  },
  async prepareCreate(body, auth) {
    const user = requireStaff(auth);
    const result = validateRunInput(body, 'create');
    if (!result.ok) throw validationFailed(result.errors);
    return toColumns(result.value, user.id);
  },
  async prepareUpdate(body, _existing, auth) {
    const user = requireStaff(auth);
    const result = validateRunInput(body, 'update');
    if (!result.ok) throw validationFailed(result.errors);
    // The last person to save a run is its `user` (D3).
    return toColumns(result.value, user.id);
  },
  authorizeDelete(auth) {
    requireStaff(auth);
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
