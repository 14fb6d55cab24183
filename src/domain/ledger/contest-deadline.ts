// The pool operator's balance statement counts as accepted unless a difference is contested within
// 10 working days of the statement date (docs/decisions/040); bank holidays are no working days.

import { addWorkingDays, isWorkingDay } from './bank-holidays';
import { dayNumber, longDate } from './iso-dates';

export const CONTEST_WORKING_DAYS = 10;

/** The last day a difference in a statement of `statementDate` may be contested. */
export const contestBy = (statementDate: string): string => addWorkingDays(statementDate, CONTEST_WORKING_DAYS);

/** Whether the deadline is still open on `today` (the deadline day itself included). */
export function contestOpen(statementDate: string, today: string): boolean {
  const deadline = dayNumber(contestBy(statementDate));
  const now = dayNumber(today);
  return deadline !== null && now !== null && now <= deadline;
}

/** "Contest by Fri 4 Dec 2026", or "Deadline passed" once it has. */
export function contestWords(statementDate: string, today: string): string {
  return contestOpen(statementDate, today) ? `Contest by ${longDate(contestBy(statementDate))}` : 'Deadline passed';
}

export { isWorkingDay };

/** Working days from `today` (not counted) to the deadline (counted): 0 on the deadline day or after it. */
export function workingDaysLeft(statementDate: string, today: string): number {
  const deadline = contestBy(statementDate);
  let left = 0;
  for (let day = addWorkingDays(today, 1); day <= deadline && left <= CONTEST_WORKING_DAYS + 1; day = addWorkingDays(day, 1)) left++;
  return left;
}
