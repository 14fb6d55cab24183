import { describe, expect, it } from 'vitest';
import { countInWords, countsInWords } from './count-words';

describe('counts in words', () => {
  it('says one shelf, trolley or extension, and more in the plural, signs kept', () => {
    expect(countInWords(1, 'shelves')).toBe('1 shelf');
    expect(countInWords(2, 'shelves')).toBe('2 shelves');
    expect(countInWords('-1', 'trolleys')).toBe('-1 trolley');
    expect(countInWords('+3', 'extensions')).toBe('+3 extensions');
    expect(countInWords(0, 'trolleys')).toBe('0 trolleys');
  });

  it('lists the counts that are not zero, in the order given', () => {
    expect(countsInWords({ trolleys: 14, shelves: 1, extensions: 0 })).toBe('14 trolleys, 1 shelf');
    expect(countsInWords({ trolleys: 0, shelves: 0, extensions: 0 })).toBe('');
  });
});
