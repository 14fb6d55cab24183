// Filter syntax tree -> a yes/no answer for one record held in memory. It is the twin of
// compile-filter.ts: realtime events (and records that no longer exist in the table, such as a
// deleted one) are judged here, lists in SQL, and the two must never disagree. The consistency
// test (evaluate-filter.test.ts) runs the same generated filters through both and compares.
//
// The semantics copied from the SQL the compiler writes:
// - null and "" are one "empty" value on text-like fields; on number/bool fields empty is null.
// - `!=` is null-safe (IS DISTINCT FROM); `=`, `<`, `>` with a null side are false (SQL NULL).
// - `~` is LOWER(field) LIKE LOWER(pattern) ESCAPE '\' with the compiler's pattern. SQLite's LOWER
//   and LIKE fold ASCII letters only; PostgreSQL's LOWER folds every letter: the dialect decides.
// - text order is the byte order of UTF-8 (SQLite BINARY, PostgreSQL "C" collation).
// No comparison result is ever negated except `!~`, whose operands are never null, so treating
// SQL's unknown as false gives the same rows as the database does.

import { checkSearchLength, containsPattern } from './compile-filter';
import { FilterError, type FieldMap, type SqlDialect } from './field-map';
import {
  cannotCompare,
  filterField,
  literalAsText,
  mirror,
  NUMERIC_TEXT,
  operatorNotForBool,
  TEXT_LIKE,
  toBoolean,
  valueFamily,
  type LiteralOperand,
  type NamedField,
} from './filter-semantics';
import type { ComparisonOperator, FilterNode, Operand } from './parse-filter';

/** A record as the API shows it: field name -> value (text, number, boolean or null). */
export type RecordValues = Readonly<Record<string, unknown>>;

type Scalar = string | number | boolean | null;

export type RecordPredicate = (record: RecordValues) => boolean;

/**
 * Compiles a parsed filter once into a predicate over in-memory records that answers exactly as
 * the compiled SQL would for the same row (realtime compiles a subscription's filter once and
 * applies it to every event). A null node (empty filter) matches everything.
 * @throws FilterError, at compile time, for the same unusable filters compileFilter refuses.
 */
export function compilePredicate(node: FilterNode | null, fields: FieldMap, dialect: SqlDialect): RecordPredicate {
  if (node === null) return () => true;
  switch (node.kind) {
    case 'and': {
      const parts = node.children.map((child) => compilePredicate(child, fields, dialect));
      return (record) => parts.every((part) => part(record));
    }
    case 'or': {
      const parts = node.children.map((child) => compilePredicate(child, fields, dialect));
      return (record) => parts.some((part) => part(record));
    }
    case 'comparison': {
      const { operator, left, right } = node;
      // Evaluate once on an empty record so every FilterError surfaces now, not per event.
      evaluateComparison(operator, left, right, fields, {}, dialect);
      return (record) => evaluateComparison(operator, left, right, fields, record, dialect);
    }
  }
}

/** One-off form of compilePredicate. */
export function evaluateFilter(node: FilterNode | null, fields: FieldMap, record: RecordValues, dialect: SqlDialect): boolean {
  return compilePredicate(node, fields, dialect)(record);
}

type ResolvedField = NamedField;
const resolveField = filterField;

function evaluateComparison(
  operator: ComparisonOperator,
  left: Operand,
  right: Operand,
  fields: FieldMap,
  record: RecordValues,
  dialect: SqlDialect,
): boolean {
  if (left.kind === 'field' && right.kind === 'field') {
    return compareFields(operator, resolveField(left.name, fields), resolveField(right.name, fields), record, dialect);
  }
  if (left.kind === 'field' && right.kind !== 'field') {
    return compareFieldWithValue(operator, resolveField(left.name, fields), right, record, dialect);
  }
  if (left.kind !== 'field' && right.kind === 'field') {
    const field = resolveField(right.name, fields);
    if (operator === '~' || operator === '!~') {
      if (field.spec.type === 'bool') throw operatorNotForBool(operator, field);
      const text = checkSearchLength(literalAsText(left, field, operator));
      const matches = like(fold(text, dialect), `%${escapeLike(lowerText(field, record, dialect))}%`);
      return operator === '~' ? matches : !matches;
    }
    return compareFieldWithValue(mirror(operator), field, left, record, dialect);
  }
  throw new Error('evaluateFilter: a comparison must have a field on at least one side');
}

/** The stored value as the database holds it: '' and null stay apart here, like in a column. */
function valueOf(field: ResolvedField, record: RecordValues): Scalar {
  const value = record[field.name];
  if (value === undefined || value === null) return null;
  if (field.spec.type === 'number') return typeof value === 'number' ? value : Number(value);
  if (field.spec.type === 'bool') return Boolean(value);
  return String(value);
}

function compareFieldWithValue(
  operator: ComparisonOperator,
  field: ResolvedField,
  literal: LiteralOperand,
  record: RecordValues,
  dialect: SqlDialect,
): boolean {
  const isTextLike = TEXT_LIKE.has(field.spec.type);
  if (operator === '~' || operator === '!~') {
    if (field.spec.type === 'bool') throw operatorNotForBool(operator, field);
    const pattern = containsPattern(checkSearchLength(literalAsText(literal, field, operator)));
    const matches = like(lowerText(field, record, dialect), fold(pattern, dialect));
    return operator === '~' ? matches : !matches;
  }

  const stored = valueOf(field, record);
  const bound = bindValue(literal, field);
  if (operator === '=' || operator === '!=') {
    let equal: boolean;
    if (bound === undefined) equal = isTextLike ? stored === null || stored === '' : stored === null;
    else equal = stored !== null && stored === bound;
    return operator === '=' ? equal : !equal;
  }

  if (field.spec.type === 'bool') throw operatorNotForBool(operator, field);
  if (bound === undefined) {
    if (literal.kind === 'null') throw new FilterError(`Invalid filter: null can only be used with "=" or "!=" (field "${field.name}").`);
    if (!isTextLike) throw cannotCompare(field, '""');
    return order(stored, '', operator);
  }
  return order(stored, bound, operator);
}

function compareFields(
  operator: ComparisonOperator,
  left: ResolvedField,
  right: ResolvedField,
  record: RecordValues,
  dialect: SqlDialect,
): boolean {
  const family = valueFamily(left.spec.type);
  if (family !== valueFamily(right.spec.type)) {
    throw new FilterError(
      `Invalid filter: fields "${left.name}" and "${right.name}" hold different kinds of values and cannot be compared.`,
    );
  }
  if (operator === '~' || operator === '!~') {
    if (family === 'bool') throw operatorNotForBool(operator, left);
    const matches = like(lowerText(left, record, dialect), `%${escapeLike(lowerText(right, record, dialect))}%`);
    return operator === '~' ? matches : !matches;
  }
  if (family === 'bool' && operator !== '=' && operator !== '!=') throw operatorNotForBool(operator, left);
  if (family === 'text') {
    const l = (valueOf(left, record) ?? '') as string;
    const r = (valueOf(right, record) ?? '') as string;
    if (operator === '=') return l === r;
    if (operator === '!=') return l !== r;
    return order(l, r, operator);
  }
  const l = valueOf(left, record);
  const r = valueOf(right, record);
  if (operator === '=') return l === r;
  if (operator === '!=') return l !== r;
  return order(l, r, operator);
}

/** `<`, `<=`, `>`, `>=` as SQL answers them: false when either side is null. */
function order(left: Scalar, right: Scalar, operator: ComparisonOperator): boolean {
  if (left === null || right === null) return false;
  const sign = typeof left === 'string' && typeof right === 'string' ? compareUtf8(left, right) : Math.sign(Number(left) - Number(right));
  switch (operator) {
    case '<':
      return sign < 0;
    case '<=':
      return sign <= 0;
    case '>':
      return sign > 0;
    case '>=':
      return sign >= 0;
    default:
      throw new Error(`evaluateFilter: ${operator} is not an ordering operator`);
  }
}

const encoder = new TextEncoder();

function compareUtf8(a: string, b: string): number {
  return Math.sign(Buffer.compare(encoder.encode(a), encoder.encode(b)));
}

/** The literal as the compiler binds it; undefined means "empty" (null or ""). */
function bindValue(literal: LiteralOperand, field: ResolvedField): Scalar | undefined {
  if (literal.kind === 'null' || (literal.kind === 'string' && literal.value === '')) return undefined;
  switch (valueFamily(field.spec.type)) {
    case 'text':
      if (literal.kind === 'boolean') throw cannotCompare(field, String(literal.value));
      return literal.kind === 'number' ? literal.source : literal.value;
    case 'number':
      if (literal.kind === 'boolean') throw cannotCompare(field, String(literal.value));
      if (literal.kind === 'string' && !NUMERIC_TEXT.test(literal.value)) throw cannotCompare(field, JSON.stringify(literal.value));
      return Number(literal.value);
    case 'bool': {
      const flag = toBoolean(literal);
      if (flag === undefined) {
        throw cannotCompare(field, literal.kind === 'string' ? JSON.stringify(literal.value) : String(literal.value));
      }
      return flag;
    }
  }
}

/** LOWER(COALESCE(field-as-text, '')): numbers print as the database prints them. */
function lowerText(field: ResolvedField, record: RecordValues, dialect: SqlDialect): string {
  const value = valueOf(field, record);
  if (value === null) return '';
  const text = typeof value === 'boolean' ? (dialect === 'sqlite' ? (value ? '1' : '0') : String(value)) : String(value);
  return fold(text, dialect);
}

/** SQLite's LOWER folds A–Z only; PostgreSQL's folds every letter. */
function fold(text: string, dialect: SqlDialect): string {
  return dialect === 'postgres' ? text.toLowerCase() : text.replace(/[A-Z]+/g, (s) => s.toLowerCase());
}

/** The compiler's REPLACE chain: escapes \ % _ of a column used inside a LIKE pattern. */
function escapeLike(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/%/g, '\\%').replace(/_/g, '\\_');
}

/**
 * SQL LIKE with ESCAPE '\': % is any run of characters, _ exactly one character (code point), \x
 * is a literal x. Both sides are already folded, so the comparison itself is exact.
 */
export function like(text: string, pattern: string): boolean {
  const t = [...text];
  const p = [...pattern];
  // Classic two-pointer wildcard match with backtracking to the last %: linear in practice.
  let ti = 0;
  let pi = 0;
  let starP = -1;
  let starT = 0;
  while (ti < t.length) {
    const pc = p[pi];
    if (pc === '%') {
      starP = pi++;
      starT = ti;
      continue;
    }
    if (pc !== undefined) {
      const isEscape = pc === '\\' && pi + 1 < p.length;
      const literal = isEscape ? p[pi + 1] : pc;
      if ((!isEscape && pc === '_') || literal === t[ti]) {
        pi += isEscape ? 2 : 1;
        ti++;
        continue;
      }
    }
    if (starP < 0) return false;
    pi = starP + 1;
    ti = ++starT;
  }
  while (p[pi] === '%') pi++;
  return pi === p.length;
}
