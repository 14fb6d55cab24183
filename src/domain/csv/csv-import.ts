// Reading records from a CSV file (docs/decisions/049), shared by the orders and customers
// imports: the columns of the matching export, found by their header names in any order and any
// case, choices by label or stored value, every row checked by the collection's own declaration,
// each problem said in words with its row. Pure: text in, rows out; the server checks them again
// through its write path, with the rules only it can check (a week still open, a customer
// already in the book).

import type { CollectionDeclaration, Field } from '../collections/fields';
import { validateInput } from '../collections/validate-input';
import { finish, type Steps } from '../steps';
import type { FieldError } from '../validation';
import { parseCsvInSteps } from './csv';

/** Rows one import may hold: a busy nursery's year of orders, far more than a week. */
export const MAX_IMPORTED_ROWS = 5000;
/** Columns a file may have: every column of an export, and room for a spreadsheet's extras to be named. */
export const MAX_IMPORTED_COLUMNS = 100;

/** One row of the file as read: its fields when valid, else what is wrong with it. */
export interface ImportedRow {
  /** The row's number: 1 is the first row under the header. */
  row: number;
  /** The record's fields as the API takes them, when the row is valid. */
  values: Record<string, unknown> | null;
  /** What is wrong with the row, one sentence each; empty when it is valid. */
  problems: string[];
}

/** The preview's answer: every row with its problems, and how many are ready. */
export interface ImportPreview {
  rows: ImportedRow[];
  valid: number;
  invalid: number;
}

/** The import's answer: how many records were made, and the rows left out (only valid rows chosen). */
export interface ImportResult {
  created: number;
  skipped: Array<{ row: number; problems: string[] }>;
}

export type ImportRead = { ok: true; rows: ImportedRow[] } | { ok: false; message: string };

/** What one import reads: an export's columns, the fields they fill, and how choices are read. */
export interface CsvImportSpec<Column extends string> {
  /** The collection whose declaration checks every row. */
  collection: CollectionDeclaration;
  /** The export's columns, in its order. */
  columns: readonly Column[];
  /** The field each column fills. */
  fieldOf: Readonly<Record<Column, string>>;
  /** Columns the file must have. */
  required: readonly Column[];
  /**
   * A field's value from its cell, where the cell is not the stored value itself (a label, Yes/No),
   * or a CellProblem when the cell names nothing there is (a round the nursery does not have).
   */
  choices?: Partial<Record<string, (text: string) => unknown>>;
  /** Which file to choose, said when the file is empty ("Choose a CSV file of orders, such as an exported week."). */
  choose: string;
  /** What has these columns ("an exported week"). */
  exportName: string;
}

/** A cell a choice cannot read, with the sentence that says why; its row is not imported. */
export class CellProblem {
  constructor(readonly problem: string) {}
}

/** A choice's stored value from its label or the value itself, any case; the text as given when neither. */
export function choice<Value extends string>(options: readonly Value[], label: (value: Value) => string, text: string): string {
  const wanted = text.trim().toLowerCase();
  return options.find((value) => value === wanted || label(value).toLowerCase() === wanted) ?? text.trim();
}

/**
 * A cell as the person meant it: the `'` the export put before text that starts like a formula is
 * taken off again, so an exported file imports as it was.
 */
export function unguard(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/**
 * A field's problem in words that name its column ("Day: Must be one of: Monday, …"), unless the
 * sentence names it already. A choice the file got wrong is told by the labels a spreadsheet
 * holds (those the export writes), not the stored values.
 */
function problemOf(field: Field | undefined, column: string | undefined, error: FieldError): string {
  let message = error.message;
  if (error.code === 'validation_invalid_value' && field?.kind === 'select')
    message = `Must be one of: ${field.values.map((value) => field.optionLabel?.(value) ?? (value === '' ? '(blank)' : value)).join(', ')}.`;
  else if (error.code === 'validation_invalid_value' && field?.kind === 'bool') message = 'Must be Yes or No.';
  if (column === undefined || message.toLowerCase().startsWith(column.toLowerCase())) return message;
  return `${column}: ${message}`;
}

/** How many unknown columns a refusal names, and the longest name it repeats whole (docs/decisions/054). */
const NAMED_COLUMNS = 5;
const COLUMN_NAME_LENGTH = 40;

/**
 * The first few of `names`, quoted and cut to a length, then how many more: a file of a million
 * columns gets a sentence, not the file back.
 */
function namedFew(names: readonly string[]): string {
  const shown = names
    .slice(0, NAMED_COLUMNS)
    .map((name) => `"${name.length > COLUMN_NAME_LENGTH ? `${name.slice(0, COLUMN_NAME_LENGTH)}…` : name}"`);
  if (names.length > NAMED_COLUMNS) shown.push(`and ${names.length - NAMED_COLUMNS} more`);
  return shown.join(', ');
}

/** Reads a CSV file by `spec`: whole-file problems as one message, else every row with its own problems. */
export function readCsvRows<Column extends string>(spec: CsvImportSpec<Column>, text: string): ImportRead {
  return finish(readCsvRowsInSteps(spec, text));
}

/** readCsvRows, yielding after each row (docs/decisions/053). */
export function* readCsvRowsInSteps<Column extends string>(spec: CsvImportSpec<Column>, text: string): Steps<ImportRead> {
  // A file far past the limits is refused when they are reached, not after reading all of it.
  const read = yield* parseCsvInSteps(text, spec.choose, { rows: MAX_IMPORTED_ROWS, columns: MAX_IMPORTED_COLUMNS });
  if (!read.ok) return read;
  const byName = new Map(spec.columns.map((column) => [column.toLowerCase(), column]));
  const columns = read.headers.map((header) => byName.get(header.toLowerCase()) ?? null);
  const unknown = read.headers.filter((_, index) => columns[index] === null);
  if (unknown.length > 0)
    return {
      ok: false,
      message: `The file has columns this import does not know: ${namedFew(unknown)}. Use the columns of ${spec.exportName}: ${spec.columns.join(', ')}.`,
    };
  const missing = spec.required.filter((column) => !columns.includes(column));
  if (missing.length > 0) return { ok: false, message: `The file needs the columns ${missing.join(', ')}.` };

  const columnOf = new Map<string, Column>(spec.columns.map((column) => [spec.fieldOf[column], column]));
  const readRow = (cells: readonly string[], index: number): ImportedRow => {
    const body: Record<string, unknown> = {};
    const cellProblems: string[] = [];
    columns.forEach((column, at) => {
      if (column === null) return;
      const field = spec.fieldOf[column];
      const cell = unguard(cells[at] ?? '');
      const value = spec.choices?.[field]?.(cell) ?? cell;
      if (value instanceof CellProblem) cellProblems.push(value.problem);
      else body[field] = value;
    });
    const checked = validateInput(spec.collection, body, 'create');
    if (!checked.ok || cellProblems.length > 0)
      return {
        row: index + 1,
        values: null,
        problems: [
          ...cellProblems,
          ...(checked.ok
            ? []
            : Object.entries(checked.errors).map(([field, error]) => problemOf(spec.collection.fields[field], columnOf.get(field), error))),
        ],
      };
    // The columns' fields as read (numbers as numbers); the rest keep the server's defaults.
    const value = checked.value as Record<string, unknown>;
    return { row: index + 1, values: Object.fromEntries(Object.keys(body).map((field) => [field, value[field]])), problems: [] };
  };
  const rows: ImportedRow[] = [];
  for (const [index, cells] of read.rows.entries()) {
    rows.push(readRow(cells, index));
    yield;
  }
  return { ok: true, rows };
}

/** The preview of rows read and checked. */
export function previewOf(rows: ImportedRow[]): ImportPreview {
  const valid = rows.filter((row) => row.values !== null).length;
  return { rows, valid, invalid: rows.length - valid };
}

/** A row turned invalid by a rule the declaration cannot check (a closed week, a duplicate). */
export function withProblem(row: ImportedRow, problem: string): ImportedRow {
  return { row: row.row, values: null, problems: [...row.problems, problem] };
}
