// Bank holidays of England and Wales, computed for any year: the pool operator's statement counts
// as accepted unless contested within 10 working days, and a bank holiday is no working day.
//
// The rules (gov.uk/bank-holidays): New Year's Day, Good Friday, Easter Monday, the first and last
// Mondays of May, the last Monday of August, Christmas Day and Boxing Day; a fixed-date holiday on
// a weekend moves to the next weekday that is not already a holiday ("substitute day"). One-off
// changes are listed: they are announced by proclamation and no rule predicts them.

import { dayNumber, isoOf, isoOfDay, weekdayOf } from './iso-dates';

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, "Meeus/Jones/Butcher"). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoOf(year, month, day);
}

/** The n-th (1-based) Monday of a month, or the last one with n = -1. */
function monday(year: number, month: number, n: number): number {
  if (n > 0) {
    const first = dayNumber(isoOf(year, month, 1)) as number;
    return first + ((8 - weekdayOf(first)) % 7) + (n - 1) * 7;
  }
  const last = (dayNumber(isoOf(year, month + 1, 1)) as number) - 1;
  return last - ((weekdayOf(last) + 6) % 7);
}

/**
 * One-off changes: the spring bank holiday moved for the Platinum Jubilee, the Jubilee's own day
 * and the Queen's state funeral (2022), the King's coronation (2023).
 */
const ONE_OFF: Readonly<Record<number, { add: readonly string[]; moved?: { from: string; to: string } }>> = {
  2022: { add: ['2022-06-03', '2022-09-19'], moved: { from: '2022-05-30', to: '2022-06-02' } },
  2023: { add: ['2023-05-08'] },
};

const isWeekend = (day: number): boolean => weekdayOf(day) === 0 || weekdayOf(day) === 6;

/** The bank holidays of England and Wales in `year`, as sorted `YYYY-MM-DD`. */
export function bankHolidays(year: number): string[] {
  const easter = dayNumber(easterSunday(year)) as number;
  const days = new Set<number>([easter - 2, easter + 1, monday(year, 5, 1), monday(year, 5, -1), monday(year, 8, -1)]);
  // Fixed dates in calendar order, each on its own day or the next free weekday.
  for (const [month, day] of [
    [1, 1],
    [12, 25],
    [12, 26],
  ] as const) {
    let date = dayNumber(isoOf(year, month, day)) as number;
    while (isWeekend(date) || days.has(date)) date += 1;
    days.add(date);
  }
  const oneOff = ONE_OFF[year];
  let holidays = [...days].map(isoOfDay);
  if (oneOff?.moved) {
    const moved = oneOff.moved;
    holidays = holidays.map((date) => (date === moved.from ? moved.to : date));
  }
  if (oneOff) holidays.push(...oneOff.add);
  return holidays.sort();
}

const cache = new Map<number, ReadonlySet<string>>();

export function isBankHoliday(date: string): boolean {
  const year = Number(date.slice(0, 4));
  let set = cache.get(year);
  if (!set) {
    set = new Set(bankHolidays(year));
    cache.set(year, set);
  }
  return set.has(date);
}

/** Monday to Friday and no bank holiday of England and Wales. */
export function isWorkingDay(date: string): boolean {
  const day = dayNumber(date);
  return day !== null && !isWeekend(day) && !isBankHoliday(date);
}

/** The day `count` working days after `date` (the date itself not counted). */
export function addWorkingDays(date: string, count: number): string {
  let day = dayNumber(date);
  if (day === null) throw new Error(`Not a date: ${date}`);
  let left = count;
  while (left > 0) {
    day += 1;
    if (isWorkingDay(isoOfDay(day))) left -= 1;
  }
  return isoOfDay(day);
}
