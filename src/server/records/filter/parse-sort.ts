// PocketBase sort text ("-created,title") -> SQL columns and directions. Like PocketBase, "-" means
// descending, "+" or no sign ascending, and blank items ("a,,b", a trailing comma) are skipped.

import { FilterError, lookUpField, type FieldMap } from './field-map';

export interface SortTerm {
  /** SQL column from the FieldMap; use with sql.ref / orderBy. */
  column: string;
  direction: 'asc' | 'desc';
}

export const MAX_SORT_LENGTH = 3500;

/**
 * Parses a sort such as `-created,title` into terms in order of priority; "" gives [].
 * @throws FilterError `Invalid sort: unknown field "x".` and similar.
 */
export function parseSort(input: string, fields: FieldMap): SortTerm[] {
  if (input.length > MAX_SORT_LENGTH) {
    throw new FilterError(`Invalid sort: the sort is too long (${input.length} characters; at most ${MAX_SORT_LENGTH}).`);
  }
  const terms: SortTerm[] = [];
  for (const item of input.split(',')) {
    const trimmed = item.trim();
    if (trimmed === '') continue;
    const sign = trimmed.charAt(0);
    const hasSign = sign === '-' || sign === '+';
    const name = hasSign ? trimmed.slice(1).trim() : trimmed;
    if (name === '') throw new FilterError(`Invalid sort: expected a field name after "${sign}".`);
    const spec = lookUpField(fields, name);
    if (!spec) throw new FilterError(`Invalid sort: unknown field "${name}".`);
    if (spec.type === 'json') throw new FilterError(`Invalid sort: field "${name}" cannot be sorted.`);
    terms.push({ column: spec.column, direction: sign === '-' ? 'desc' : 'asc' });
  }
  return terms;
}
