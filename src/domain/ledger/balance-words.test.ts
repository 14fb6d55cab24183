import { describe, expect, it } from 'vitest';
import { balanceInWords, owedInWords, returnedExtraInWords } from './balance-words';

describe('balance in words: never a negative owed count', () => {
  it.each([
    [{ trolleys: 0, shelves: 0, extensions: 0 }, '', 'Owes nothing'],
    [{ trolleys: 3, shelves: 1, extensions: 0 }, '', 'Owes 3 trolleys, 1 shelf'],
    [{ trolleys: 3, shelves: 0, extensions: 0 }, '2 Nov 2026', 'Owes 3 trolleys since 2 Nov 2026'],
    [{ trolleys: -7, shelves: 0, extensions: 0 }, '', 'Returned 7 more trolleys than we had booked out'],
    [{ trolleys: -1, shelves: 0, extensions: 0 }, '', 'Returned 1 more trolley than we had booked out'],
    [{ trolleys: 0, shelves: -2, extensions: -1 }, '', 'Returned 2 more shelves and 1 more extension than we had booked out'],
    [
      { trolleys: 4, shelves: -2, extensions: 0 },
      '2 Nov 2026',
      'Owes 4 trolleys since 2 Nov 2026 · Returned 2 more shelves than we had booked out',
    ],
  ])('%o (since %s) → %s', (balance, since, words) => {
    expect(balanceInWords(balance, since)).toBe(words);
    expect(words).not.toMatch(/-\d/);
  });

  it('splits into what is owed and what came back extra', () => {
    const balance = { trolleys: 4, shelves: -2, extensions: 1 };
    expect(owedInWords(balance)).toBe('4 trolleys, 1 extension');
    expect(returnedExtraInWords(balance)).toBe('Returned 2 more shelves than we had booked out');
  });
});
