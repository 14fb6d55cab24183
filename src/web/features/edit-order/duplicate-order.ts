// "Duplicate" on the edit screen (docs/product.md#edit-order): a new order with the same details
// on another day or week, its status back to none. A copy is a new order, so it goes into this
// week or a later one (docs/decisions/013).
import { firstOpenWeekOfYear, newOrderWeekError } from '#domain/orders/new-order-week';
import type { OrderFields } from '#domain/orders/order-fields';
import { currentIsoWeek, weeksInIsoYear, yearOptions, type CalendarDate } from '#domain/weeks';

export type CopyTarget = Pick<OrderFields, 'day' | 'year' | 'weekNumber'>;

/** Where a copy goes unless the person says otherwise: same day and week, or this week when that week has passed. */
export function defaultCopyTarget(order: CopyTarget, today: CalendarDate): CopyTarget {
  if (newOrderWeekError(order, today) === null) return { day: order.day, year: order.year, weekNumber: order.weekNumber };
  const current = currentIsoWeek(today);
  return { day: order.day, year: current.year, weekNumber: current.week };
}

/** The years and weeks a copy may go into (this week onwards). */
export function copyWeeks(year: number, today: CalendarDate): { years: number[]; weeks: number[] } {
  const years = yearOptions(today).filter((y) => firstOpenWeekOfYear(y, today) !== null);
  const first = firstOpenWeekOfYear(year, today) ?? 1;
  const weeks = Array.from({ length: weeksInIsoYear(year) - first + 1 }, (_, i) => first + i);
  return { years, weeks };
}

/** A target with its week kept within the year's open weeks after the year changed. */
export function clampCopyTarget(target: CopyTarget, today: CalendarDate): CopyTarget {
  const first = firstOpenWeekOfYear(target.year, today) ?? 1;
  return { ...target, weekNumber: Math.min(Math.max(target.weekNumber, first), weeksInIsoYear(target.year)) };
}

/** The new order: every field of `fields`, in the target's day and week, with no status. */
export function copyOf(fields: OrderFields, target: CopyTarget): OrderFields {
  return { ...fields, ...target, status: '' };
}
