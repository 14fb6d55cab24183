import { describe, expect, it } from 'vitest';
import { containsText, markMatches, matchSnippet, type TextPart } from './search-match';

const shown = (parts: TextPart[] | null) => parts?.map((p) => (p.isMatch ? `[${p.text}]` : p.text)).join('') ?? null;

describe('markMatches', () => {
  it.each([
    ['Greenfields', 'field', 'Green[field]s'],
    ['GL7 2QA', 'gl7', '[GL7] 2QA'],
    ['so-1 so-1', 'SO-1', '[so-1] [so-1]'],
    ['Hill Top', 'x', 'Hill Top'],
    ['Hill Top', '  top ', 'Hill [Top]'],
  ])('%s / %s', (text, needle, expected) => {
    expect(shown(markMatches(text, needle))).toBe(expected);
  });

  it('tells whether a field holds the text', () => {
    expect(containsText('Ring the BELL', 'bell')).toBe(true);
    expect(containsText('Ring the bell', 'door')).toBe(false);
    expect(containsText('anything', '   ')).toBe(false);
  });
});

describe('matchSnippet', () => {
  it('shows a short note whole, the match marked', () => {
    expect(shown(matchSnippet('Ring the bell\nat the back gate', 'BELL'))).toBe('Ring the [bell] at the back gate');
  });

  it('cuts a long note to the words around the first match', () => {
    const note = `${'Lorem ipsum dolor sit amet, '.repeat(5)}deliver to the loading bay before nine, ${'then more words follow here, '.repeat(5)}`;
    expect(shown(matchSnippet(note, 'loading bay', 20))).toBe('…deliver to the [loading bay] before nine, then…');
  });

  it('is null when the note does not hold the text', () => {
    expect(matchSnippet('Ring the bell', 'door')).toBeNull();
  });
});
