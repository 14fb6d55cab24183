import type { FieldMap } from '../filter/field-map';

/** Fields every collection has. */
export const BASE_FIELDS: FieldMap = {
  id: { column: 'id', type: 'text' },
  created: { column: 'created', type: 'date' },
  updated: { column: 'updated', type: 'date' },
};
