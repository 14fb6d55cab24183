import type { BoardType } from '../vocabulary/board-type';
import type { CustomerType } from '../vocabulary/customer-type';
import type { Day } from '../vocabulary/day';
import type { OrderStatus } from '../vocabulary/order-status';
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

const STATUS_LABELS: Record<OrderStatus, string> = {
  '': 'None',
  working: 'Working',
  missed: 'Query',
  pulled: 'Pulled',
  loaded: 'Loaded',
};

/** Status as staff call it: "missed" is shown as "Query"; no status is "None". */
export function statusLabel(status: string): string {
  return (STATUS_LABELS as Record<string, string>)[status] ?? status;
}

const CUSTOMER_TYPE_LABELS: Record<CustomerType, string> = {
  wholesale: 'Wholesale',
  retail: 'Retail',
  missed: 'Missed',
  other: 'Other',
};

export function customerTypeLabel(customerType: CustomerType): string {
  return CUSTOMER_TYPE_LABELS[customerType];
}

const BOARD_TYPE_LABELS: Record<BoardType, string> = {
  none: 'Whiteboard',
  holding: 'Holding',
  collect: 'Collect',
};

/** Board type as the order form names it: none is the Whiteboard (the weekly board). */
export function boardTypeLabel(boardType: BoardType): string {
  return BOARD_TYPE_LABELS[boardType];
}

/** "monday" -> "Monday". */
export function dayLabel(day: Day): string {
  return day.charAt(0).toUpperCase() + day.slice(1);
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
