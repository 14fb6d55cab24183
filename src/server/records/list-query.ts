import type { RawBuilder, SqlBool } from 'kysely';
import { badRequest } from '../errors';
import { compileFilter } from './filter/compile-filter';
import { checkFilterCost } from './filter/filter-cost';
import { FilterError, type FieldMap, type SqlDialect } from './filter/field-map';
import { parseFilter } from './filter/parse-filter';
import { parseSort } from './filter/parse-sort';

export const DEFAULT_PER_PAGE = 30;
/** The SDK's getFullList asks for 1000 at a time (STACK.md), so that is the ceiling. */
export const MAX_PER_PAGE = 1000;
/** With at most 1000 per page, the furthest a list reaches is 100,000,000 records in (docs/decisions/010). */
export const MAX_PAGE = 100_000;
/** `fields` names a handful of fields; a long one is not a real request. */
export const MAX_FIELDS_LENGTH = 1000;

export interface ListQuery {
  page: number;
  perPage: number;
  skipTotal: boolean;
  filter: RawBuilder<SqlBool> | null;
  sort: Array<{ column: string; direction: 'asc' | 'desc' }>;
  fields: string[] | null;
}

type Query = Record<string, string | string[] | undefined>;

type ListParameter = 'page' | 'perPage' | 'skipTotal' | 'sort' | 'filter' | 'fields';

/** One value per parameter: the SDK never repeats one, and guessing which of two was meant is worse than saying so. */
function single(query: Query, name: ListParameter): string | undefined {
  const value = query[name];
  if (Array.isArray(value)) {
    if (value.length > 1) throw badRequest(`The "${name}" query parameter was given more than once; send it once.`);
    return value[0];
  }
  return value;
}

const DIGITS = /^[0-9]+$/;

/** page: a whole number from 1 to MAX_PAGE. Plain digits only, so "4e17", "0x10" or "1.0" are refused, not reinterpreted. */
function readPage(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 1;
  const page = DIGITS.test(raw) ? Number(raw) : Number.NaN;
  if (!(page >= 1 && page <= MAX_PAGE)) {
    throw badRequest(`The "page" query parameter must be a whole number from 1 to ${MAX_PAGE.toLocaleString('en-GB')}.`);
  }
  return page;
}

/** perPage: a whole number of 1 or more; above MAX_PER_PAGE it is lowered to it and echoed, as PocketBase does. */
function readPerPage(raw: string | undefined): number {
  if (raw === undefined || raw === '') return DEFAULT_PER_PAGE;
  const perPage = DIGITS.test(raw) ? Number(raw) : Number.NaN;
  if (!(perPage >= 1)) {
    throw badRequest(
      `The "perPage" query parameter must be a whole number from 1 to ${MAX_PER_PAGE} (larger numbers count as ${MAX_PER_PAGE}).`,
    );
  }
  return Math.min(perPage, MAX_PER_PAGE);
}

/** skipTotal: the forms Go's strconv.ParseBool reads, which is what PocketBase accepts. */
function readSkipTotal(raw: string | undefined): boolean {
  if (raw === undefined || raw === '') return false;
  if (['1', 't', 'true', 'TRUE', 'True', 'T'].includes(raw)) return true;
  if (['0', 'f', 'false', 'FALSE', 'False', 'F'].includes(raw)) return false;
  throw badRequest('The "skipTotal" query parameter must be true or false (or 1 or 0).');
}

/** Reads just `page` and `perPage`, as for a list, for routes whose lists take no filter or sort (history, Deleted). */
export function parsePaging(query: Query): { page: number; perPage: number } {
  return { page: readPage(single(query, 'page')), perPage: readPerPage(single(query, 'perPage')) };
}

/** Reads PocketBase's list parameters: page, perPage, sort, filter, skipTotal, fields. Every one is range-checked (docs/decisions/010). */
export function parseListQuery(query: Query, fields: FieldMap, dialect: SqlDialect): ListQuery {
  const page = readPage(single(query, 'page'));
  const perPage = readPerPage(single(query, 'perPage'));
  const skipTotal = readSkipTotal(single(query, 'skipTotal'));
  const rawFilter = single(query, 'filter') ?? '';
  const rawSort = single(query, 'sort') ?? '';
  const rawFields = single(query, 'fields');
  try {
    const node = rawFilter.trim() === '' ? null : parseFilter(rawFilter);
    const filter = node === null ? null : compileFilter(node, fields, dialect);
    // The whole filter is bounded, not only each value in it (docs/decisions/017).
    checkFilterCost(node, fields);
    const sort = parseSort(rawSort, fields);
    return { page, perPage, skipTotal, filter, sort, fields: parseFieldsParam(rawFields) };
  } catch (error) {
    if (error instanceof FilterError) {
      throw badRequest(error.message, error.code ? { filter: { code: error.code, message: error.message } } : {});
    }
    throw error;
  }
}

/** `fields=id,title` limits the keys of each returned record; `*` or nothing means all. */
export function parseFieldsParam(raw: string | undefined): string[] | null {
  if (raw === undefined || raw.trim() === '') return null;
  if (raw.length > MAX_FIELDS_LENGTH) {
    throw badRequest(`The "fields" query parameter is too long (${raw.length} characters; at most ${MAX_FIELDS_LENGTH}).`);
  }
  const names = raw
    .split(',')
    .map((f) => f.trim())
    .filter((f) => f.length > 0);
  return names.includes('*') ? null : names;
}

export function pickFields(record: Record<string, unknown>, fields: string[] | null): Record<string, unknown> {
  if (fields === null) return record;
  const picked: Record<string, unknown> = {};
  for (const name of fields) if (Object.hasOwn(record, name)) picked[name] = record[name];
  return picked;
}
