// Weeks a test may create orders in through the API, whatever day the tests run. The server
// refuses a new order in a week that has passed (issue 7; updates may still name any week), so
// fixtures must not write dates that will pass: they count from the machine's clock instead.
import { currentIsoWeek, shiftIsoWeek, utcCalendarDate, weeksInIsoYear, type IsoWeek } from '../../src/domain/weeks';

/**
 * Next calendar year: every one of its weeks is still to come (even on 29–31 December, when
 * today may already be in its week 1), so any week of it takes new orders.
 */
export const FUTURE_YEAR = utcCalendarDate(new Date()).year + 1;

/** The ISO week after this one: open for new orders, also just after midnight on a Monday. */
export function nextIsoWeek(now: Date = new Date()): IsoWeek {
  return shiftIsoWeek(currentIsoWeek(utcCalendarDate(now)), 1);
}

/** The first year from FUTURE_YEAR on that has 52 ISO weeks, or 53 (a week 53 to test with). */
export function futureYearWithWeeks(weeks: 52 | 53): number {
  let year = FUTURE_YEAR;
  while (weeksInIsoYear(year) !== weeks) year += 1;
  return year;
}
