// Saved runs (collection `trolley_exports`): which customer goes where on a lorry or trailer.

import { readStops, readVehicleInfo, RUN_LIMITS } from '../trolleys/run-fields';
import { defineCollection, json, relation, text } from './fields';

/**
 * Saved runs. A run is team work: any member of staff may list, view, update and delete them.
 * `user` is whoever saved the run last, set by the server.
 */
export const trolleyExports = defineCollection({
  name: 'trolley_exports',
  id: 'pbc_exports_00001',
  noun: 'run',
  fields: {
    name: text({ settable: 'always', max: RUN_LIMITS.name, default: '' }),
    data: json(readStops, { settable: 'always', default: [] }),
    // A run can only be saved with a driver, registration and date (readVehicleInfo says so).
    vehicleInfo: json(readVehicleInfo, { settable: 'always', required: true, default: {} }),
    user: relation('users', { settable: 'always', stamp: 'write', default: '' }),
  },
  indexes: [
    { name: 'trolley_exports_name', on: ['name'] },
    // Saved runs are listed newest first.
    { name: 'trolley_exports_created', on: ['created'] },
  ],
});
