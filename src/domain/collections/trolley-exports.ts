// Saved runs (collection `trolley_exports`): which customer goes where on a lorry or trailer.

import { planFixedReason, readStateLog, RUN_STATE_LABELS, RUN_STATES, type RunState } from '../runs/run-states';
import { readStops, readVehicleInfo, RUN_LIMITS } from '../trolleys/run-fields';
import { defineCollection, json, relation, select, text, type RecordOf } from './fields';
import { createdBy, updatedBy } from './trail-fields';

const STATE_BY_STEPS = {
  code: 'validation_forbidden',
  message: "A run's state changes by its steps on the Runs screen (Start loading, Dispatch, Mark delivered, Cancel run).",
} as const;

/**
 * Saved runs. A run is team work: every member of the nursery sees them, who may change or delete
 * them is their role. `user` is whoever saved the run last, set by the server.
 */
export const trolleyExports = defineCollection({
  name: 'trolley_exports',
  id: 'pbc_exports_00001',
  noun: 'run',
  fields: {
    name: text({ label: 'Name', settable: 'always', max: RUN_LIMITS.name, default: '' }),
    data: json(readStops, { label: 'Customers', settable: 'always', default: [] }),
    // A run can only be saved with a driver, registration and date (readVehicleInfo says so).
    vehicleInfo: json(readVehicleInfo, { label: 'Vehicle', settable: 'always', required: true, default: {} }),
    user: relation('users', { settable: 'always', stamp: 'write', default: '' }),
    created_by: createdBy,
    updated_by: updatedBy,
    // The nursery it belongs to, set by the server from the caller (docs/decisions/036).
    nursery: relation('nurseries', { settable: 'always', stamp: 'create', stampWith: 'nursery', default: '' }),
    // Where the run is in its life, and who moved it when: set only by the run's own steps
    // (Start loading, Dispatch, …) on the server, never by a body (docs/decisions/042).
    state: select(RUN_STATES, {
      label: 'State',
      settable: 'never',
      default: 'new',
      optionLabel: (state) => RUN_STATE_LABELS[state],
      refusal: STATE_BY_STEPS,
    }),
    stateLog: json((raw) => ({ ok: true, value: readStateLog(raw) }), {
      label: 'State log',
      settable: 'never',
      default: [],
      filter: false,
      refusal: STATE_BY_STEPS,
    }),
  },
  indexes: [
    { name: 'trolley_exports_name', on: ['nursery', 'name'] },
    // Saved runs are listed newest first.
    { name: 'trolley_exports_created', on: ['nursery', 'created'] },
    // The runs a plan learns from, and whether they changed since it read them (docs/decisions/076).
    { name: 'trolley_exports_updated', on: ['nursery', 'updated'] },
  ],
  // History of every change, and Deleted instead of gone (docs/decisions/034).
  trail: true,
  // A dispatched run's plan is what left the yard: the SDK may send it back whole (a rename),
  // but not changed.
  refine(value, errors, { existing }) {
    const reason = existing && planFixedReason(existing.state as RunState);
    if (!reason) return;
    // The stored plan read as a body is read, so a run saved before a reader changed compares equal.
    const readers = { data: readStops, vehicleInfo: readVehicleInfo } as const;
    for (const [field, read] of Object.entries(readers)) {
      if (!(field in value)) continue;
      const stored = read(existing[field]);
      if (JSON.stringify(value[field]) !== JSON.stringify(stored.ok ? stored.value : existing[field])) {
        errors[field] = { code: 'validation_run_dispatched', message: reason };
      }
    }
  },
});

/** A saved run (collection `trolley_exports`). */
export type TrolleyExportRecord = RecordOf<typeof trolleyExports>;
