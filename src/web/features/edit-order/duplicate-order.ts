// "Duplicate" on the edit screen (docs/product.md#edit-order): a new order with the same details
// on another day or week, its status back to none. A copy is a new order, so it goes into this
// week or a later one (docs/decisions/013).
import type { CopyTarget } from '#domain/orders/copy-target';
import { newOrderWeekError } from '#domain/orders/new-order-week';
import type { OrderFields } from '#domain/orders/order-fields';
import { currentIsoWeek, type CalendarDate } from '#domain/weeks';

// Moved to #domain, where the board's Copy to another week reads them too.
export { clampCopyTarget, copyWeeks, type CopyTarget } from '#domain/orders/copy-target';

/** Where a copy goes unless the person says otherwise: same day and week, or this week when that week has passed. */
export function defaultCopyTarget(order: CopyTarget, today: CalendarDate): CopyTarget {
  if (newOrderWeekError(order, today) === null) return { day: order.day, year: order.year, weekNumber: order.weekNumber };
  const current = currentIsoWeek(today);
  return { day: order.day, year: current.year, weekNumber: current.week };
}

/** The new order: every field of `fields`, in the target's day and week, with no status. */
export function copyOf(fields: OrderFields, target: CopyTarget): OrderFields {
  return { ...fields, ...target, status: '' };
}
