import { describe, expect, it } from 'vitest';
import { nextWorkingDay } from './run-date';

describe('nextWorkingDay', () => {
  it.each([
    ['Monday', { year: 2026, month: 11, day: 23 }, '2026-11-24'],
    ['Tuesday', { year: 2026, month: 11, day: 24 }, '2026-11-25'],
    ['Wednesday', { year: 2026, month: 11, day: 25 }, '2026-11-26'],
    ['Thursday', { year: 2026, month: 11, day: 26 }, '2026-11-27'],
    ['Friday', { year: 2026, month: 11, day: 27 }, '2026-11-30'],
    ['Saturday', { year: 2026, month: 11, day: 28 }, '2026-11-30'],
    ['Sunday', { year: 2026, month: 11, day: 29 }, '2026-11-30'],
  ])('from a %s', (_, today, expected) => {
    expect(nextWorkingDay(today)).toBe(expected);
  });

  it('crosses the end of a month and of a year', () => {
    expect(nextWorkingDay({ year: 2026, month: 2, day: 27 })).toBe('2026-03-02'); // Friday
    expect(nextWorkingDay({ year: 2027, month: 12, day: 31 })).toBe('2028-01-03'); // Friday
    expect(nextWorkingDay({ year: 2028, month: 2, day: 28 })).toBe('2028-02-29'); // Monday, leap year
  });

  it('counts a bank holiday Monday as a working day: garden centres trade on it', () => {
    expect(nextWorkingDay({ year: 2026, month: 4, day: 3 })).toBe('2026-04-06'); // Good Friday -> Easter Monday
  });
});
