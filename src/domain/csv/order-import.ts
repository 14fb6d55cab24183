// Reading orders from a CSV file (docs/decisions/049): the columns of the order export, found by
// their header names in any order, labels or stored values both accepted ("Query" or "missed"),
// every row checked by the orders' own declaration, each problem said in words with its line.
// Pure: text in, rows out; the server checks them again through its write path.

import { tasks } from '../collections/tasks';
import { validateInput } from '../collections/validate-input';
import { boardTypeLabel, customerTypeLabel, dayLabel, statusLabel } from '../orders/format';
import { BOARD_TYPES, CUSTOMER_TYPES, DAYS, ORDER_STATUSES } from '../records';
import { parseCsv } from './csv';
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

const REQUIRED: readonly Column[] = ['Year', 'Week', 'Day', 'Customer name'];

/** A choice's stored value from its label or the value itself, any case; the text as given when neither. */
function choice(options: readonly string[], label: (value: string) => string, text: string): string {
  const wanted = text.trim().toLowerCase();
  return options.find((value) => value === wanted || label(value).toLowerCase() === wanted) ?? text.trim();
}

const CHOICES: Partial<Record<string, (text: string) => string>> = {
  day: (text) => choice(DAYS, (day) => dayLabel(day as (typeof DAYS)[number]), text),
  customerType: (text) => choice(CUSTOMER_TYPES, (type) => customerTypeLabel(type as (typeof CUSTOMER_TYPES)[number]), text),
  other: (text) => choice(BOARD_TYPES, (type) => boardTypeLabel(type as (typeof BOARD_TYPES)[number]), text),
  status: (text) => (text.trim() === '' || text.trim().toLowerCase() === 'none' ? '' : choice(ORDER_STATUSES, statusLabel, text)),
};

/**
 * A cell as the person meant it: the `'` the export put before text that starts like a formula is
 * taken off again, so an exported file imports as it was.
 */
export function unguard(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/** The import's routes: the preview (writes nothing) and the import (`{csv, onlyValid}`). */
export const ORDERS_IMPORT_API = { preview: '/api/orders/import/preview', import: '/api/orders/import' } as const;

/** The preview's answer: every row with its problems, and how many are ready. */
export interface OrderImportPreview {
  rows: ImportedOrderRow[];
  valid: number;
  invalid: number;
}

/** The import's answer: how many orders were made, and the rows left out (only valid rows chosen). */
export interface OrderImportResult {
  created: number;
  skipped: Array<{ row: number; problems: string[] }>;
}

export interface ImportedOrderRow {
  /** The row's number: 1 is the first row under the header. */
  row: number;
  /** The order's fields as the API takes them, when the row is valid. */
  order: Record<string, unknown> | null;
  /** What is wrong with the row, one sentence each; empty when it is valid. */
  problems: string[];
}

export type OrderImportRead = { ok: true; rows: ImportedOrderRow[] } | { ok: false; message: string };

/** Reads an orders CSV: whole-file problems as one message, else every row with its own problems. */
export function readOrdersCsv(text: string): OrderImportRead {
  const read = parseCsv(text, 'Choose a CSV file of orders, such as an exported week.');
  if (!read.ok) return read;
  const columns = read.headers.map((header) => ORDER_COLUMNS.find((column) => column.toLowerCase() === header.toLowerCase()) ?? null);
  const unknown = read.headers.filter((_, index) => columns[index] === null);
  if (unknown.length > 0)
    return {
      ok: false,
      message: `The file has columns this import does not know: ${unknown.map((name) => `"${name}"`).join(', ')}. Use the columns of an exported week: ${ORDER_COLUMNS.join(', ')}.`,
    };
  const missing = REQUIRED.filter((column) => !columns.includes(column));
  if (missing.length > 0) return { ok: false, message: `The file needs the columns ${missing.join(', ')}.` };

  const rows = read.rows.map((cells, index): ImportedOrderRow => {
    const body: Record<string, unknown> = {};
    columns.forEach((column, at) => {
      if (column === null) return;
      const field = FIELD_OF[column];
      const cell = unguard(cells[at] ?? '');
      body[field] = CHOICES[field]?.(cell) ?? cell;
    });
    const checked = validateInput(tasks, body, 'create');
    if (!checked.ok) return { row: index + 1, order: null, problems: Object.values(checked.errors).map((error) => error.message) };
    // The columns' fields as read (numbers as numbers); the rest keep the server's defaults.
    const value = checked.value as Record<string, unknown>;
    return { row: index + 1, order: Object.fromEntries(Object.keys(body).map((field) => [field, value[field]])), problems: [] };
  });
  return { ok: true, rows };
}
