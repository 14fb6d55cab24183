import { newOrderWeekError } from '#domain/orders/new-order-week';
import { ORDER_TEXT_LIMITS, type OrderFields } from '#domain/orders/order-fields';
import { validateOrderInput } from '#domain/orders/validate-order';
import { COLLECTIONS } from '#domain/records';
import { validationFailed } from '../../errors';
import { STAFF, type AccessRules } from '../access-rules';
import type { Settable } from '../client-fields';
import { callerId, namedUser, type Collection } from '../collection';
import type { Row } from '../record-store';
import { BASE_FIELDS } from './base-fields';
import { newOrderToday } from './new-order-today';

/** Every member of staff sees and edits every order: the board is the team's (docs/decisions/005, 020). */
const rules: AccessRules = {
  list: { gate: STAFF, condition: null },
  view: { gate: STAFF, condition: null },
  create: { gate: STAFF, condition: null },
  update: { gate: STAFF, condition: null },
  delete: { gate: STAFF, condition: null },
};

/** Orders. */
export const tasksCollection: Collection = {
  name: COLLECTIONS.tasks,
  id: 'pbc_tasks_000001',
  table: 'tasks',
  fields: {
    ...BASE_FIELDS,
    // Search (docs/decisions/010): the trigram index of migrations 003 and 005 narrows `~` on these four.
    title: { column: 'title', type: 'text', textIndex: { ftsTable: 'tasks_fts', ftsColumn: 'title' }, maxLength: ORDER_TEXT_LIMITS.title },
    day: { column: 'day', type: 'text' },
    postcode: {
      column: 'postcode',
      type: 'text',
      textIndex: { ftsTable: 'tasks_fts', ftsColumn: 'postcode' },
      maxLength: ORDER_TEXT_LIMITS.postcode,
    },
    orderNumber: {
      column: 'orderNumber',
      type: 'text',
      textIndex: { ftsTable: 'tasks_fts', ftsColumn: 'orderNumber' },
      maxLength: ORDER_TEXT_LIMITS.orderNumber,
    },
    customerType: { column: 'customerType', type: 'text' },
    other: { column: 'other', type: 'text' },
    weekNumber: { column: 'weekNumber', type: 'number' },
    year: { column: 'year', type: 'number' },
    orderInfo: {
      column: 'orderInfo',
      type: 'text',
      textIndex: { ftsTable: 'tasks_fts', ftsColumn: 'orderInfo' },
      maxLength: ORDER_TEXT_LIMITS.orderInfo,
    },
    status: { column: 'status', type: 'text' },
    trollies: { column: 'trollies', type: 'text', maxLength: ORDER_TEXT_LIMITS.trollies },
    extras: { column: 'extras', type: 'text', maxLength: ORDER_TEXT_LIMITS.extras },
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
  rules,
  clientFields: {
    title: 'always',
    day: 'always',
    postcode: 'always',
    orderNumber: 'always',
    customerType: 'always',
    other: 'always',
    weekNumber: 'always',
    year: 'always',
    orderInfo: 'always',
    status: 'always',
    trollies: 'always',
    extras: 'always',
    // Only the caller, or on update the order's creator (namedUser).
    user: 'always',
  } satisfies Record<keyof OrderFields | 'user', Settable>,
  async prepareCreate(body, context) {
    const user = namedUser(body, context) ?? callerId(context);
    const result = validateOrderInput(body, 'create');
    if (!result.ok) throw validationFailed(result.errors);
    // A client's new order goes into this week or later, as the create form offers (issue 7). The
    // server's own writes (demo seed, operator tools) may fill in history; updates may move any
    // order to any week, so staff can correct old ones.
    if (!context.system) {
      const pastWeek = newOrderWeekError(result.value, newOrderToday(context.deps.now()));
      if (pastWeek) throw validationFailed({ weekNumber: pastWeek });
    }
    // The owner is the signed-in creator (docs/decisions/005); naming anyone else was refused above.
    return { ...result.value, user };
  },
  async prepareUpdate(body, existing, context) {
    // The owner stays the creator; the body may repeat it or name the caller, nobody else.
    namedUser(body, context, existing);
    const result = validateOrderInput(body, 'update', { year: Number(existing.year), weekNumber: Number(existing.weekNumber) });
    if (!result.ok) throw validationFailed(result.errors);
    return result.value as Row;
  },
  needsDeletePassword: true,
};
