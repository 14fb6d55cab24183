// The date a new run in the trolley mapper starts with (docs/decisions/071).
import { formatCalendarDate, type CalendarDate } from '../weeks';

/**
 * The next working day after `today`, as `yyyy-mm-dd`: tomorrow from Monday to Thursday, Monday
 * from Friday, Saturday or Sunday. Runs are planned the day before they go out. Working days here
 * are Monday to Friday only: bank holidays are garden centres' busiest trading days, and a
 * nursery may well deliver on them, so the planner types such a date when it is meant.
 */
export function nextWorkingDay(today: CalendarDate): string {
  const date = new Date(Date.UTC(today.year, today.month - 1, today.day));
  // getUTCDay: 0 Sunday … 5 Friday, 6 Saturday.
  const weekday = date.getUTCDay();
  const ahead = weekday === 5 ? 3 : weekday === 6 ? 2 : 1;
  date.setUTCDate(date.getUTCDate() + ahead);
  return formatCalendarDate({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() });
}
