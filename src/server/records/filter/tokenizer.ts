// Splits a PocketBase filter string into tokens. Positions in messages are 1-based character
// positions, because people count from 1 when they look at the text they typed.

import { FilterError } from './field-map';

export type ComparisonOperator = '=' | '!=' | '>' | '>=' | '<' | '<=' | '~' | '!~';

const COMPARISON_OPERATORS: ReadonlySet<string> = new Set<ComparisonOperator>(['=', '!=', '>', '>=', '<', '<=', '~', '!~']);

interface TokenBase {
  /** The token exactly as written, for error messages. */
  source: string;
  /** 0-based index of the token's first character. */
  offset: number;
}

export type Token =
  | (TokenBase & { kind: 'identifier'; name: string })
  | (TokenBase & { kind: 'string'; value: string })
  | (TokenBase & { kind: 'number'; value: number })
  | (TokenBase & { kind: 'operator'; operator: ComparisonOperator })
  | (TokenBase & { kind: 'and' | 'or' | 'open' | 'close' | 'end' });

const IDENTIFIER_START = /[A-Za-z_@]/;
// Dots, colons and @ are accepted so that PocketBase paths and modifiers (`user.email`, `title:lower`,
// `@now`) read as one unknown field instead of a confusing syntax error.
const IDENTIFIER_PART = /[A-Za-z0-9_.@:]/;
const DIGIT = /[0-9]/;
const NUMBER_RUN_PART = /[A-Za-z0-9_.]/;
const VALID_NUMBER = /^-?\d+(\.\d+)?$/;
const SIGN_CHAR = /[=!<>~]/;
const JOIN_CHAR = /[&|]/;
const WHITESPACE = /\s/;

/** 1-based position for messages. */
export function positionOf(offset: number): number {
  return offset + 1;
}

export function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input.charAt(i);
    if (WHITESPACE.test(c)) {
      i += 1;
    } else if (c === '(' || c === ')') {
      tokens.push({ kind: c === '(' ? 'open' : 'close', source: c, offset: i });
      i += 1;
    } else if (c === '"' || c === "'") {
      const token = readString(input, i);
      tokens.push(token);
      i += token.source.length;
    } else if (DIGIT.test(c) || (c === '-' && DIGIT.test(input.charAt(i + 1)))) {
      const token = readNumber(input, i);
      tokens.push(token);
      i += token.source.length;
    } else if (IDENTIFIER_START.test(c)) {
      const end = runEnd(input, i + 1, IDENTIFIER_PART);
      const name = input.slice(i, end);
      tokens.push({ kind: 'identifier', name, source: name, offset: i });
      i = end;
    } else if (SIGN_CHAR.test(c)) {
      const end = runEnd(input, i + 1, SIGN_CHAR);
      const operator = input.slice(i, end);
      if (!COMPARISON_OPERATORS.has(operator)) {
        throw new FilterError(`Invalid filter: unknown operator "${operator}" at position ${positionOf(i)}.`);
      }
      tokens.push({ kind: 'operator', operator: operator as ComparisonOperator, source: operator, offset: i });
      i = end;
    } else if (JOIN_CHAR.test(c)) {
      const end = runEnd(input, i + 1, JOIN_CHAR);
      const join = input.slice(i, end);
      if (join !== '&&' && join !== '||') {
        throw new FilterError(`Invalid filter: unknown operator "${join}" at position ${positionOf(i)}; use "&&" for and, "||" for or.`);
      }
      tokens.push({ kind: join === '&&' ? 'and' : 'or', source: join, offset: i });
      i = end;
    } else if (c === '?' && SIGN_CHAR.test(input.charAt(i + 1))) {
      const end = runEnd(input, i + 1, SIGN_CHAR);
      throw new FilterError(
        `Invalid filter: the any-of operator "${input.slice(i, end)}" is not supported (at position ${positionOf(i)}).`,
      );
    } else {
      const character = String.fromCodePoint(input.codePointAt(i) ?? 0);
      throw new FilterError(`Invalid filter: unexpected character ${JSON.stringify(character)} at position ${positionOf(i)}.`);
    }
  }
  tokens.push({ kind: 'end', source: '', offset: input.length });
  return tokens;
}

function runEnd(input: string, from: number, part: RegExp): number {
  let end = from;
  while (end < input.length && part.test(input.charAt(end))) end += 1;
  return end;
}

function readNumber(input: string, start: number): Token {
  // Take letters too, so `12abc` or `1.2.3` is reported whole rather than split into odd tokens.
  const end = runEnd(input, start + 1, NUMBER_RUN_PART);
  const source = input.slice(start, end);
  if (!VALID_NUMBER.test(source)) {
    throw new FilterError(`Invalid filter: invalid number "${source}" at position ${positionOf(start)}.`);
  }
  return { kind: 'number', value: Number(source), source, offset: start };
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  "'": "'",
  '\\': '\\',
  '/': '/',
  n: '\n',
  r: '\r',
  t: '\t',
  b: '\b',
  f: '\f',
};

/**
 * Quoted text in single or double quotes. The SDK's `pb.filter()` quotes strings with
 * JSON.stringify, so JSON escapes (\" \\ \n \uXXXX ...) are decoded, plus \' for hand-written
 * single-quoted text. Any other backslash pair is kept as typed, as PocketBase does.
 */
function readString(input: string, start: number): Token {
  const quote = input.charAt(start);
  let value = '';
  let i = start + 1;
  while (i < input.length) {
    const c = input.charAt(i);
    if (c === quote) {
      // PostgreSQL cannot hold NUL in text (it answered 500): refuse it here, on both databases.
      if (value.includes('\u0000')) {
        throw new FilterError(`Invalid filter: the quoted text starting at position ${positionOf(start)} contains a NUL character.`);
      }
      return { kind: 'string', value, source: input.slice(start, i + 1), offset: start };
    }
    if (c !== '\\' || i + 1 >= input.length) {
      value += c;
      i += 1;
      continue;
    }
    const escaped = input.charAt(i + 1);
    const simple = Object.hasOwn(SIMPLE_ESCAPES, escaped) ? SIMPLE_ESCAPES[escaped] : undefined;
    const hex = input.slice(i + 2, i + 6);
    if (simple !== undefined) {
      value += simple;
      i += 2;
    } else if (escaped === 'u' && /^[0-9A-Fa-f]{4}$/.test(hex)) {
      value += String.fromCharCode(parseInt(hex, 16));
      i += 6;
    } else {
      value += c + escaped;
      i += 2;
    }
  }
  throw new FilterError(`Invalid filter: the quoted text starting at position ${positionOf(start)} is never closed (missing ${quote}).`);
}
