import { tasks } from '#domain/collections/tasks';
import { newOrderWeekError } from '#domain/orders/new-order-week';
import { validationFailed } from '../../errors';
import { STAFF, type AccessRules } from '../access-rules';
import { serverCollection } from '../collection';
import { newOrderToday } from './new-order-today';

/** Every member of staff sees and edits every order: the board is the team's (docs/decisions/005, 020). */
const rules: AccessRules = {
  list: { gate: STAFF, condition: null },
  view: { gate: STAFF, condition: null },
  create: { gate: STAFF, condition: null },
  update: { gate: STAFF, condition: null },
  delete: { gate: STAFF, condition: null },
};

/** Orders (fields: src/domain/collections/tasks.ts). */
export const tasksCollection = serverCollection(tasks, {
  rules,
  needsDeletePassword: true,
  async beforeCreate(values, context) {
    // A client's new order goes into this week or later, as the create form offers (issue 7). The
    // server's own writes (demo seed, operator tools) may fill in history; updates may move any
    // order to any week, so staff can correct old ones.
    if (context.system) return;
    const week = { year: Number(values.year), weekNumber: Number(values.weekNumber) };
    const pastWeek = newOrderWeekError(week, newOrderToday(context.deps.now()));
    if (pastWeek) throw validationFailed({ weekNumber: pastWeek });
  },
});
