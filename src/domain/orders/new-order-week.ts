import type { FieldError } from '../validation';
import { currentIsoWeek, type CalendarDate } from '../weeks';
import type { OrderFields } from './order-fields';

// A new order goes into this week or a later one (issue 7, Create order): past weeks are history.
// Only creating is restricted; an existing order may be moved to any week (staff correct old
// orders), and the server's own writes (demo seed, operator CLI) are not clients.
//
// `today` is the calendar date the caller decides is today: the web app uses the date on the
// office wall (lib/today.ts), the server the nursery's date less a grace period (new-order-today.ts).

/**
 * The first week of `year` a new order may go into, seen on `today`: this week in the current ISO
 * week-year, week 1 in a later year, and null when the whole year has passed.
 */
export function firstOpenWeekOfYear(year: number, today: CalendarDate): number | null {
  const current = currentIsoWeek(today);
  if (year < current.year) return null;
  return year === current.year ? current.week : 1;
}

/**
 * Why a new order may not go into its week, or null when it may. Checks only "not in the past":
 * whether the year has that week at all is the order's declaration's job (collections/tasks.ts).
 */
export function newOrderWeekError(order: Pick<OrderFields, 'year' | 'weekNumber'>, today: CalendarDate): FieldError | null {
  const firstOpen = firstOpenWeekOfYear(order.year, today);
  if (firstOpen !== null && order.weekNumber >= firstOpen) return null;
  const current = currentIsoWeek(today);
  return {
    code: 'validation_min_number_constraint',
    message: `Week ${order.weekNumber} of ${order.year} has already passed. New orders go into this week (week ${current.week} of ${current.year}) or a later one.`,
  };
}
