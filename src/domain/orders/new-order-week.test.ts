import { describe, expect, it } from 'vitest';
import type { CalendarDate } from '../weeks';
import { firstOpenWeekOfYear, newOrderWeekError } from './new-order-week';

const date = (year: number, month: number, day: number): CalendarDate => ({ year, month, day });
// Sunday 22 November 2026 is in week 47 of 2026; 2026 has 53 ISO weeks.
const sunday = date(2026, 11, 22);

describe('firstOpenWeekOfYear', () => {
  it.each([
    ['this year: this week', 2026, sunday, 47],
    ['next year: week 1', 2027, sunday, 1],
    ['years later: week 1', 2031, sunday, 1],
    ['last year: none', 2025, sunday, null],
    ['Monday opens the next week', 2026, date(2026, 11, 23), 48],
    // 1 January 2027 is a Friday in week 53 of 2026: the ISO week-year, not the calendar year, counts.
    ['New Year in week 53: 2026 is still open', 2026, date(2027, 1, 1), 53],
    ['New Year in week 53: 2027 from week 1', 2027, date(2027, 1, 1), 1],
    // 30 December 2024 is the Monday of week 1 of 2025.
    ['the end of December in week 1: the calendar year is over', 2024, date(2024, 12, 30), null],
    ['the end of December in week 1: next year from week 1', 2025, date(2024, 12, 30), 1],
  ])('%s', (_name, year, today, expected) => {
    expect(firstOpenWeekOfYear(year, today)).toBe(expected);
  });
});

describe('newOrderWeekError', () => {
  it.each([
    ['this week', 2026, 47],
    ['next week', 2026, 48],
    ['week 53 of this year', 2026, 53],
    ['next year, week 1', 2027, 1],
  ])('accepts %s', (_name, year, weekNumber) => {
    expect(newOrderWeekError({ year, weekNumber }, sunday)).toBeNull();
  });

  it.each([
    ['last week', 2026, 46],
    ['week 1 of this year', 2026, 1],
    ['a later week of last year', 2025, 52],
    ['the year the app began', 2024, 50],
  ])('refuses %s, saying which weeks are open', (_name, year, weekNumber) => {
    expect(newOrderWeekError({ year, weekNumber }, sunday)).toEqual({
      code: 'validation_min_number_constraint',
      message: `Week ${weekNumber} of ${year} has already passed. New orders go into this week (week 47 of 2026) or a later one.`,
    });
  });
});
