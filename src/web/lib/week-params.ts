// The chosen week lives in the URL (`?year=2026&week=47`), so a reload or a shared link shows the
// same week. Pure rules for reading it back, tested in week-params.test.ts.
import { MAX_YEAR, MIN_YEAR } from '#domain/orders/order-fields';
import { clampWeek, type IsoWeek } from '#domain/weeks';

function integerParam(value: string | null): number | null {
  if (value === null || !/^\s*\d{1,4}\s*$/.test(value)) return null;
  return Number(value);
}

/**
 * The week a URL names. Missing or unreadable parts fall back to `fallback` (today's week, or
 * the week chosen last); a year outside 2000–2100 counts as missing; a week outside the year's
 * weeks is clamped (week 53 of a 52-week year is its week 52; week 0 is week 1).
 */
export function weekFromParams(params: URLSearchParams, fallback: IsoWeek): IsoWeek {
  const givenYear = integerParam(params.get('year'));
  const year = givenYear !== null && givenYear >= MIN_YEAR && givenYear <= MAX_YEAR ? givenYear : fallback.year;
  const givenWeek = integerParam(params.get('week'));
  return { year, week: clampWeek(year, givenWeek ?? fallback.week) };
}

/** `?year=2026&week=47`. */
export function weekSearch({ year, week }: IsoWeek): string {
  return `?${new URLSearchParams({ year: String(year), week: String(week) }).toString()}`;
}
