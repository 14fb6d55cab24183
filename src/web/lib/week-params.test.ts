import { describe, expect, it } from 'vitest';
import { weekFromParams, weekSearch } from './week-params';

const today = { year: 2026, week: 47 };
const read = (search: string) => weekFromParams(new URLSearchParams(search), today);

describe('weekFromParams', () => {
  it.each([
    ['', today],
    ['?year=2026&week=53', { year: 2026, week: 53 }],
    ['?year=2025&week=53', { year: 2025, week: 52 }],
    ['?year=2027&week=1', { year: 2027, week: 1 }],
    ['?year=2025', { year: 2025, week: 47 }],
    ['?week=3', { year: 2026, week: 3 }],
    ['?year=2026&week=0', { year: 2026, week: 1 }],
    ['?year=2026&week=99', { year: 2026, week: 53 }],
    ['?year=abc&week=x', today],
    ['?year=1999&week=5', { year: 2026, week: 5 }],
    ['?year=2026&week=4.5', { year: 2026, week: 47 }],
    ['?year=-2026&week=-3', today],
  ])('%j reads as %j', (search, expected) => {
    expect(read(search)).toEqual(expected);
  });

  it('writes what it reads', () => {
    expect(weekSearch({ year: 2026, week: 53 })).toBe('?year=2026&week=53');
    expect(read(weekSearch({ year: 2027, week: 2 }))).toEqual({ year: 2027, week: 2 });
  });
});
