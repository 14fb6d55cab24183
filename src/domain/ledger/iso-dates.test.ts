import { describe, expect, it } from 'vitest';
import { plainDate } from './iso-dates';

describe('plainDate', () => {
  it.each([
    ['2026-11-28', 2026, 'Sat 28 Nov'],
    ['2026-01-01', 2026, 'Thu 1 Jan'],
    ['2025-12-29', 2026, 'Mon 29 Dec 2025'],
    ['2027-02-01', 2026, 'Mon 1 Feb 2027'],
    ['not a date', 2026, 'not a date'],
  ])('%s in %i reads %s', (date, thisYear, shown) => {
    expect(plainDate(date, thisYear)).toBe(shown);
  });
});
