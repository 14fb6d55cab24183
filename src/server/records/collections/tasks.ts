import { tasks } from '#domain/collections/tasks';
import { newOrderWeekError } from '#domain/orders/new-order-week';
import { validationFailed } from '../../errors';
import { nurseryTeamRules } from '../access-rules';
import { serverCollection } from '../collection';
import { newOrderToday } from './new-order-today';
import { orderCustomerInWrite } from './order-customer';

/**
 * A nursery's orders are its members' only; viewers look, staff also add and change them, office
 * and admins also delete (with the deletion password). Another nursery's order is answered as
 * missing (docs/decisions/005, 020, 036).
 */
const rules = nurseryTeamRules('orders');

/** Orders (fields: src/domain/collections/tasks.ts). */
export const tasksCollection = serverCollection(tasks, {
  rules,
  needsDeletePassword: true,
  async beforeCreate(values, context) {
    // A client's new order goes into this week or later, as the create form offers (issue 7). The
    // server's own writes (demo seed, operator tools) may fill in history; updates may move any
    // order to any week, so staff can correct old ones.
    // Only Fill week links an order to a standing order, through a batch of its own; every other
    // new order comes from none, and says so in its answer as when it is read (docs/decisions/039).
    const fromNoStandingOrder = { standingOrder: '', standingWeek: '' };
    if (context.system) return fromNoStandingOrder;
    const week = { year: Number(values.year), weekNumber: Number(values.weekNumber) };
    const pastWeek = newOrderWeekError(week, newOrderToday(context.deps.now()));
    if (pastWeek) throw validationFailed({ weekNumber: pastWeek });
    return fromNoStandingOrder;
  },
  // `newCustomer: true`: the order's customer, found or made from its name in its own transaction (docs/decisions/062).
  decideInWrite: orderCustomerInWrite,
});
