// The nursery's delivery rounds (collection `rounds`, docs/decisions/076): "Cotswolds", "Tuesday
// north". Plan deliveries keeps a round on one vehicle where it fits and learns each round's drop
// order from the runs; pins (a customer's place in its round) are the learning's input.
import { defineCollection, relation, text, type RecordOf } from './fields';
import { createdBy, updatedBy } from './trail-fields';

/** A nursery's rounds. Every member reads them; office staff and admins keep them (docs/decisions/076). */
export const rounds = defineCollection({
  name: 'rounds',
  id: 'pbc_rounds_00001',
  noun: 'round',
  fields: {
    nursery: relation('nurseries', { settable: 'always', stamp: 'create', stampWith: 'nursery', default: '' }),
    name: text({ label: 'Name', settable: 'always', required: true, max: 100, default: '' }),
    created_by: createdBy,
    updated_by: updatedBy,
  },
  indexes: [
    { name: 'rounds_name', on: ['nursery', 'name'] },
    { name: 'rounds_nursery_seq', on: ['nursery', 'seq'] },
  ],
  trail: true,
});

/** A delivery round (collection `rounds`, docs/decisions/076). */
export type RoundRecord = RecordOf<typeof rounds>;
