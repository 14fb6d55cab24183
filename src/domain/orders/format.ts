import { BOARD_TYPE_TABLE, type BoardType } from '../vocabulary/board-type';
import { CUSTOMER_TYPE_TABLE, type CustomerType } from '../vocabulary/customer-type';
import { DAY_TABLE, type Day } from '../vocabulary/day';
import { labelOf } from '../vocabulary/label-of';
import { ORDER_STATUS_TABLE } from '../vocabulary/order-status';
import type { CalendarDate } from '../weeks';

/** Postcode as boards, lists and pick sheets show it. */
export function formatPostcode(postcode: string): string {
  return postcode.trim().toUpperCase();
}

/**
 * Postcode as the trolley mapper shows it: a UK-style postcode typed without its space
 * ("ab12cd") gets one before its last three characters ("AB1 2CD"). Text without a digit is
 * not a postcode (a note such as "collect") and is only tidied.
 */
export function formatMapperPostcode(postcode: string): string {
  const tidy = postcode.trim().replace(/\s+/g, ' ');
  if (!/\d/.test(tidy)) return tidy;
  const compact = tidy.replace(/ /g, '').toUpperCase();
  if (compact.length <= 3) return compact;
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

/** The last four characters of an order number, which is all staff read out. */
export function lastFour(orderNumber: string): string {
  return orderNumber.trim().slice(-4);
}

// The labels below are read from the vocabulary tables (src/domain/vocabulary, docs/decisions/059).

/** Status as staff call it: "missed" is shown as "Query"; no status is "None"; anything else as it is. */
export function statusLabel(status: string): string {
  return labelOf(ORDER_STATUS_TABLE, status) ?? status;
}

export function customerTypeLabel(customerType: CustomerType): string {
  return labelOf(CUSTOMER_TYPE_TABLE, customerType) ?? customerType;
}

/** Board type as the order form names it: none is the Whiteboard (the weekly board). */
export function boardTypeLabel(boardType: BoardType): string {
  return labelOf(BOARD_TYPE_TABLE, boardType) ?? boardType;
}

/** Board type in a sentence or a history line: none is the "Weekly board" (docs/decisions/070). */
export function boardTypeWords(boardType: BoardType): string {
  return Object.hasOwn(BOARD_TYPE_TABLE, boardType) ? BOARD_TYPE_TABLE[boardType].words : boardType;
}

/** "monday" -> "Monday". */
export function dayLabel(day: Day): string {
  return labelOf(DAY_TABLE, day) ?? day.charAt(0).toUpperCase() + day.slice(1);
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * A day as the pick and collect sheets head it, with its month: "Tuesday 24 November 2026"
 * (docs/product.md#pick-sheet). `date` is that day's calendar date (its calendar year, which
 * differs from the ISO week-year for a few days around New Year).
 */
export function sheetDateLabel(day: Day, date: CalendarDate): string {
  return `${dayLabel(day)} ${date.day} ${MONTHS[date.month - 1] ?? ''} ${date.year}`;
}
