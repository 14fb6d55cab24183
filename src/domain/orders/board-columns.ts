import { DAYS, type Day } from '../vocabulary/day';
import { datesOfIsoWeek, type CalendarDate } from '../weeks';
import { dayLabel } from './format';

/** One day column of a board week. */
export interface BoardColumn {
  day: Day;
  /** "Monday" … "Sunday". */
  label: string;
  date: CalendarDate;
  /** True only for the column whose whole date (year, month and day) is today. */
  isToday: boolean;
}

export function isSameCalendarDate(a: CalendarDate, b: CalendarDate): boolean {
  return a.year === b.year && a.month === b.month && a.day === b.day;
}

/**
 * The seven columns of a board week, Monday first. `today` is the local calendar date of the
 * member of staff (the web app passes `localCalendarDate(new Date())`).
 */
export function boardColumns(year: number, week: number, today: CalendarDate): BoardColumn[] {
  const dates = datesOfIsoWeek(year, week);
  return DAYS.map((day, i) => {
    const date = dates[i] as CalendarDate;
    return { day, label: dayLabel(day), date, isToday: isSameCalendarDate(date, today) };
  });
}
