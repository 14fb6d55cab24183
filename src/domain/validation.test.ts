import { describe, expect, it } from 'vitest';
import { describeIn, readText } from './validation';

const NOT_ONE_LINE = 'Must be on one line: remove the line breaks and tabs (often pasted in from a spreadsheet).';
const CONTROL =
  'Contains invisible control characters (often pasted in from a spreadsheet or another program) that garble printed sheets: remove them.';
const DIRECTION =
  'Contains hidden text-direction characters (often pasted in from another program) that make text show out of order: remove them.';
const BROKEN = 'Contains a broken character (half of an emoji or symbol): please retype the text.';

function messageOf(value: unknown, lines: 'single-line' | 'multi-line' = 'single-line', max = 50): string | null {
  const read = readText(value, max, lines);
  return read.ok ? null : read.error.message;
}

describe('readText (docs/decisions/010)', () => {
  it.each([
    ['Greenfields Ltd'],
    ['Café Émile'],
    ['Tŷ Gwŵr Garden Centre'],
    ['Gärtnerei Müller 🌱'],
    ['北京花园'],
    ['שתילים'], // right-to-left text itself is fine; only the invisible direction controls are not
    ['O’Neill & Sons — “Big Pots”'],
    ['  leading and trailing spaces  '],
  ])('keeps ordinary text %j', (text) => {
    expect(readText(text, 50)).toEqual({ ok: true, text });
  });

  it.each([
    ['line\nbreak', NOT_ONE_LINE],
    ['carriage\rreturn', NOT_ONE_LINE],
    ['tab\tfrom a spreadsheet', NOT_ONE_LINE],
    ['nul\u0000byte', CONTROL],
    ['escape \u001b[31mred', CONTROL],
    ['bell\u0007', CONTROL],
    ['delete\u007f', CONTROL],
    ['c1 \u0085 next line', CONTROL],
    ['c1 \u009b csi', CONTROL],
    ['evil\u202egnp.exe', DIRECTION],
    ['embed \u202a', DIRECTION],
    ['isolate \u2066x\u2069', DIRECTION],
    ['first strong \u2068', DIRECTION],
    ['SO-12\u200f-\u200f34', DIRECTION],
    ['left-to-right mark \u200e', DIRECTION],
    ['arabic letter mark \u061c', DIRECTION],
    ['line separator \u2028 inside', NOT_ONE_LINE],
    ['paragraph separator \u2029 inside', NOT_ONE_LINE],
    ['lone high \ud83c end', BROKEN],
    ['lone low \udf31 end', BROKEN],
    ['high at the end \ud83c', BROKEN],
    ['swapped \udf31\ud83c', BROKEN],
  ])('refuses %j in single-line text', (text, message) => {
    expect(readText(text, 50)).toEqual({ ok: false, error: { code: 'validation_invalid_characters', message } });
  });

  it('lets multi-line text hold line breaks and tabs, but no other control characters', () => {
    expect(messageOf('Back door\r\nLeave by the\tgate', 'multi-line')).toBeNull();
    expect(messageOf('Back door\u0000', 'multi-line')).toBe(CONTROL);
    expect(messageOf('Back door\u000b', 'multi-line')).toBe(CONTROL);
    expect(messageOf('Back door\u202e', 'multi-line')).toBe(DIRECTION);
    expect(messageOf('Back door\u200f', 'multi-line')).toBe(DIRECTION);
    // Unicode's own separators are no ordinary line breaks: sheets would not break the line there.
    expect(messageOf('Back door\u2028gate', 'multi-line')).toBe(CONTROL);
    expect(messageOf('Back door\u2029gate', 'multi-line')).toBe(CONTROL);
  });

  it('counts characters, not UTF-16 units, and caps the length', () => {
    expect(readText('🌱'.repeat(50), 50).ok).toBe(true);
    expect(readText('🌱'.repeat(51), 50)).toEqual({
      ok: false,
      error: { code: 'validation_max_text_constraint', message: 'Must be 50 characters or fewer.' },
    });
    expect(messageOf('x'.repeat(1_000_000))).toBe('Must be 50 characters or fewer.');
  });

  it('reads null as empty, numbers as their digits and refuses other types', () => {
    expect(readText(null, 5)).toEqual({ ok: true, text: '' });
    expect(readText(42, 5)).toEqual({ ok: true, text: '42' });
    expect(messageOf({})).toBe('Must be text.');
    expect(messageOf(Number.NaN)).toBe('Must be text.');
  });

  it('puts a field error into a sentence about part of a value', () => {
    expect(describeIn('The driver', { code: 'x', message: NOT_ONE_LINE })).toBe(
      'The driver must be on one line: remove the line breaks and tabs (often pasted in from a spreadsheet).',
    );
  });
});
