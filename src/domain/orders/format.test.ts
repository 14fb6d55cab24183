import { describe, expect, it } from 'vitest';
import {
  boardTypeLabel,
  customerTypeLabel,
  dayLabel,
  formatMapperPostcode,
  formatPostcode,
  lastFour,
  sheetDateLabel,
  statusLabel,
} from './format';

describe('formatPostcode', () => {
  it.each([
    ['ab12cd', 'AB12CD'],
    [' tn1 2ab ', 'TN1 2AB'],
    ['', ''],
  ])('%o -> %o', (input, output) => {
    expect(formatPostcode(input)).toBe(output);
  });
});

describe('formatMapperPostcode', () => {
  it.each([
    ['ab12cd', 'AB1 2CD'],
    ['AB1 2CD', 'AB1 2CD'],
    ['  tn12   8ab ', 'TN12 8AB'],
    ['sw1a1aa', 'SW1A 1AA'],
    ['b1', 'B1'],
    ['b12', 'B12'],
    ['collect  only', 'collect only'],
    ['', ''],
  ])('%o -> %o', (input, output) => {
    expect(formatMapperPostcode(input)).toBe(output);
  });
});

describe('lastFour', () => {
  it.each([
    ['SO-10442', '0442'],
    ['442', '442'],
    ['', ''],
    ['10442 ', '0442'],
  ])('%o -> %o', (input, output) => {
    expect(lastFour(input)).toBe(output);
  });
});

describe('labels', () => {
  it('shows status missed as Query', () => {
    expect(['', 'working', 'missed', 'pulled', 'loaded'].map(statusLabel)).toEqual(['None', 'Working', 'Query', 'Pulled', 'Loaded']);
    expect(statusLabel('odd')).toBe('odd');
  });

  it('names board types, customer types and days as the forms do', () => {
    expect(boardTypeLabel('none')).toBe('Whiteboard');
    expect(boardTypeLabel('collect')).toBe('Collect');
    expect(customerTypeLabel('wholesale')).toBe('Wholesale');
    expect(dayLabel('wednesday')).toBe('Wednesday');
  });
});

describe('sheetDateLabel', () => {
  it('names the weekday, the date, the month and the calendar year', () => {
    expect(sheetDateLabel('tuesday', { year: 2026, month: 11, day: 24 })).toBe('Tuesday 24 November 2026');
    // 1 January 2027 is in ISO week 53 of 2026: the sheet shows the calendar year.
    expect(sheetDateLabel('friday', { year: 2027, month: 1, day: 1 })).toBe('Friday 1 January 2027');
  });
});
