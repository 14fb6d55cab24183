// Where the Add Order form starts (docs/product.md#add-order): the week and day it was opened
// for, unless that week has passed, which new orders may not go into (docs/decisions/013).
import { newOrderWeekError } from '#domain/orders/new-order-week';
import { ORDER_DEFAULTS } from '#domain/collections/tasks';
import type { OrderFields } from '#domain/orders/order-fields';
import { currentIsoWeek, type CalendarDate } from '#domain/weeks';
import type { NewOrderPreset } from '../../lib/new-order-preset';

export interface NewOrderStart {
  values: OrderFields;
  /** Why the form starts elsewhere than it was asked to; null when it starts there. */
  note: string | null;
}

export function newOrderStart(preset: NewOrderPreset, today: CalendarDate): NewOrderStart {
  const asked = { year: preset.week.year, weekNumber: preset.week.week };
  const isPast = newOrderWeekError(asked, today) !== null;
  const current = currentIsoWeek(today);
  const week = isPast ? { year: current.year, weekNumber: current.week } : asked;
  return {
    values: { ...ORDER_DEFAULTS, ...week, day: preset.day ?? ORDER_DEFAULTS.day, other: preset.other ?? ORDER_DEFAULTS.other },
    note: isPast
      ? `Week ${asked.weekNumber} of ${asked.year} has passed, and new orders go into this week or a later one: this order starts in week ${current.week} of ${current.year}.`
      : null,
  };
}
