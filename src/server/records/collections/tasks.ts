import { validateOrderInput } from '#domain/orders/validate-order';
import { COLLECTIONS } from '#domain/records';
import { requireStaff } from '../../auth/auth-context';
import { validationFailed } from '../../errors';
import type { Collection } from '../collection';
import type { Row } from '../record-store';
import { BASE_FIELDS } from './base-fields';

/** Orders. Every member of staff sees and edits every order: the board is the team's. */
export const tasksCollection: Collection = {
  name: COLLECTIONS.tasks,
  id: 'pbc_tasks_000001',
  table: 'tasks',
  fields: {
    ...BASE_FIELDS,
    // Search (D14): migration 003's trigram index narrows `~` on these two.
    title: { column: 'title', type: 'text', textIndex: { ftsTable: 'tasks_fts', ftsColumn: 'title' } },
    day: { column: 'day', type: 'text' },
    postcode: { column: 'postcode', type: 'text' },
    orderNumber: { column: 'orderNumber', type: 'text', textIndex: { ftsTable: 'tasks_fts', ftsColumn: 'orderNumber' } },
    customerType: { column: 'customerType', type: 'text' },
    other: { column: 'other', type: 'text' },
    weekNumber: { column: 'weekNumber', type: 'number' },
    year: { column: 'year', type: 'number' },
    orderInfo: { column: 'orderInfo', type: 'text' },
    status: { column: 'status', type: 'text' },
    trollies: { column: 'trollies', type: 'text' },
    extras: { column: 'extras', type: 'text' },
    user: { column: 'user', type: 'relation' },
  },
  toRecord: (row) => ({
    id: row.id,
    collectionId: tasksCollection.id,
    collectionName: tasksCollection.name,
    title: row.title,
    day: row.day,
    postcode: row.postcode,
    orderNumber: row.orderNumber,
    customerType: row.customerType,
    other: row.other,
    weekNumber: Number(row.weekNumber),
    year: Number(row.year),
    orderInfo: row.orderInfo,
    status: row.status,
    trollies: row.trollies,
    extras: row.extras,
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
    const result = validateOrderInput(body, 'create');
    if (!result.ok) throw validationFailed(result.errors);
    // The owner is always the signed-in user, whatever the body says (D3).
    return { ...result.value, user: user.id };
  },
  async prepareUpdate(body, existing, auth) {
    requireStaff(auth);
    const result = validateOrderInput(body, 'update', { year: Number(existing.year), weekNumber: Number(existing.weekNumber) });
    if (!result.ok) throw validationFailed(result.errors);
    return result.value as Row;
  },
  authorizeDelete(auth) {
    requireStaff(auth);
  },
  needsDeletePassword: true,
};
