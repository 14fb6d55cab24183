import { describe, expect, it } from 'vitest';

import { FilterError } from './field-map';
import { parseFilter, type FilterNode } from './parse-filter';

function errorOf(input: string): string {
  try {
    parseFilter(input);
  } catch (error) {
    expect(error).toBeInstanceOf(FilterError);
    return (error as Error).message;
  }
  throw new Error(`expected ${JSON.stringify(input)} to be rejected`);
}

function comparisonOf(input: string): Extract<FilterNode, { kind: 'comparison' }> {
  const node = parseFilter(input);
  if (node?.kind !== 'comparison') throw new Error(`expected one comparison from ${input}`);
  return node;
}

describe('parseFilter', () => {
  it('treats an empty or blank filter as no condition', () => {
    expect(parseFilter('')).toBeNull();
    expect(parseFilter('  \t\n ')).toBeNull();
  });

  it.each(['=', '!=', '>', '>=', '<', '<=', '~', '!~'] as const)('reads the %s operator', (operator) => {
    expect(comparisonOf(`weekNumber ${operator} 12`).operator).toBe(operator);
    expect(comparisonOf(`weekNumber${operator}12`).operator).toBe(operator);
  });

  it('binds && tighter than ||', () => {
    expect(parseFilter('a = 1 || b = 2 && c = 3')).toMatchObject({
      kind: 'or',
      children: [
        { kind: 'comparison', left: { name: 'a' } },
        { kind: 'and', children: [{ left: { name: 'b' } }, { left: { name: 'c' } }] },
      ],
    });
    expect(parseFilter('(a = 1 || b = 2) && c = 3')).toMatchObject({
      kind: 'and',
      children: [{ kind: 'or' }, { kind: 'comparison', left: { name: 'c' } }],
    });
  });

  it('reads every kind of operand, with whitespace anywhere', () => {
    expect(comparisonOf('\n title\t=\r\n"x" ')).toMatchObject({
      left: { kind: 'field', name: 'title' },
      right: { kind: 'string', value: 'x' },
    });
    expect(comparisonOf("title = 'x'").right).toMatchObject({ kind: 'string', value: 'x' });
    expect(comparisonOf('price = -2.5').right).toMatchObject({ kind: 'number', value: -2.5, source: '-2.5' });
    expect(comparisonOf('price = 0042').right).toMatchObject({ kind: 'number', value: 42, source: '0042' });
    expect(comparisonOf('done = TRUE').right).toEqual({ kind: 'boolean', value: true, offset: 7 });
    expect(comparisonOf('done = false').right).toMatchObject({ kind: 'boolean', value: false });
    expect(comparisonOf('note = Null').right).toMatchObject({ kind: 'null' });
    expect(comparisonOf('12 < weekNumber')).toMatchObject({ left: { kind: 'number' }, right: { kind: 'field' } });
    expect(comparisonOf('title = note')).toMatchObject({ left: { kind: 'field' }, right: { kind: 'field', name: 'note' } });
  });

  it('decodes escapes in quoted text, including the ones pb.filter() produces', () => {
    expect(comparisonOf(String.raw`title = "He said \"hi\""`).right).toMatchObject({ value: 'He said "hi"' });
    expect(comparisonOf(String.raw`title = 'it\'s'`).right).toMatchObject({ value: "it's" });
    expect(comparisonOf(`title = "it's"`).right).toMatchObject({ value: "it's" });
    expect(comparisonOf(`title = 'say "hi"'`).right).toMatchObject({ value: 'say "hi"' });
    expect(comparisonOf(String.raw`title = "C:\\dir\\"`).right).toMatchObject({ value: 'C:\\dir\\' });
    expect(comparisonOf(String.raw`title = "a\nb\u00e9"`).right).toMatchObject({ value: 'a\nbé' });
    // Unknown escapes stay as typed, as in PocketBase (so "50\%" reaches the LIKE rule intact).
    expect(comparisonOf(String.raw`title = "50\%"`).right).toMatchObject({ value: '50\\%' });
    const sdkQuoted = JSON.stringify(`' OR 1=1 -- \\ "x" %_`);
    expect(comparisonOf(`title = ${sdkQuoted}`).right).toMatchObject({ value: `' OR 1=1 -- \\ "x" %_` });
  });

  it('accepts 50 levels of parentheses and refuses 51', () => {
    expect(parseFilter(`${'('.repeat(50)}a = 1${')'.repeat(50)}`)).toMatchObject({ kind: 'comparison' });
    expect(errorOf(`${'('.repeat(51)}a = 1${')'.repeat(51)}`)).toBe(
      'Invalid filter: too many nested parentheses (more than 50) at position 51.',
    );
  });

  it('accepts a long chain of conditions without running out of stack', () => {
    const filter = Array.from({ length: 300 }, (_, i) => `a = ${i}`).join(' || ');
    expect(parseFilter(filter)).toMatchObject({ kind: 'or' });
  });

  it('refuses filters longer than 3500 characters', () => {
    const atLimit = `title = "${'x'.repeat(3490)}"`;
    expect(atLimit).toHaveLength(3500);
    expect(parseFilter(atLimit)).toMatchObject({ kind: 'comparison' });
    expect(errorOf(`${atLimit} `)).toBe('Invalid filter: the filter is too long (3501 characters; at most 3500).');
  });

  it.each([
    ['title = ', 'Invalid filter: expected a value after "=" at position 7.'],
    ['title = && done = true', 'Invalid filter: expected a value after "=" but found "&&" at position 9.'],
    ['title', 'Invalid filter: expected an operator such as "=" after "title" at position 1.'],
    ['title oak', 'Invalid filter: expected an operator such as "=" after "title" but found "oak" at position 7.'],
    ['title = "a" &&', 'Invalid filter: expected a condition after "&&" at position 13.'],
    ['title = "a" || ', 'Invalid filter: expected a condition after "||" at position 13.'],
    ['&& title = 1', 'Invalid filter: expected a condition but found "&&" at position 1.'],
    ['= 5', 'Invalid filter: expected a condition but found "=" at position 1.'],
    ['(title = "a"', 'Invalid filter: missing ")" to close the "(" at position 1.'],
    ['((title = "a") && done = true', 'Invalid filter: missing ")" to close the "(" at position 1.'],
    ['title = "a")', 'Invalid filter: unexpected ")" at position 12 (there is no "(" to close).'],
    ['()', 'Invalid filter: expected a condition after "(" but found ")" at position 2.'],
    ['title = "a" done = true', 'Invalid filter: expected "&&" or "||" after "a" but found "done" at position 13.'],
    ['(title = "a" done = true)', 'Invalid filter: expected "&&", "||" or ")" after "a" but found "done" at position 14.'],
    ['title = "abc', 'Invalid filter: the quoted text starting at position 9 is never closed (missing ").'],
    [String.raw`title = 'it\'`, "Invalid filter: the quoted text starting at position 9 is never closed (missing ')."],
    ['title == "a"', 'Invalid filter: unknown operator "==" at position 7.'],
    ['title ! "a"', 'Invalid filter: unknown operator "!" at position 7.'],
    ['title = "a" & done = true', 'Invalid filter: unknown operator "&" at position 13; use "&&" for and, "||" for or.'],
    ['title ?= "a"', 'Invalid filter: the any-of operator "?=" is not supported (at position 7).'],
    ['price = 1.2.3', 'Invalid filter: invalid number "1.2.3" at position 9.'],
    ['price = 12abc', 'Invalid filter: invalid number "12abc" at position 9.'],
    ['price = - 5', 'Invalid filter: unexpected character "-" at position 9.'],
    ['title = "a"; DROP TABLE items', 'Invalid filter: unexpected character ";" at position 12.'],
    ['"a" = "b"', 'Invalid filter: the condition at position 1 compares two values; one side must be a field.'],
    ['1 = 1 || title = "x"', 'Invalid filter: the condition at position 1 compares two values; one side must be a field.'],
  ])('rejects %j', (input, message) => {
    expect(errorOf(input)).toBe(message);
  });

  it('shortens long text it quotes back', () => {
    expect(errorOf(`title = "${'x'.repeat(100)}" oops`)).toBe(
      `Invalid filter: expected "&&" or "||" after "${'x'.repeat(39)}… but found "oops" at position 112.`,
    );
  });
});

describe('NUL in quoted text', () => {
  it('is refused with a message, since PostgreSQL cannot store it', () => {
    expect(() => parseFilter('title = "a\u0000b"')).toThrow(/contains a NUL character/);
    expect(() => parseFilter(String.raw`title ~ "a\u0000"`)).toThrow(/contains a NUL character/);
  });
});
