// The weeks a copy of an order may go into: this week onwards, as every new order (docs/decisions/013).
// Shared by Duplicate on the edit screen and Copy to another week on the board (docs/decisions/039).
import { weeksInIsoYear, yearOptions, type CalendarDate } from '../weeks';
import { firstOpenWeekOfYear } from './new-order-week';
import type { OrderFields } from './order-fields';

export type CopyTarget = Pick<OrderFields, 'day' | 'year' | 'weekNumber'>;

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
