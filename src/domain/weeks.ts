// The ISO-8601 week calendar (docs/decisions/021), computed rather than tabulated so every year works.
//
// Time is an input. A `Date` is an instant, but a week belongs to a calendar date, and which date
// an instant falls on depends on the time zone. So the calendar works on `CalendarDate`s, and the
// one time-zone-dependent step is explicit:
//   - web app, "today" as the member of staff sees it: `currentIsoWeek(localCalendarDate(new Date()))`
//   - server or tests: pass a `CalendarDate`, or a `Date` whose UTC date is the date meant
//     (every function taking a `Date` reads its UTC fields, so results never depend on the machine).

export interface CalendarDate {
  year: number;
  /** 1 = January … 12 = December. */
  month: number;
  day: number;
}

/** A week of the ISO calendar: `year` is the ISO week-year, which differs from the calendar
 * year for a few days around New Year (1 Jan 2021 is in week 53 of 2020). */
export interface IsoWeek {
  year: number;
  week: number;
}

/** The first year the year selector offers; older data is stored as year 0 (read as 2024). */
export const FIRST_YEAR = 2024;

/** The spec's stored value for 2024 in records written before years were stored as numbers. */
export const LEGACY_YEAR_ZERO = 0;

// Days since 1970-01-01 and back, in integer arithmetic (H. Hinnant's "days_from_civil"), so
// the calendar is exact for any year without Date's two-digit-year and time-zone pitfalls.
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

function civilFromDays(days: number): CalendarDate {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** 1 = Monday … 7 = Sunday. Day 0 (1 Jan 1970) was a Thursday. */
function isoWeekdayOfDays(days: number): number {
  return ((((days + 3) % 7) + 7) % 7) + 1;
}

/** Days-since-epoch of the Monday that starts week 1 (the week holding 4 January). */
function mondayOfWeekOne(isoYear: number): number {
  const fourthOfJanuary = daysFromCivil(isoYear, 1, 4);
  return fourthOfJanuary - (isoWeekdayOfDays(fourthOfJanuary) - 1);
}

function assertYear(year: number, caller: string): void {
  if (!Number.isInteger(year)) throw new RangeError(`${caller}: year must be an integer, got ${year}`);
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export function isValidCalendarDate(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

/** The calendar date of an instant in UTC. Deterministic on every machine. */
export function utcCalendarDate(date: Date): CalendarDate {
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** The calendar date of an instant in the runtime's own time zone: in the browser, the date on
 * the wall of the nursery office. Use this only at the edge (the web app's idea of "today"). */
export function localCalendarDate(date: Date): CalendarDate {
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
}

function toCalendarDate(date: Date | CalendarDate): CalendarDate {
  return date instanceof Date ? utcCalendarDate(date) : date;
}

/** `yyyy-mm-dd`, the form `<input type="date">` and vehicleInfo.date use. */
export function formatCalendarDate(date: CalendarDate): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

/** Parses `yyyy-mm-dd`; null when the text is not a real date (2026-02-30 is not). */
export function parseCalendarDate(text: string): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isValidCalendarDate(year, month, day) ? { year, month, day } : null;
}

export function isoWeekOfCalendarDate(year: number, month: number, day: number): IsoWeek {
  if (!isValidCalendarDate(year, month, day)) {
    throw new RangeError(`isoWeekOfCalendarDate: ${year}-${month}-${day} is not a calendar date`);
  }
  const days = daysFromCivil(year, month, day);
  // A week belongs to the year that holds its Thursday.
  const thursday = days - (isoWeekdayOfDays(days) - 1) + 3;
  const isoYear = civilFromDays(thursday).year;
  return { year: isoYear, week: Math.floor((thursday - mondayOfWeekOne(isoYear)) / 7) + 1 };
}

/** ISO week of a date. A `Date` is read in UTC (see the note at the top of this file). */
export function isoWeekOf(date: Date | CalendarDate): IsoWeek {
  const { year, month, day } = toCalendarDate(date);
  return isoWeekOfCalendarDate(year, month, day);
}

/** The week the board opens on (docs/decisions/021: today's ISO week and ISO week-year). */
export function currentIsoWeek(today: Date | CalendarDate): IsoWeek {
  return isoWeekOf(today);
}

/** 53 when the ISO year has a week 53 (2015, 2020, 2026), else 52. */
export function weeksInIsoYear(year: number): 52 | 53 {
  assertYear(year, 'weeksInIsoYear');
  // 28 December is always in the last week of its ISO year.
  return isoWeekOfCalendarDate(year, 12, 28).week === 53 ? 53 : 52;
}

/** The seven dates of a week, Monday first. Throws for a week the year does not have: callers
 * clamp user input with `clampWeek` first. */
export function datesOfIsoWeek(year: number, week: number): CalendarDate[] {
  assertYear(year, 'datesOfIsoWeek');
  if (!Number.isInteger(week) || week < 1 || week > weeksInIsoYear(year)) {
    throw new RangeError(`datesOfIsoWeek: week must be an integer in 1..weeksInIsoYear(${year}), got ${week}`);
  }
  const monday = mondayOfWeekOne(year) + (week - 1) * 7;
  return Array.from({ length: 7 }, (_, offset) => civilFromDays(monday + offset));
}

/** The day-of-month numbers of a week, Monday first: the board's column dates and the spec's
 * "week-to-dates table" (2025 week 1 is [30, 31, 1, 2, 3, 4, 5]). */
export function dayNumbersOfIsoWeek(year: number, week: number): number[] {
  return datesOfIsoWeek(year, week).map((date) => date.day);
}

/** Week moved by `delta` weeks, rolling over into the previous or next ISO year. */
export function shiftIsoWeek(from: IsoWeek, delta: number): IsoWeek {
  const [monday] = datesOfIsoWeek(from.year, from.week);
  if (!monday || !Number.isInteger(delta)) throw new RangeError(`shiftIsoWeek: delta must be an integer, got ${delta}`);
  const shifted = civilFromDays(daysFromCivil(monday.year, monday.month, monday.day) + delta * 7);
  return isoWeekOfCalendarDate(shifted.year, shifted.month, shifted.day);
}

/** Keeps a chosen week inside the year's weeks (1..52 or 1..53). Non-numbers become week 1. */
export function clampWeek(year: number, week: number): number {
  if (!Number.isFinite(week)) return 1;
  return Math.min(Math.max(Math.trunc(week), 1), weeksInIsoYear(year));
}

/** Records written by the original app stored 2024 as year 0. */
export function normalizeLegacyYear(year: number): number {
  return year === LEGACY_YEAR_ZERO ? FIRST_YEAR : year;
}

/** The year selector's options, newest first: next year down to 2024 (docs/decisions/021). Next year
 * is counted from the calendar year, which always covers today's ISO week-year too. */
export function yearOptions(today: Date | CalendarDate): number[] {
  const lastYear = Math.max(toCalendarDate(today).year + 1, FIRST_YEAR);
  return Array.from({ length: lastYear - FIRST_YEAR + 1 }, (_, index) => lastYear - index);
}
