// How much text a client's filter may make the database read for each record (docs/decisions/010,
// docs/decisions/017). The limits on single values (a `~` value of at most 100 characters, a
// filter of at most 3,500) do not bound the whole: `orderInfo ~ title` reads a 5,000-character
// note once for every character of the title, and 166 of them fit in one filter. So every
// comparison is given a cost, in characters read per record at worst, from the longest text each
// field may hold, and a filter whose sum is over MAX_FILTER_COST is refused before any SQL runs.
//
// The cost is an upper bound on text read, not a prediction of time (a hostile `~` value can make
// LIKE step back and forth over the text it reads): reads also have a time limit
// (docs/decisions/017), which is what bounds the time.

import { FilterError, type FieldMap, type FieldSpec } from './field-map';
import { filterField, type LiteralOperand, type NamedField } from './filter-semantics';
import type { ComparisonOperator, FilterNode, Operand } from './parse-filter';

/** Characters of text one filter may read per record: four searches of an order's notes. */
export const MAX_FILTER_COST = 20_000;

/** Code of the refusal in the answer's `data.filter`. */
export const FILTER_COST_CODE = 'validation_filter_too_costly';

/** Longest value of a text field that declares no `maxLength` (short texts: names, choices). */
const DEFAULT_TEXT_WIDTH = 200;
/** `2026-11-23 10:00:00.000Z`. */
const DATE_WIDTH = 24;
/** Record ids. */
const RELATION_WIDTH = 15;

/** The most characters a value of the field can have (1 for numbers and true/false). */
export function fieldWidth(spec: FieldSpec): number {
  switch (spec.type) {
    case 'number':
    case 'bool':
      return 1;
    case 'date':
      return DATE_WIDTH;
    case 'relation':
      return RELATION_WIDTH;
    default:
      return spec.maxLength ?? DEFAULT_TEXT_WIDTH;
  }
}

interface Side {
  field: NamedField | null;
  /** Characters this side can have. */
  width: number;
  /** As the client wrote it, shortened, for the message. */
  shown: string;
}

interface TermCost {
  cost: number;
  operator: ComparisonOperator;
  left: Side;
  right: Side;
}

function sideOf(operand: Operand, fields: FieldMap): Side {
  if (operand.kind === 'field') {
    const field = filterField(operand.name, fields);
    return { field, width: fieldWidth(field.spec), shown: operand.name };
  }
  const text = literalText(operand);
  const shown = text.length > 20 ? `${JSON.stringify(text.slice(0, 20)).slice(0, -1)}…"` : JSON.stringify(text);
  return { field: null, width: Math.max(1, [...text].length), shown: operand.kind === 'string' ? shown : text };
}

/** A literal as the client wrote it: text, a number as typed, true/false or null. */
function literalText(literal: LiteralOperand): string {
  if (literal.kind === 'string') return literal.value;
  if (literal.kind === 'number') return literal.source;
  return literal.kind === 'boolean' ? String(literal.value) : 'null';
}

/**
 * Characters a comparison may read per record. `a ~ b` looks for b's text in a's: with a typed
 * value (at most 100 characters) that reads a's text; with a field's text as what is looked for,
 * LIKE may compare it again from every position of a, so the two widths multiply. Any other
 * comparison stops at the end of the shorter text.
 */
function termCost(operator: ComparisonOperator, left: Side, right: Side): number {
  if (operator === '~' || operator === '!~') return right.field === null ? left.width : left.width * right.width;
  return Math.min(left.width, right.width);
}

function collect(node: FilterNode, fields: FieldMap, out: TermCost[]): void {
  if (node.kind !== 'comparison') {
    for (const child of node.children) collect(child, fields, out);
    return;
  }
  const left = sideOf(node.left, fields);
  const right = sideOf(node.right, fields);
  out.push({ cost: termCost(node.operator, left, right), operator: node.operator, left, right });
}

function costsOf(node: FilterNode, fields: FieldMap): TermCost[] {
  const terms: TermCost[] = [];
  collect(node, fields, terms);
  return terms;
}

const sum = (terms: readonly TermCost[]) => terms.reduce((total, term) => total + term.cost, 0);

/** Characters of text the filter may read per record, at worst (every condition evaluated). */
export function filterCost(node: FilterNode | null, fields: FieldMap): number {
  return node === null ? 0 : sum(costsOf(node, fields));
}

const count = (n: number) => n.toLocaleString('en-GB');

/**
 * Throws a FilterError (code FILTER_COST_CODE) saying why, when the filter may read more than
 * MAX_FILTER_COST characters per record. Call it after compileFilter, so an unknown field or a
 * value of the wrong type is reported first.
 */
export function checkFilterCost(node: FilterNode | null, fields: FieldMap): void {
  if (node === null) return;
  const terms = costsOf(node, fields);
  const total = sum(terms);
  if (total <= MAX_FILTER_COST) return;
  const costliest = terms.reduce((a, b) => (b.cost > a.cost ? b : a));
  const condition = `${costliest.left.shown} ${costliest.operator} ${costliest.right.shown}`;
  const searchesField = (costliest.operator === '~' || costliest.operator === '!~') && costliest.right.field !== null;
  const hint = searchesField
    ? `"${condition}" alone counts ${count(costliest.left.width)} × ${count(costliest.right.width)}: it looks for the whole of one field's text at every position of the other. Search for a typed text instead.`
    : `The costliest of its ${terms.length} conditions, "${condition}", counts ${count(costliest.cost)}. Use fewer conditions on long text.`;
  throw new FilterError(
    `Invalid filter: it could read up to ${count(total)} characters of text for each record, more than the ${count(MAX_FILTER_COST)} allowed, so that one list cannot hold up everyone else. ${hint}`,
    FILTER_COST_CODE,
  );
}
