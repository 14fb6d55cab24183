import { describe, expect, it } from 'vitest';
import { countsInWords, countsShort, readOrderCounts, trolleyCountOf, writeCounts } from './order-counts';

describe('readOrderCounts', () => {
  it.each([
    // trollies, extras -> trolleys, shelves, extensions, trolleysIsNumber, extrasRest
    ['', '', 0, 0, 0, true, ''],
    ['3', '', 3, 0, 0, true, ''],
    [' 4 ', '1S 2E', 4, 1, 2, true, ''],
    ['1.5', '2e 1s', 1.5, 1, 2, true, ''],
    ['0', '1S', 0, 1, 0, true, ''],
    ['abc', '', 0, 0, 0, false, ''],
    ['2T', '', 0, 0, 0, false, ''],
    ['-2', '', 0, 0, 0, false, ''],
    ['Infinity', '', 0, 0, 0, false, ''],
    ['2', 'fragile 1S keep upright', 2, 1, 0, true, 'fragile keep upright'],
    ['2', '1S, 2E', 2, 1, 2, true, ''],
    ['', '1S 1S 3E', 0, 2, 3, true, ''],
    ['', '2 shelves', 0, 0, 0, true, '2 shelves'],
    ['', 'S1 1X SE 1SE', 0, 0, 0, true, 'S1 1X SE 1SE'],
    ['', '  Green   and yellow ', 0, 0, 0, true, 'Green and yellow'],
  ])('trollies %j, extras %j', (trollies, extras, trolleys, shelves, extensions, trolleysIsNumber, extrasRest) => {
    expect(readOrderCounts({ trollies, extras })).toEqual({ trolleys, shelves, extensions, trolleysIsNumber, extrasRest });
  });
});

describe('writeCounts', () => {
  it.each([
    [
      { trolleys: 0, shelves: 0, extensions: 0, extrasRest: '' },
      { trollies: '', extras: '' },
    ],
    [
      { trolleys: 3, shelves: 1, extensions: 2, extrasRest: '' },
      { trollies: '3', extras: '1S 2E' },
    ],
    [
      { trolleys: 3, shelves: 0, extensions: 2, extrasRest: ' fragile ' },
      { trollies: '3', extras: '2E fragile' },
    ],
    [
      { trolleys: 1.5, shelves: 0, extensions: 0, extrasRest: 'Green' },
      { trollies: '1.5', extras: 'Green' },
    ],
  ])('%o is written %o', (counts, fields) => {
    expect(writeCounts(counts)).toEqual(fields);
  });

  it('reads back what it wrote', () => {
    const counts = { trolleys: 12, shelves: 4, extensions: 99, extrasRest: 'keep dry' };
    expect(readOrderCounts(writeCounts(counts))).toEqual({ ...counts, trolleysIsNumber: true });
  });
});

describe('trolleyCountOf', () => {
  it.each([
    ['', 0],
    ['7', 7],
    ['0.5', 0.5],
    ['two', null],
    ['3T', null],
  ])('%j is %j', (text, count) => {
    expect(trolleyCountOf(text)).toBe(count);
  });
});

describe('countsShort and countsInWords', () => {
  it.each([
    [{ trolleys: 0, shelves: 0, extensions: 0 }, '', ''],
    [{ trolleys: 3, shelves: 1, extensions: 0 }, '3T 1S', '3 trolleys, 1 shelf'],
    [{ trolleys: 1, shelves: 0, extensions: 2 }, '1T 2E', '1 trolley, 2 extensions'],
    [{ trolleys: 0, shelves: 2, extensions: 1 }, '2S 1E', '2 shelves, 1 extension'],
  ])('%o', (counts, short, words) => {
    expect(countsShort(counts)).toBe(short);
    expect(countsInWords(counts)).toBe(words);
  });
});
