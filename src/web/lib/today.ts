import { currentIsoWeek, localCalendarDate, type CalendarDate, type IsoWeek } from '#domain/weeks';

export interface Today {
  /** The calendar date on the wall of the office: the browser's own time zone. */
  date: CalendarDate;
  week: IsoWeek;
}

/**
 * "Today" as the member of staff sees it: the local calendar date of `now` and its ISO week.
 * Not the UTC date: just after local midnight in summer, UTC is still on yesterday (and maybe on
 * last week).
 */
export function localToday(now: Date): Today {
  const date = localCalendarDate(now);
  return { date, week: currentIsoWeek(date) };
}
