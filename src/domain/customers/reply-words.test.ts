import { describe, expect, it } from 'vitest';
import { replyInWords, type ReplyToWord } from './reply-words';

const reply = (fields: Partial<ReplyToWord>): ReplyToWord => ({
  kind: 'confirm',
  asOf: '2026-11-29',
  trolleys: 0,
  shelves: 0,
  extensions: 0,
  ledgerTrolleys: 0,
  ledgerShelves: 0,
  ledgerExtensions: 0,
  ...fields,
});

describe('a customer’s answer in words', () => {
  it.each([
    [reply({ trolleys: 7, shelves: 2 }), 2026, { label: 'Confirmed', words: 'Sun 29 Nov: 7 trolleys, 2 shelves' }],
    [reply({}), 2026, { label: 'Confirmed', words: 'Sun 29 Nov: nothing' }],
    [
      reply({ kind: 'dispute', trolleys: 5, ledgerTrolleys: 7, ledgerShelves: 1 }),
      2026,
      { label: 'Disputed', words: 'Sun 29 Nov: says 5 trolleys, the ledger had 7 trolleys, 1 shelf' },
    ],
    [reply({ trolleys: 1 }), 2027, { label: 'Confirmed', words: 'Sun 29 Nov 2026: 1 trolley' }],
  ])('%o in %i', (given, thisYear, words) => {
    expect(replyInWords(given, thisYear)).toEqual(words);
  });
});
