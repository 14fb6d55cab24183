import { describe, expect, it } from 'vitest';
import { weekColumns } from './week-columns';

describe('weekColumns', () => {
  it('gives Monday to Sunday with their dates, across a year end', () => {
    const columns = weekColumns(2026, 53, { year: 2027, month: 1, day: 1 });
    expect(columns.map((c) => [c.label, c.date.day])).toEqual([
      ['Monday', 28],
      ['Tuesday', 29],
      ['Wednesday', 30],
      ['Thursday', 31],
      ['Friday', 1],
      ['Saturday', 2],
      ['Sunday', 3],
    ]);
    expect(columns.filter((c) => c.isToday).map((c) => c.day)).toEqual(['friday']);
  });

  it('marks no day as today in another week', () => {
    expect(weekColumns(2025, 1, { year: 2026, month: 11, day: 21 }).some((c) => c.isToday)).toBe(false);
  });
});
