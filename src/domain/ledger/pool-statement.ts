// The pool operator's balance statement (docs/decisions/040): which column of their CSV holds what
// (the mapping a nursery chooses once), the rows read through it, and the same checks on the server
// and in the browser, in sentences a person can act on.

import type { CsvRead } from '../csv/csv';
import { finish, type Steps } from '../steps';
import { isoOf, isIsoDate } from './iso-dates';
import { COUNTS, type CountName, type Counts } from './statement';

/** Whose column is which: header names of the file; '' for a column the file does not have. */
export interface ColumnMapping {
  account: string;
  /** The balance date of each row (optional: without it every row is at the statement date). */
  date: string;
  trolleys: string;
  shelves: string;
  extensions: string;
}

export const MAPPING_FIELDS = ['account', 'date', ...COUNTS] as const;
export type MappingField = (typeof MAPPING_FIELDS)[number];

export const MAPPING_LABELS: Readonly<Record<MappingField, string>> = {
  account: 'Account number',
  date: 'Date',
  trolleys: 'Trolleys',
  shelves: 'Shelves',
  extensions: 'Extensions',
};

/** One account's balance as the pool operator states it. */
export interface PoolRow extends Counts {
  account: string;
  /** `YYYY-MM-DD`: the row's own date, or the statement date. */
  date: string;
}

/** Limits on an import: a nursery has hundreds of accounts, not tens of thousands. */
export const MAX_POOL_ROWS = 5000;
export const MAX_POOL_CSV_BYTES = 1_000_000;
/** A pool balance is whole trolleys; this bound catches a column of amounts or ids mapped by mistake. */
export const MAX_POOL_COUNT = 99_999;
/** At most this many row errors are listed; the rest are counted. */
export const ROW_ERRORS_SHOWN = 20;

export const EMPTY_MAPPING: ColumnMapping = { account: '', date: '', trolleys: '', shelves: '', extensions: '' };

/**
 * A mapping read from anything (a request body, a stored record): each field a header name, or ''.
 * Null when it is not an object of texts.
 */
export function readMapping(raw: unknown): ColumnMapping | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const source = raw as Record<string, unknown>;
  const mapping = { ...EMPTY_MAPPING };
  for (const key of Object.keys(source)) if (!(MAPPING_FIELDS as readonly string[]).includes(key)) return null;
  for (const field of MAPPING_FIELDS) {
    const value = source[field] ?? '';
    if (typeof value !== 'string' || value.length > 200) return null;
    mapping[field] = value.trim();
  }
  return mapping;
}

/** What is wrong with a mapping for these headers, or null. */
export function mappingProblem(mapping: ColumnMapping, headers: readonly string[]): string | null {
  if (mapping.account === '') return 'Choose the column that holds the account number.';
  if (COUNTS.every((count) => mapping[count] === '')) return 'Choose at least one column of counts: trolleys, shelves or extensions.';
  for (const field of MAPPING_FIELDS) {
    const header = mapping[field];
    if (header !== '' && !headers.includes(header))
      return `The file has no column "${header}" (chosen for ${MAPPING_LABELS[field].toLowerCase()}). Its columns are: ${headers.join(', ')}.`;
  }
  const chosen = MAPPING_FIELDS.map((field) => mapping[field]).filter((header) => header !== '');
  const twice = chosen.find((header, index) => chosen.indexOf(header) !== index);
  if (twice !== undefined) return `The column "${twice}" is chosen twice. Choose a different column for each.`;
  return null;
}

/**
 * The mapping a file probably wants: the remembered one where its columns are all in this file,
 * else a guess from the header names ("Account", "Konto", "Trolleys", "CC", "Shelves", ...).
 */
export function suggestMapping(headers: readonly string[], remembered: ColumnMapping | null): ColumnMapping {
  if (remembered && mappingProblem(remembered, headers) === null) return remembered;
  const find = (pattern: RegExp, taken: readonly string[]): string => headers.find((h) => pattern.test(h) && !taken.includes(h)) ?? '';
  const mapping = { ...EMPTY_MAPPING };
  mapping.account = find(/account|konto|customer no|cust(omer)? ?(no|number|id)|debtor/i, []);
  mapping.date = find(/date|dato|period/i, [mapping.account]);
  mapping.shelves = find(/shel|hylde|plates?/i, [mapping.account, mapping.date]);
  mapping.extensions = find(/exten|forl/i, [mapping.account, mapping.date, mapping.shelves]);
  mapping.trolleys = find(/troll|cc|container|vogn/i, [mapping.account, mapping.date, mapping.shelves, mapping.extensions]);
  return mapping;
}

/** Reads a date as pool statements write it: 2026-11-20, 20/11/2026, 20-11-2026 or 20.11.2026. */
export function readStatementDate(text: string): string | null {
  const value = text.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return isIsoDate(value) ? value : null;
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  if (!match) return null;
  const iso = isoOf(Number(match[3]), Number(match[2]), Number(match[1]));
  return iso === `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}` ? iso : null;
}

export type PoolRowsRead = { ok: true; rows: PoolRow[] } | { ok: false; message: string; errors: string[] };

function readCount(text: string): number | null {
  const value = text.trim();
  if (value === '') return 0;
  if (!/^-?\d+$/.test(value)) return null;
  const count = Number(value);
  return Math.abs(count) <= MAX_POOL_COUNT ? count : null;
}

/**
 * The pool rows of a read file through a mapping, at `statementDate` unless the file dates its rows.
 * Every problem is listed by the file's line ("Line 4: ..."), the first ROW_ERRORS_SHOWN of them.
 */
export function readPoolRows(file: Extract<CsvRead, { ok: true }>, mapping: ColumnMapping, statementDate: string): PoolRowsRead {
  return finish(readPoolRowsInSteps(file, mapping, statementDate));
}

/** readPoolRows, yielding after each row (docs/decisions/053). */
export function* readPoolRowsInSteps(
  file: Extract<CsvRead, { ok: true }>,
  mapping: ColumnMapping,
  statementDate: string,
): Steps<PoolRowsRead> {
  const problem = mappingProblem(mapping, file.headers);
  if (problem) return { ok: false, message: problem, errors: [] };
  if (file.rows.length > MAX_POOL_ROWS)
    return {
      ok: false,
      message: `The file has ${file.rows.length} rows; a statement may have at most ${MAX_POOL_ROWS}. Split it, or check it is the balance statement.`,
      errors: [],
    };
  const column = (field: MappingField): number => (mapping[field] === '' ? -1 : file.headers.indexOf(mapping[field]));
  const columns = {
    account: column('account'),
    date: column('date'),
    trolleys: column('trolleys'),
    shelves: column('shelves'),
    extensions: column('extensions'),
  };
  const errors: string[] = [];
  const rows: PoolRow[] = [];
  const seen = new Map<string, number>();
  // One row's problem, if any; each row is a step of its own.
  const readRow = (cells: readonly string[], index: number): void => {
    // The header is line 1 of what a person sees in a spreadsheet; blank lines were dropped.
    const line = `Row ${index + 2}`;
    const cell = (at: number): string => (at < 0 ? '' : (cells[at] ?? '').trim());
    const account = cell(columns.account);
    if (account === '') {
      errors.push(`${line}: the account number (column "${mapping.account}") is empty.`);
      return;
    }
    if (account.length > 100) {
      errors.push(`${line}: the account number is longer than 100 characters; is "${mapping.account}" the right column?`);
      return;
    }
    let date = statementDate;
    if (columns.date >= 0) {
      const read = readStatementDate(cell(columns.date));
      if (!read) {
        errors.push(`${line}: "${cell(columns.date)}" in column "${mapping.date}" is not a date. Write it like 20/11/2026 or 2026-11-20.`);
        return;
      }
      date = read;
    }
    const counts = {} as Counts;
    for (const name of COUNTS as readonly CountName[]) {
      const count = readCount(cell(columns[name]));
      if (count === null) {
        errors.push(
          `${line}: "${cell(columns[name])}" in column "${mapping[name]}" is not a whole number of ${name} (at most ${MAX_POOL_COUNT}).`,
        );
        return;
      }
      counts[name] = count;
    }
    const key = `${account}\u0000${date}`;
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push(`${line}: account ${account} is listed twice for the same date (also on row ${first}).`);
      return;
    }
    seen.set(key, index + 2);
    rows.push({ account, date, ...counts });
  };
  for (const [index, cells] of file.rows.entries()) {
    readRow(cells, index);
    yield;
  }
  if (errors.length > 0) {
    const more = errors.length - ROW_ERRORS_SHOWN;
    return {
      ok: false,
      message:
        errors.length === 1
          ? `One row could not be read. ${errors[0]}`
          : `${errors.length} rows could not be read. Correct the file, or check the columns chosen.`,
      errors: more > 0 ? [...errors.slice(0, ROW_ERRORS_SHOWN), `... and ${more} more.`] : errors,
    };
  }
  const dates = new Set(rows.map((row) => row.date)).size;
  if (dates > MAX_POOL_DATES)
    return {
      ok: false,
      message: `The file has balances on ${dates} different dates; a statement may have at most ${MAX_POOL_DATES}. Is the date column the right one?`,
      errors: [],
    };
  return { ok: true, rows };
}

/** The routes of the pool check (docs/decisions/040). */
export const POOL_API = {
  import: '/api/trolleyboard/pool-statements/import',
  comparison: (id: string) => `/api/trolleyboard/pool-statements/${encodeURIComponent(id)}/comparison`,
} as const;

/** At most this many different dates in one statement: our side is counted once per date. */
export const MAX_POOL_DATES = 60;
