// PocketBase filter text -> syntax tree. Knows nothing about collections: whether a field exists
// is the compiler's question (compile-filter.ts).
//
// Grammar (&& binds tighter than ||, as in PocketBase):
//   filter     := or-expr
//   or-expr    := and-expr ( "||" and-expr )*
//   and-expr   := primary ( "&&" primary )*
//   primary    := "(" or-expr ")" | comparison
//   comparison := operand operator operand
//   operand    := identifier | "text" | 'text' | number | true | false | null

import { FilterError } from './field-map';
import { positionOf, tokenize, type ComparisonOperator, type Token } from './tokenizer';

export type { ComparisonOperator } from './tokenizer';

export const MAX_FILTER_LENGTH = 3500;
export const MAX_NESTING_DEPTH = 50;

/** `offset` is the 0-based index of the operand in the filter text. */
export type Operand =
  | { kind: 'field'; name: string; offset: number }
  | { kind: 'string'; value: string; offset: number }
  /** `source` keeps the number as written, for comparisons with text columns. */
  | { kind: 'number'; value: number; source: string; offset: number }
  | { kind: 'boolean'; value: boolean; offset: number }
  | { kind: 'null'; offset: number };

export type FilterNode =
  | { kind: 'and'; children: readonly FilterNode[] }
  | { kind: 'or'; children: readonly FilterNode[] }
  | { kind: 'comparison'; operator: ComparisonOperator; left: Operand; right: Operand; offset: number };

/**
 * Parses a PocketBase filter such as `weekNumber = 12 && (title ~ "oak" || status != "")`.
 * Returns null for an empty or all-whitespace filter (no condition at all).
 * @throws FilterError with a message naming what is wrong and where.
 */
export function parseFilter(input: string): FilterNode | null {
  if (input.length > MAX_FILTER_LENGTH) {
    throw new FilterError(`Invalid filter: the filter is too long (${input.length} characters; at most ${MAX_FILTER_LENGTH}).`);
  }
  const tokens = tokenize(input);
  if (tokens.length === 1) return null; // only the end token
  const parser = new Parser(tokens);
  const node = parser.parseOr(0, null);
  parser.expectEnd();
  return node;
}

class Parser {
  private index = 0;

  constructor(private readonly tokens: readonly Token[]) {}

  parseOr(depth: number, after: Token | null): FilterNode {
    const children = [this.parseAnd(depth, after)];
    while (this.peek().kind === 'or') {
      const or = this.next();
      children.push(this.parseAnd(depth, or));
    }
    return children.length === 1 && children[0] ? children[0] : { kind: 'or', children };
  }

  expectEnd(): void {
    const token = this.peek();
    if (token.kind === 'end') return;
    if (token.kind === 'close') {
      throw new FilterError(`Invalid filter: unexpected ")" at position ${positionOf(token.offset)} (there is no "(" to close).`);
    }
    throw this.unexpected('"&&" or "||"', this.previous(), token);
  }

  private parseAnd(depth: number, after: Token | null): FilterNode {
    const children = [this.parsePrimary(depth, after)];
    while (this.peek().kind === 'and') {
      const and = this.next();
      children.push(this.parsePrimary(depth, and));
    }
    return children.length === 1 && children[0] ? children[0] : { kind: 'and', children };
  }

  private parsePrimary(depth: number, after: Token | null): FilterNode {
    const token = this.peek();
    if (token.kind === 'open') {
      if (depth >= MAX_NESTING_DEPTH) {
        throw new FilterError(
          `Invalid filter: too many nested parentheses (more than ${MAX_NESTING_DEPTH}) at position ${positionOf(token.offset)}.`,
        );
      }
      const open = this.next();
      const inner = this.parseOr(depth + 1, open);
      const close = this.peek();
      if (close.kind === 'close') {
        this.next();
        return inner;
      }
      if (close.kind === 'end') {
        throw new FilterError(`Invalid filter: missing ")" to close the "(" at position ${positionOf(open.offset)}.`);
      }
      throw this.unexpected('"&&", "||" or ")"', this.previous(), close);
    }
    if (!isOperandToken(token)) throw this.unexpected('a condition', after, token);
    return this.parseComparison();
  }

  private parseComparison(): FilterNode {
    const leftToken = this.next();
    const left = toOperand(leftToken);
    const operatorToken = this.peek();
    if (operatorToken.kind !== 'operator') {
      throw this.unexpected('an operator such as "="', leftToken, operatorToken);
    }
    this.next();
    const rightToken = this.peek();
    if (!isOperandToken(rightToken)) throw this.unexpected('a value', operatorToken, rightToken);
    this.next();
    const right = toOperand(rightToken);
    if (left.kind !== 'field' && right.kind !== 'field') {
      throw new FilterError(
        `Invalid filter: the condition at position ${positionOf(left.offset)} compares two values; one side must be a field.`,
      );
    }
    return { kind: 'comparison', operator: operatorToken.operator, left, right, offset: operatorToken.offset };
  }

  private peek(): Token {
    // The token list always ends with an 'end' token and the parser never moves past it.
    return this.tokens[this.index] ?? this.tokens[this.tokens.length - 1]!; // non-null: tokenize always adds 'end'
  }

  private previous(): Token | null {
    return this.index > 0 ? (this.tokens[this.index - 1] ?? null) : null;
  }

  private next(): Token {
    const token = this.peek();
    if (token.kind !== 'end') this.index += 1;
    return token;
  }

  /**
   * "expected X after "Y" at position <Y>" when the text just stops (the person needs to know where
   * the incomplete part is), or "... but found "Z" at position <Z>" when something else is in the way.
   */
  private unexpected(expected: string, after: Token | null, found: Token): FilterError {
    const afterText = after ? ` after ${quoteSource(after)}` : '';
    if (found.kind === 'end') {
      const where = after ? ` at position ${positionOf(after.offset)}` : '';
      return new FilterError(`Invalid filter: expected ${expected}${afterText}${where}.`);
    }
    return new FilterError(
      `Invalid filter: expected ${expected}${afterText} but found ${quoteSource(found)} at position ${positionOf(found.offset)}.`,
    );
  }
}

type OperandToken = Extract<Token, { kind: 'identifier' | 'string' | 'number' }>;

function isOperandToken(token: Token): token is OperandToken {
  return token.kind === 'identifier' || token.kind === 'string' || token.kind === 'number';
}

function toOperand(token: Token): Operand {
  const offset = token.offset;
  switch (token.kind) {
    case 'string':
      return { kind: 'string', value: token.value, offset };
    case 'number':
      return { kind: 'number', value: token.value, source: token.source, offset };
    case 'identifier': {
      // PocketBase reads these keywords case-insensitively.
      const keyword = token.name.toLowerCase();
      if (keyword === 'true' || keyword === 'false') return { kind: 'boolean', value: keyword === 'true', offset };
      if (keyword === 'null') return { kind: 'null', offset };
      return { kind: 'field', name: token.name, offset };
    }
    default:
      throw new Error(`toOperand called with a ${token.kind} token; callers check isOperandToken first`);
  }
}

const MAX_QUOTED_SOURCE = 40;

function quoteSource(token: Token): string {
  const text = token.source.length > MAX_QUOTED_SOURCE ? `${token.source.slice(0, MAX_QUOTED_SOURCE)}…` : token.source;
  // Quoted text already carries its own quotes.
  return token.kind === 'string' ? text : `"${text}"`;
}
