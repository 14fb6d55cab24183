// What each screen exports as CSV (docs/decisions/049): orders (a week's board, its collects, the
// holding list, a search), the customer book and a customer's ledger. Pure: records in, CSV text
// out through the one writer (csv.ts), which guards text cells against spreadsheet formulas.

import { MOVEMENT_KIND_LABELS, REASON_LABELS } from '../collections/trolley-movements';
import { changeOf } from '../ledger/statement';
import { boardTypeLabel, customerTypeLabel, dayLabel, formatPostcode, statusLabel } from '../orders/format';
import { PARTY_KIND_LABELS, type CustomerRecord } from '../collections/customers';
import type { OrderRecord } from '../collections/tasks';
import type { TrolleyMovementRecord } from '../collections/trolley-movements';
import { DAYS, type Day } from '../vocabulary/day';
import { toCsv, type CsvCell } from './csv';

/** The columns of an order, in this order: also what the order import reads (headers by name). */
export const ORDER_COLUMNS = [
  'Year',
  'Week',
  'Day',
  'Customer name',
  'Postcode',
  'Order number',
  'Customer type',
  'Board type',
  'Status',
  'Trollies',
  'Extras',
  'Additional info',
] as const;

/**
 * A count kept as text (an order's trollies and extras): a plain number goes out as a number, so a
 * spreadsheet can add it up (a minus one too); anything else ("2 + shelf") stays guarded text.
 */
export function countCell(text: string): CsvCell {
  const trimmed = text.trim();
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : text;
}

const dayIndex = (day: Day) => DAYS.indexOf(day);

/** Orders by year, week and day, each day's in the order given (the board's). */
export function ordersCsv(orders: readonly OrderRecord[]): string {
  const sorted = orders
    .map((order, index) => ({ order, index }))
    .sort(
      (a, b) =>
        a.order.year - b.order.year ||
        a.order.weekNumber - b.order.weekNumber ||
        dayIndex(a.order.day) - dayIndex(b.order.day) ||
        a.index - b.index,
    )
    .map(({ order }) => order);
  return toCsv([
    ORDER_COLUMNS,
    ...sorted.map((order) => [
      order.year,
      order.weekNumber,
      dayLabel(order.day),
      order.title,
      formatPostcode(order.postcode),
      order.orderNumber,
      customerTypeLabel(order.customerType),
      boardTypeLabel(order.other),
      order.status === '' ? '' : statusLabel(order.status),
      countCell(order.trollies),
      countCell(order.extras),
      order.orderInfo,
    ]),
  ]);
}

export const CUSTOMER_COLUMNS = [
  'Name',
  'Postcode',
  'Phone',
  'E-mail',
  'Delivery address',
  'Customer type',
  'Usual delivery day',
  'Usual trolleys',
  'Pool account number',
  'Round',
  'Kind',
  'Active',
  'Notes',
] as const;

/**
 * The customer book, as listed. A customer's round is written by its name (`roundNames`: round id →
 * name), as a person reads it and the import takes it back; a round not there is left blank.
 */
export function customersCsv(customers: readonly CustomerRecord[], roundNames: ReadonlyMap<string, string> = new Map()): string {
  return toCsv([
    CUSTOMER_COLUMNS,
    ...customers.map((customer) => [
      customer.name,
      customer.postcode,
      customer.phone,
      customer.email,
      customer.deliveryAddress,
      customerTypeLabel(customer.customerType),
      customer.usualDay === '' ? '' : dayLabel(customer.usualDay),
      customer.usualTrolleys,
      customer.poolAccount,
      roundNames.get(customer.round) ?? '',
      PARTY_KIND_LABELS[customer.kind],
      customer.active ? 'Yes' : 'No',
      customer.notes,
    ]),
  ]);
}

/** A customer's ledger, newest first as shown: each movement's signed change to what the customer holds. */
export function ledgerCsv(movements: readonly TrolleyMovementRecord[], customerName: string): string {
  return toCsv([
    ['Customer', 'Date', 'Movement', 'Reason', 'Trolleys', 'Shelves', 'Extensions', 'From a run', 'Note'],
    ...movements.map((movement) => {
      const change = changeOf(movement);
      return [
        customerName,
        movement.date,
        MOVEMENT_KIND_LABELS[movement.kind],
        movement.reason === '' ? '' : REASON_LABELS[movement.reason],
        change.trolleys,
        change.shelves,
        change.extensions,
        movement.run === '' ? 'No' : 'Yes',
        movement.note,
      ];
    }),
  ]);
}

/** `{parts joined by _}.csv` with only letters, digits and dashes in each part. */
export function csvFileName(...parts: ReadonlyArray<string | number>): string {
  const clean = parts
    .map((part) =>
      String(part)
        .normalize('NFKD')
        .replace(/\p{M}/gu, '')
        .replace(/[^\p{L}\p{N}]+/gu, '-')
        .replace(/^-|-$/g, '')
        .slice(0, 60),
    )
    .filter((part) => part !== '');
  return `${clean.join('_') || 'export'}.csv`;
}
