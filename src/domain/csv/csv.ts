// Reading and writing CSV (RFC 4180 as spreadsheets write it): quoted fields with "" for a quote
// and line breaks inside quotes, `,` or `;` between fields (European spreadsheets write `;`), CRLF
// or LF, an optional UTF-8 byte-order mark. Pure: text in, rows out, or a sentence a person reads.

import { finish, type Steps } from '../steps';

export type CsvRead = { ok: true; separator: ',' | ';'; headers: string[]; rows: string[][] } | { ok: false; message: string };

/**
 * The separator of a file: the one of `;` and `,` found more often outside quotes on its first
 * line (a header of five names has four of one and, usually, none of the other).
 */
function separatorOf(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  // A header is short; a first line of megabytes is not read to its end only to choose a separator.
  for (const char of text.slice(0, 64 * 1024)) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ',') commas += 1;
    else if (!quoted && char === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

/** Most rows under the header, and most columns, a reader takes; past either it stops reading. */
export interface CsvLimits {
  rows?: number;
  columns?: number;
}

/**
 * Splits CSV text into rows of fields; the first non-blank row is the header. Blank lines are
 * skipped. `choose` tells the person which file to choose when this one is empty. With `limits`,
 * a header of more columns or more rows under it stops the reading there with a sentence, so a
 * file far past them costs no more than the part read (docs/decisions/054).
 */
export function parseCsv(input: string, choose = 'Choose the CSV file the pool operator sent.', limits: CsvLimits = {}): CsvRead {
  return finish(parseCsvInSteps(input, choose, limits));
}

/** parseCsv, yielding after each line (docs/decisions/053). */
export function* parseCsvInSteps(
  input: string,
  choose = 'Choose the CSV file the pool operator sent.',
  limits: CsvLimits = {},
): Steps<CsvRead> {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  if (!/\S/.test(text)) return { ok: false, message: `The file is empty. ${choose}` };
  const separator = separatorOf(text);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let quoteLine = 0;
  // Rows with something in them so far, the header included: what the limits count.
  let filledRows = 0;
  const maxColumns = limits.columns ?? Infinity;
  const maxRows = limits.rows ?? Infinity;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 1;
        } else quoted = false;
      } else {
        if (char === '\n') line += 1;
        field += char;
      }
    } else if (char === '"' && field.trim() === '') {
      quoted = true;
      quoteLine = line;
      field = '';
    } else if (char === separator) {
      row.push(field);
      field = '';
      if (filledRows === 0 && row.length >= maxColumns)
        return { ok: false, message: `The file's header has more than ${maxColumns} columns; no file this import reads has that many.` };
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      if (row.some((cell) => cell.trim() !== '')) filledRows += 1;
      if (filledRows > maxRows + 1)
        return {
          ok: false,
          message: `The file has more than ${maxRows} rows; one import takes at most ${maxRows}. Split it into smaller files.`,
        };
      row = [];
      field = '';
      line += 1;
      yield;
    } else field += char;
  }
  if (quoted) return { ok: false, message: `A quoted field that starts on line ${quoteLine} never ends: a closing " is missing.` };
  row.push(field);
  rows.push(row);
  const filled = rows.map((cells) => cells.map((cell) => cell.trim())).filter((cells) => cells.some((cell) => cell !== ''));
  const [headers, ...data] = filled;
  if (!headers) return { ok: false, message: `The file is empty. ${choose}` };
  if (data.length === 0) return { ok: false, message: 'The file has a header line but no rows under it.' };
  return { ok: true, separator, headers, rows: data };
}

/** A cell: a number stays a number in the spreadsheet; a string is always text. */
export type CsvCell = string | number;

/**
 * A text cell a spreadsheet would read as a formula (or, after a tab or line break, as the start
 * of one): `=`, `+`, `-`, `@`, a tab or a carriage return first (docs/decisions/049).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field, quoted when it must be. Text that starts like a formula gets a leading `'`, so a
 * spreadsheet shows it instead of running it, whatever it looks like ("-3" in a note is text
 * too); numbers are written as numbers, a minus sign included, because the column says they are.
 */
export function csvField(value: CsvCell): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",;\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** CSV text of rows (CRLF line ends, as spreadsheets expect), with a BOM so Excel reads UTF-8. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<CsvCell>>): string {
  return `\uFEFF${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}
