import { describe, expect, it } from 'vitest';
import { shortWhen } from './when';

// The device's zone is the test process's; every case is built in local time.
const local = (y: number, m: number, d: number, h: number, min: number) => new Date(y, m - 1, d, h, min).toISOString().replace('T', ' ');
const now = new Date(2026, 2, 4, 15, 30); // Wednesday 4 March 2026, 15:30

describe('shortWhen', () => {
  it.each([
    ['today', local(2026, 3, 4, 11, 40), '11:40'],
    ['yesterday', local(2026, 3, 3, 9, 12), 'Tue 09:12'],
    ['this past week', local(2026, 2, 26, 8, 5), 'Thu 08:05'],
    ['a week ago', local(2026, 2, 25, 8, 5), '25 Feb, 08:05'],
    ['last year', local(2025, 12, 30, 17, 0), '30 Dec 2025, 17:00'],
  ])('%s', (_when, timestamp, words) => {
    expect(shortWhen(timestamp, now)).toBe(words);
  });

  it('leaves what is not a time as it is', () => {
    expect(shortWhen('', now)).toBe('');
  });
});
