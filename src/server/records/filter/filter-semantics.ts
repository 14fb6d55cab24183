// The parts of PocketBase's filter semantics that the SQL compiler (compile-filter.ts) and its
// in-memory twin (evaluate-filter.ts) must share word for word: which fields may be filtered,
// how literals read as text, numbers and booleans, and the messages for unusable filters.

import { FilterError, lookUpField, type FieldMap, type FieldSpec, type FieldType } from './field-map';
import type { ComparisonOperator, Operand } from './parse-filter';

export type LiteralOperand = Exclude<Operand, { kind: 'field' }>;

/** A filterable field: its API name and spec. */
export interface NamedField {
  name: string;
  spec: FieldSpec;
}

/** Fields whose values compare as text (empty text and null are one "empty" value on them). */
export const TEXT_LIKE: ReadonlySet<FieldType> = new Set<FieldType>(['text', 'date', 'relation']);

/** Text a number field accepts as a number ("12" -> 12). */
export const NUMERIC_TEXT = /^\s*-?(\d+(\.\d+)?|\.\d+)\s*$/;

/** The field named in a filter; unknown and structured (json) fields are refused. */
export function filterField(name: string, fields: FieldMap): NamedField {
  const spec = lookUpField(fields, name);
  if (!spec) throw new FilterError(`Invalid filter: unknown field "${name}".`);
  if (spec.type === 'json') throw new FilterError(`Invalid filter: field "${name}" cannot be filtered.`);
  return { name, spec };
}

/** `5 < weekNumber` means `weekNumber > 5`. */
export function mirror(operator: ComparisonOperator): ComparisonOperator {
  switch (operator) {
    case '<':
      return '>';
    case '<=':
      return '>=';
    case '>':
      return '<';
    case '>=':
      return '<=';
    default:
      return operator;
  }
}

export function valueFamily(type: FieldType): 'text' | 'number' | 'bool' {
  if (type === 'number') return 'number';
  if (type === 'bool') return 'bool';
  return 'text';
}

/** true/false, 1/0, or the texts "true"/"false"/"1"/"0"; undefined for anything else. */
export function toBoolean(literal: LiteralOperand): boolean | undefined {
  if (literal.kind === 'boolean') return literal.value;
  if (literal.kind === 'number' && (literal.value === 0 || literal.value === 1)) return literal.value === 1;
  if (literal.kind === 'string') {
    const text = literal.value.trim().toLowerCase();
    if (text === 'true' || text === '1') return true;
    if (text === 'false' || text === '0') return false;
  }
  return undefined;
}

/** A literal used as text (a `~` value): numbers as written; true/false and null refused. */
export function literalAsText(literal: LiteralOperand, field: NamedField, operator: ComparisonOperator): string {
  switch (literal.kind) {
    case 'string':
      return literal.value;
    case 'number':
      return literal.source;
    case 'boolean':
      throw cannotCompare(field, String(literal.value));
    case 'null':
      throw new FilterError(`Invalid filter: null can only be used with "=" or "!=", not "${operator}".`);
  }
}

const TYPE_WORDS: Readonly<Record<FieldType, string>> = {
  text: 'text',
  number: 'numbers',
  bool: 'true/false values',
  date: 'dates',
  json: 'structured data',
  relation: 'record ids',
};

export function cannotCompare(field: NamedField, shownValue: string): FilterError {
  return new FilterError(
    `Invalid filter: field "${field.name}" holds ${TYPE_WORDS[field.spec.type]} and cannot be compared with ${shownValue}.`,
  );
}

export function operatorNotForBool(operator: ComparisonOperator, field: NamedField): FilterError {
  return new FilterError(
    `Invalid filter: "${operator}" cannot be used with field "${field.name}", which holds true/false values; use "=" or "!=".`,
  );
}
