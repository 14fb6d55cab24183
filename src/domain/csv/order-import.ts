// Reading orders from a CSV file (docs/decisions/049): the columns of the order export, read by the
// shared CSV import (csv-import.ts) and checked by the orders' own declaration.

import { tasks } from '../collections/tasks';
import { boardTypeLabel, customerTypeLabel, dayLabel, statusLabel } from '../orders/format';
import { BOARD_TYPES } from '../vocabulary/board-type';
import { CUSTOMER_TYPES } from '../vocabulary/customer-type';
import { DAYS } from '../vocabulary/day';
import { ORDER_STATUSES } from '../vocabulary/order-status';
import type { Steps } from '../steps';
import { choice, readCsvRows, readCsvRowsInSteps, type CsvImportSpec, type ImportRead } from './csv-import';
import { ORDER_COLUMNS } from './exports';

type Column = (typeof ORDER_COLUMNS)[number];

/** The order fields each column fills. */
export const FIELD_OF: Record<Column, string> = {
  Year: 'year',
  Week: 'weekNumber',
  Day: 'day',
  'Customer name': 'title',
  Postcode: 'postcode',
  'Order number': 'orderNumber',
  'Customer type': 'customerType',
  'Board type': 'other',
  Status: 'status',
  Trollies: 'trollies',
  Extras: 'extras',
  'Additional info': 'orderInfo',
};

const ORDERS_CSV: CsvImportSpec<Column> = {
  collection: tasks,
  columns: ORDER_COLUMNS,
  fieldOf: FIELD_OF,
  required: ['Year', 'Week', 'Day', 'Customer name'],
  choices: {
    day: (text) => choice(DAYS, dayLabel, text),
    customerType: (text) => choice(CUSTOMER_TYPES, customerTypeLabel, text),
    other: (text) => choice(BOARD_TYPES, boardTypeLabel, text),
    // A blank cell is no status, and so is "None", the label of its row.
    status: (text) => choice(ORDER_STATUSES, statusLabel, text),
  },
  choose: 'Choose a CSV file of orders, such as an exported week.',
  exportName: 'an exported week',
};

/** The import's routes: the preview (writes nothing) and the import (`{csv, onlyValid}`). */
export const ORDERS_IMPORT_API = { preview: '/api/orders/import/preview', import: '/api/orders/import' } as const;

/** Reads an orders CSV: whole-file problems as one message, else every row with its own problems. */
export function readOrdersCsv(text: string): ImportRead {
  return readCsvRows(ORDERS_CSV, text);
}

/** readOrdersCsv, yielding after each row (docs/decisions/053). */
export function readOrdersCsvInSteps(text: string): Steps<ImportRead> {
  return readCsvRowsInSteps(ORDERS_CSV, text);
}
