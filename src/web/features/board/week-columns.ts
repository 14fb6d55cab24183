import { DAYS, type Day } from '#domain/records';
import { datesOfIsoWeek, type CalendarDate } from '#domain/weeks';

export interface DayColumnInfo {
  day: Day;
  /** "Monday" … "Sunday". */
  label: string;
  date: CalendarDate;
  isToday: boolean;
}

const LABELS: Record<Day, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

export function dayLabel(day: Day): string {
  return LABELS[day];
}

/** The seven columns of a board week, Monday first. */
export function weekColumns(year: number, week: number, today: CalendarDate): DayColumnInfo[] {
  const dates = datesOfIsoWeek(year, week);
  return DAYS.map((day, i) => {
    const date = dates[i] as CalendarDate;
    const isToday = date.year === today.year && date.month === today.month && date.day === today.day;
    return { day, label: LABELS[day], date, isToday };
  });
}
