// The plant-label list (collection `plant_labels`, docs/decisions/057): one record a plant, with
// whether the nursery has its labels or needs them printed. Field names are the original app's
// (`plant_name`, `has_labels`, `user`), so its data and its SDK calls fit as they are.

import { LABEL_STATES, labelStateLabel, MAX_PLANT_NAME } from '../plant-labels/plant-labels';
import { defineCollection, relation, select, text, type RecordOf } from './fields';
import { createdBy, updatedBy } from './trail-fields';

/**
 * A nursery's plant labels. Every member reads them; staff, office and admins add plants and mark
 * them; office staff and admins delete them, to Deleted (docs/decisions/036, 034).
 */
export const plantLabels = defineCollection({
  name: 'plant_labels',
  id: 'pbc_plantlabels1',
  noun: 'plant',
  fields: {
    nursery: relation('nurseries', { settable: 'always', stamp: 'create', stampWith: 'nursery', default: '' }),
    plant_name: text({ label: 'Plant name', settable: 'always', required: true, max: MAX_PLANT_NAME, default: '' }),
    has_labels: select(LABEL_STATES, { label: 'Labels', settable: 'always', default: 'new', optionLabel: labelStateLabel }),
    // Who added the plant, as the original app kept it (its SDK call sends its own id).
    user: relation('users', { settable: 'always', stamp: 'create', default: '' }),
    created_by: createdBy,
    updated_by: updatedBy,
  },
  indexes: [
    // The list by name (the screen), and in insertion order (a list without a sort).
    { name: 'plant_labels_name', on: ['nursery', 'plant_name'] },
    { name: 'plant_labels_nursery_seq', on: ['nursery', 'seq'] },
  ],
  trail: true,
});

/** A plant on the nursery's plant-label list (collection `plant_labels`, docs/decisions/057). */
export type PlantLabelRecord = RecordOf<typeof plantLabels>;
