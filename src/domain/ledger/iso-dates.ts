// Calendar dates as the ledger stores them (`YYYY-MM-DD`), read as day numbers so adding days and
// finding weekdays never depend on the machine's time zone (every step is in UTC).

import { DAY_TABLE, DAYS } from '../vocabulary/day';

const DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a valid `YYYY-MM-DD`, else null (30 February is not a date). */
export function dayNumber(date: string): number | null {
  const match = DATE_SHAPE.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return null;
  return ms / DAY_MS;
}

export const isIsoDate = (date: string): boolean => dayNumber(date) !== null;

/** The `YYYY-MM-DD` of a day number. */
export function isoOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` of a year, month (1-12) and day. */
export function isoOf(year: number, month: number, day: number): string {
  return isoOfDay(Date.UTC(year, month - 1, day) / DAY_MS);
}

/** 0 = Sunday … 6 = Saturday. */
export const weekdayOf = (day: number): number => new Date(day * DAY_MS).getUTCDay();

/** Short day names in getUTCDay's order (Sunday first), from the day table. */
const WEEKDAYS = [DAYS[6], ...DAYS.slice(0, 6)].map((day) => DAY_TABLE[day].short);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** "Fri 4 Dec 2026", how a date reads on statements and the pool check. */
export function longDate(date: string): string {
  const day = dayNumber(date);
  if (day === null) return date;
  const [year, month, dayOfMonth] = date.split('-').map(Number) as [number, number, number];
  return `${WEEKDAYS[weekdayOf(day)]} ${dayOfMonth} ${MONTHS[month - 1]} ${year}`;
}

/**
 * "Sat 28 Nov", how a date reads in a sentence (docs/glossary.md#retired-words): the year only when
 * it is not `thisYear`, since a date of this year needs none ("Sat 28 Nov 2025" for last year's).
 */
export function plainDate(date: string, thisYear: number): string {
  const day = dayNumber(date);
  if (day === null) return date;
  const [year, month, dayOfMonth] = date.split('-').map(Number) as [number, number, number];
  const shown = `${WEEKDAYS[weekdayOf(day)]} ${dayOfMonth} ${MONTHS[month - 1]}`;
  return year === thisYear ? shown : `${shown} ${year}`;
}

/** "3 Nov" (with "2025" when it is not `thisYear`): a date inside a short sentence, "since 3 Nov". */
export function dayAndMonth(date: string, thisYear: number): string {
  if (dayNumber(date) === null) return date;
  const [year, month, dayOfMonth] = date.split('-').map(Number) as [number, number, number];
  return year === thisYear ? `${dayOfMonth} ${MONTHS[month - 1]}` : `${dayOfMonth} ${MONTHS[month - 1]} ${year}`;
}

/** "4 Dec 2026", for table rows where the weekday is noise. */
export function shortDate(date: string): string {
  if (dayNumber(date) === null) return date;
  const [year, month, dayOfMonth] = date.split('-').map(Number) as [number, number, number];
  return `${dayOfMonth} ${MONTHS[month - 1]} ${year}`;
}
