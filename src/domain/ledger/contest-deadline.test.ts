import { describe, expect, it } from 'vitest';
import { contestBy, workingDaysLeft } from './contest-deadline';

// The working days left to contest a pool statement (docs/decisions/040, 078): weekends and UK
// bank holidays are not counted; the deadline day itself is the last one counted.
describe('workingDaysLeft', () => {
  it.each([
    // Statement Fri 20 Nov 2026: contest by Fri 4 Dec.
    ['2026-11-20', '2026-11-20', 10],
    ['2026-11-20', '2026-11-24', 8],
    ['2026-11-20', '2026-11-28', 5],
    ['2026-11-20', '2026-12-03', 1],
    ['2026-11-20', '2026-12-04', 0],
    ['2026-11-20', '2026-12-10', 0],
    // Over Christmas: 25, 28 Dec 2026 and 1 Jan 2027 are bank holidays.
    ['2026-12-18', '2026-12-18', 10],
    ['2026-12-18', '2026-12-24', 6],
  ] as const)('statement of %s, on %s: %i left', (statement, today, left) => {
    expect(workingDaysLeft(statement, today)).toBe(left);
  });

  it('agrees with the deadline', () => {
    expect(contestBy('2026-12-18')).toBe('2027-01-06');
  });
});
