import type { RawBuilder, SqlBool } from 'kysely';
import { badRequest } from '../errors';
import { compileFilter } from './filter/compile-filter';
import { FilterError, type FieldMap, type SqlDialect } from './filter/field-map';
import { parseFilter } from './filter/parse-filter';
import { parseSort } from './filter/parse-sort';

export const DEFAULT_PER_PAGE = 30;
/** The SDK's getFullList asks for 1000 at a time (STACK.md), so that is the ceiling. */
export const MAX_PER_PAGE = 1000;

export interface ListQuery {
  page: number;
  perPage: number;
  skipTotal: boolean;
  filter: RawBuilder<SqlBool> | null;
  sort: Array<{ column: string; direction: 'asc' | 'desc' }>;
  fields: string[] | null;
}

type Query = Record<string, string | string[] | undefined>;

const single = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[value.length - 1] : value);

function positiveInteger(raw: string | undefined, name: string, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw badRequest(`The "${name}" query parameter must be a whole number of 1 or more.`);
  return n;
}

/** Reads PocketBase's list parameters: page, perPage, sort, filter, skipTotal, fields. */
export function parseListQuery(query: Query, fields: FieldMap, dialect: SqlDialect): ListQuery {
  const page = positiveInteger(single(query.page), 'page', 1);
  const perPage = Math.min(positiveInteger(single(query.perPage), 'perPage', DEFAULT_PER_PAGE), MAX_PER_PAGE);
  const rawSkip = single(query.skipTotal);
  const skipTotal = rawSkip === '1' || rawSkip === 'true';
  try {
    const rawFilter = single(query.filter) ?? '';
    const node = rawFilter.trim() === '' ? null : parseFilter(rawFilter);
    const filter = node === null ? null : compileFilter(node, fields, dialect);
    const sort = parseSort(single(query.sort) ?? '', fields);
    return { page, perPage, skipTotal, filter, sort, fields: parseFieldsParam(single(query.fields)) };
  } catch (error) {
    if (error instanceof FilterError) throw badRequest(error.message);
    throw error;
  }
}

/** `fields=id,title` limits the keys of each returned record; `*` or nothing means all. */
export function parseFieldsParam(raw: string | undefined): string[] | null {
  if (raw === undefined || raw.trim() === '') return null;
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
