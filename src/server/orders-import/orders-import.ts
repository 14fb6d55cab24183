import { ORDER_DEFAULTS } from '#domain/collections/tasks';
import { withProblem } from '#domain/csv/csv-import';
import { ORDERS_IMPORT_API, readOrdersCsvInSteps } from '#domain/csv/order-import';
import { newOrderWeekError } from '#domain/orders/new-order-week';
import { rowsOrRefusal, type CsvImport } from '../csv-import/csv-import';
import { newOrderToday } from '../records/collections/new-order-today';
import { tasksCollection } from '../records/collections/tasks';
import { inSlices } from '../slices';

/**
 * Orders from a CSV file (docs/decisions/049): whoever may add orders may import them. Each order
 * is checked by its declaration and by the rule that a new order goes into a week that still
 * takes orders, exactly as one added on the board.
 */
export function ordersImport(now: () => Date): CsvImport {
  return {
    api: ORDERS_IMPORT_API,
    roles: ['admin', 'office', 'staff'],
    refusal: 'Viewers can look but not change orders.',
    async check(_user, csv) {
      const today = newOrderToday(now());
      return rowsOrRefusal(await inSlices(readOrdersCsvInSteps(csv))).map((row) => {
        if (!row.values) return row;
        const past = newOrderWeekError({ year: Number(row.values.year), weekNumber: Number(row.values.weekNumber) }, today);
        return past ? withProblem(row, past.message) : row;
      });
    },
    collection: 'tasks',
    rowOf(user, values) {
      const creator = { user: user.id, created_by: user.id, updated_by: user.id, nursery: user.nursery };
      return tasksCollection.toRow({ ...ORDER_DEFAULTS, ...values, ...creator });
    },
  };
}
