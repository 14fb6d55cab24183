// Add Order starts where the person is (docs/product.md#add-order): the week on screen, and the
// day (and board type) of the column whose "+" was pressed. The preset travels in the address
// (`/createCustomer?year=2026&week=50&day=friday`), so the header's Add Order, a day's "+" and a
// reload all give the form the same start.
import { BOARD_TYPES, DAYS, type BoardType, type Day } from '#domain/records';
import type { IsoWeek } from '#domain/weeks';
import { paths } from './paths';
import { weekFromParams } from './week-params';

export interface NewOrderPreset {
  week: IsoWeek;
  day?: Day;
  other?: BoardType;
}

/** The address of Add Order with a preset. */
export function newOrderHref({ week, day, other }: NewOrderPreset): string {
  const params = new URLSearchParams({ year: String(week.year), week: String(week.week) });
  if (day) params.set('day', day);
  if (other) params.set('other', other);
  return `${paths.createOrder}?${params.toString()}`;
}

/** The preset an address names; what is missing or unreadable falls back to `fallback` (this week) or the form's defaults. */
export function newOrderPresetOf(params: URLSearchParams, fallback: IsoWeek): NewOrderPreset {
  const day = params.get('day');
  const other = params.get('other');
  return {
    week: weekFromParams(params, fallback),
    day: (DAYS as readonly string[]).includes(day ?? '') ? (day as Day) : undefined,
    other: (BOARD_TYPES as readonly string[]).includes(other ?? '') ? (other as BoardType) : undefined,
  };
}
