// What Fill week and Copy to another week are asked, read and checked with sentences a person
// understands (docs/decisions/039). Shared by the server's routes and the web's dialogs.

import { MAX_YEAR, MIN_YEAR } from '../orders/order-fields';
import { DAYS, type Day } from '../vocabulary/day';
import type { FieldError } from '../validation';
import { weeksInIsoYear, type IsoWeek } from '../weeks';

export const STANDING_API = {
  fillWeek: '/api/trolleyboard/standing-orders/fill-week',
  copyPreview: '/api/trolleyboard/orders/copy-preview',
  copy: '/api/trolleyboard/orders/copy',
} as const;

/** The most orders one copy makes: a week of a busy nursery, far below what would hold the database up. */
export const MAX_COPIED_ORDERS = 500;

export type Read<T> = { ok: true; value: T } | { ok: false; message: string; errors: Record<string, FieldError> };

const fail = <T>(message: string, field?: string): Read<T> => ({
  ok: false,
  message,
  errors: field ? { [field]: { code: 'validation_invalid_value', message } } : {},
});

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** A whole number sent as a number or as digits (a query string's). */
function wholeNumber(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) ? n : null;
}

/** `{year, week}` (or `weekNumber`) naming a week the calendar has. `what` names it in sentences ("The week to fill"). */
export function readWeek(raw: unknown, what: string, field = 'week'): Read<IsoWeek> {
  const input = asRecord(raw);
  const year = wholeNumber(input.year);
  const week = wholeNumber(input.week ?? input.weekNumber);
  if (year === null || year < MIN_YEAR || year > MAX_YEAR)
    return fail(`${what}: choose a year between ${MIN_YEAR} and ${MAX_YEAR}.`, 'year');
  if (week === null || week < 1 || week > weeksInIsoYear(year))
    return fail(`${what}: choose a week between 1 and ${weeksInIsoYear(year)} of ${year}.`, field);
  return { ok: true, value: { year, week } };
}

function readDay(value: unknown, what: string): Read<Day | null> {
  if (value === undefined || value === null || value === '') return { ok: true, value: null };
  if (typeof value === 'string' && (DAYS as readonly string[]).includes(value)) return { ok: true, value: value as Day };
  return fail(`${what}: choose a day from Monday to Sunday.`, 'day');
}

/** Which orders to copy: chosen ones by id, or the orders of a day (or of a whole week) of a week. */
export type CopySource = { ids: string[] } | { week: IsoWeek; day: Day | null };

export interface CopyRequest {
  source: CopySource;
  /** The week the copies go into, and the day (null: each copy keeps its order's day). */
  target: IsoWeek;
  targetDay: Day | null;
}

/**
 * `{ids: [...]}` or `{from: {year, week, day?}}`, and `{to: {year, week, day?}}`. Ids are record ids
 * (15 characters); at most MAX_COPIED_ORDERS of them.
 */
export function readCopyRequest(input: { ids?: unknown; from?: unknown; to?: unknown }): Read<CopyRequest> {
  const hasIds = input.ids !== undefined;
  const hasFrom = input.from !== undefined;
  if (hasIds === hasFrom)
    return fail('Say what to copy: the chosen orders (ids) or a day of a week (from), one of the two.', hasIds ? 'from' : 'ids');
  let source: CopySource;
  if (hasIds) {
    const ids = input.ids;
    if (!Array.isArray(ids) || ids.length === 0 || !ids.every((id) => typeof id === 'string' && /^[a-z0-9]{1,50}$/.test(id)))
      return fail('Choose at least one order to copy.', 'ids');
    const unique = [...new Set(ids as string[])];
    if (unique.length > MAX_COPIED_ORDERS)
      return fail(`At most ${MAX_COPIED_ORDERS} orders can be copied at once; ${unique.length} were chosen. Copy them in parts.`, 'ids');
    source = { ids: unique };
  } else {
    const week = readWeek(input.from, 'The week to copy from');
    if (!week.ok) return week;
    const day = readDay(asRecord(input.from).day, 'The day to copy');
    if (!day.ok) return day;
    source = { week: week.value, day: day.value };
  }
  const target = readWeek(input.to, 'The week to copy to');
  if (!target.ok) return target;
  const targetDay = readDay(asRecord(input.to).day, 'The day to copy to');
  if (!targetDay.ok) return targetDay;
  return { ok: true, value: { source, target: target.value, targetDay: targetDay.value } };
}
