import { describe, expect, it } from 'vitest';
import { boardColumns } from './board-columns';

const todayColumns = (year: number, week: number, today: { year: number; month: number; day: number }) =>
  boardColumns(year, week, today)
    .filter((c) => c.isToday)
    .map((c) => c.day);

describe('boardColumns', () => {
  it('gives Monday to Sunday with their dates, across a year end', () => {
    const columns = boardColumns(2026, 53, { year: 2027, month: 1, day: 1 });
    expect(columns.map((c) => [c.label, c.date.day])).toEqual([
      ['Monday', 28],
      ['Tuesday', 29],
      ['Wednesday', 30],
      ['Thursday', 31],
      ['Friday', 1],
      ['Saturday', 2],
      ['Sunday', 3],
    ]);
    expect(todayColumns(2026, 53, { year: 2027, month: 1, day: 1 })).toEqual(['friday']);
  });

  // Week 49 of 2026 runs Monday 30 November to Sunday 6 December.
  it.each([
    ['the same day of the month in another month', { year: 2026, month: 11, day: 1 }, []],
    ['the same day and month in another year', { year: 2025, month: 12, day: 1 }, []],
    ['today itself', { year: 2026, month: 12, day: 1 }, ['tuesday']],
    ['the last day of the month before', { year: 2026, month: 11, day: 30 }, ['monday']],
  ])('marks as today only the full date: %s', (_name, today, expected) => {
    expect(todayColumns(2026, 49, today)).toEqual(expected);
  });

  it('marks no day as today in another week', () => {
    expect(boardColumns(2025, 1, { year: 2026, month: 11, day: 21 }).some((c) => c.isToday)).toBe(false);
  });
});
