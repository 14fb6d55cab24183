import { WEEKDAY_HEADING_KEYS, type WeekHeadings, type WeekdayHeadingKey } from './week-heading-keys';
import { DAYS, type Day } from '../vocabulary/day';

/** The route heading when a user has set none for a day (docs/product.md#weekly-board). */
export const DEFAULT_ROUTE_HEADING = 'Misc';

/** `monday` -> `monday_heading`, the key of that day in `settings_json`. */
export function headingKeyOf(day: Day): WeekdayHeadingKey {
  return WEEKDAY_HEADING_KEYS[DAYS.indexOf(day)] as WeekdayHeadingKey;
}

/** The heading shown above a day column: the user's text, or "Misc" when blank. */
export function routeHeadingFor(headings: WeekHeadings, day: Day): string {
  const text = headings[headingKeyOf(day)]?.trim();
  return text ? text : DEFAULT_ROUTE_HEADING;
}

/**
 * The headings a member's board shows: the nursery's (set by its admins), each overridden by the
 * person's own heading for that day where they set one (docs/decisions/036).
 */
export function boardHeadings(nursery: WeekHeadings, own: WeekHeadings): WeekHeadings {
  const headings: WeekHeadings = {};
  for (const key of WEEKDAY_HEADING_KEYS) {
    const mine = own[key]?.trim();
    const theirs = nursery[key]?.trim();
    if (mine) headings[key] = mine;
    else if (theirs) headings[key] = theirs;
  }
  return headings;
}

/** Only the seven heading texts of a stored `settings_json` (anything else is dropped). */
export function pickWeekHeadings(json: unknown): WeekHeadings {
  const headings: WeekHeadings = {};
  if (json === null || typeof json !== 'object') return headings;
  for (const key of WEEKDAY_HEADING_KEYS) {
    const value = (json as Record<string, unknown>)[key];
    if (typeof value === 'string') headings[key] = value;
  }
  return headings;
}
