// Pool statements (collection `pool_statements`): the trolley pool operator's balance statements a
// nursery imported, each with the rows read from its CSV and the column mapping it was read with;
// the newest one's mapping is what the next import starts from (docs/decisions/040).

import { isIsoDate } from '../ledger/iso-dates';
import { MAX_POOL_COUNT, MAX_POOL_DATES, MAX_POOL_ROWS, readMapping, type ColumnMapping, type PoolRow } from '../ledger/pool-statement';
import type { FieldError } from '../validation';
import type { FieldRead, RecordOf } from './fields';
import { defineCollection, json, relation, text } from './fields';

const SET_BY_SERVER: FieldError = {
  code: 'validation_forbidden',
  message: 'The server records who imported a statement; it cannot be set here.',
};

const invalid = (message: string): FieldRead<never> => ({ ok: false, error: { code: 'validation_invalid_value', message } });

function readMappingField(raw: unknown): FieldRead<ColumnMapping> {
  const mapping = readMapping(raw ?? {});
  return mapping
    ? { ok: true, value: mapping }
    : invalid('The column mapping must name a column (or none) for each of: account, date, trolleys, shelves, extensions.');
}

const isCount = (value: unknown): value is number => Number.isInteger(value) && Math.abs(value as number) <= MAX_POOL_COUNT;

/** The rows as stored: [{account, date, trolleys, shelves, extensions}], at most MAX_POOL_ROWS on at most MAX_POOL_DATES dates. */
export function readPoolRowsField(raw: unknown): FieldRead<PoolRow[]> {
  const value = raw ?? [];
  if (!Array.isArray(value)) return invalid('The rows must be a list of accounts with their counts.');
  if (value.length > MAX_POOL_ROWS) return invalid(`A statement may have at most ${MAX_POOL_ROWS} rows; this one has ${value.length}.`);
  const rows: PoolRow[] = [];
  for (const [index, row] of value.entries()) {
    const item = (typeof row === 'object' && row !== null ? row : {}) as Record<string, unknown>;
    const { account, date, trolleys, shelves, extensions } = item;
    if (typeof account !== 'string' || account.trim() === '' || account.length > 100)
      return invalid(`Row ${index + 1} needs an account number of at most 100 characters.`);
    if (typeof date !== 'string' || !isIsoDate(date)) return invalid(`Row ${index + 1} needs a date written as year-month-day.`);
    if (![trolleys, shelves, extensions].every(isCount))
      return invalid(`Row ${index + 1}: trolleys, shelves and extensions must be whole numbers up to ${MAX_POOL_COUNT}.`);
    rows.push({
      account: account.trim(),
      date,
      trolleys: trolleys as number,
      shelves: shelves as number,
      extensions: extensions as number,
    });
  }
  // The import's limit on every way in (docs/decisions/053): our side is counted once per date.
  const dates = new Set(rows.map((row) => row.date)).size;
  if (dates > MAX_POOL_DATES)
    return invalid(`A statement may have balances on at most ${MAX_POOL_DATES} different dates; this one has ${dates}.`);
  return { ok: true, value: rows };
}

const DATE_WORDS = 'Enter the date as year-month-day, for example 2026-11-20.';

/**
 * A nursery's imported pool statements. Every member reads them (the comparison is for anyone who
 * chases trolleys); office staff and admins import and delete them.
 */
export const poolStatements = defineCollection({
  name: 'pool_statements',
  id: 'pbc_poolstmts_01',
  noun: 'pool statement',
  fields: {
    // The nursery it belongs to, set by the server from the caller (docs/decisions/036).
    nursery: relation('nurseries', { settable: 'always', stamp: 'create', stampWith: 'nursery', default: '' }),
    /** The statement's date, YYYY-MM-DD: its balances are as of this day, and the contest deadline runs from it. */
    statementDate: text({ label: 'Statement date', settable: 'always', required: true, max: 10, default: '' }),
    /** The period it covers, YYYY-MM-DD or '' when the statement names none. */
    periodFrom: text({ label: 'Period from', settable: 'always', max: 10, default: '' }),
    periodTo: text({ label: 'Period to', settable: 'always', max: 10, default: '' }),
    fileName: text({ label: 'File name', settable: 'always', max: 255, default: '' }),
    importedBy: relation('users', { settable: 'never', stamp: 'create', default: '', expandAs: 'presentable', refusal: SET_BY_SERVER }),
    /** Which of the file's columns held what: the next import starts from the newest one's. */
    mapping: json(readMappingField, { label: 'Column mapping', settable: 'always', default: {}, filter: false }),
    rows: json(readPoolRowsField, { label: 'Rows', settable: 'always', default: [], filter: false }),
  },
  indexes: [
    // The statements list, newest first, and the newest one's mapping.
    { name: 'pool_statements_date', on: ['nursery', 'statementDate'] },
    // A list without a sort is in insertion order, the nursery's own.
    { name: 'pool_statements_nursery_seq', on: ['nursery', 'seq'] },
  ],
  refine(value, errors, { existing }) {
    const merged: Record<string, unknown> = { ...existing, ...value };
    for (const name of ['statementDate', 'periodFrom', 'periodTo'] as const) {
      const date = value[name];
      if (typeof date === 'string' && date !== '' && !errors[name] && !isIsoDate(date))
        errors[name] = { code: 'validation_invalid_date', message: DATE_WORDS };
    }
    const from = String(merged.periodFrom ?? '');
    const to = String(merged.periodTo ?? '');
    if (!errors.periodFrom && !errors.periodTo && from !== '' && to !== '' && from > to)
      errors.periodTo = {
        code: 'validation_invalid_value',
        message: 'The period ends before it starts: choose an end on or after its start.',
      };
  },
});

/** An imported pool statement (collection `pool_statements`, docs/decisions/040). */
export type PoolStatementRecord = RecordOf<typeof poolStatements>;
