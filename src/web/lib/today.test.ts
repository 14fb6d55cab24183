import { afterEach, describe, expect, it, vi } from 'vitest';
import { boardColumns } from '#domain/orders/board-columns';
import { localToday } from './today';

// The browser's time zone decides which day is today. Node reads TZ on every Date call, so the
// test pins it.
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('localToday', () => {
  it('just after local midnight in British summer time gives the new day and week', () => {
    vi.stubEnv('TZ', 'Europe/London');
    // 23:30 UTC on Sunday 28 June 2026 is 00:30 BST on Monday 29 June: week 27, not week 26.
    const today = localToday(new Date('2026-06-28T23:30:00Z'));
    expect(today.date).toEqual({ year: 2026, month: 6, day: 29 });
    expect(today.week).toEqual({ year: 2026, week: 27 });
    expect(
      boardColumns(today.week.year, today.week.week, today.date)
        .filter((c) => c.isToday)
        .map((c) => c.day),
    ).toEqual(['monday']);
  });

  it('just before local midnight keeps the day', () => {
    vi.stubEnv('TZ', 'Europe/London');
    expect(localToday(new Date('2026-06-28T22:59:00Z')).date).toEqual({ year: 2026, month: 6, day: 28 });
  });

  it('a time zone behind UTC is still on the day before', () => {
    vi.stubEnv('TZ', 'America/New_York');
    // 01:00 UTC on 1 January 2027 is 20:00 on 31 December 2026 in New York: week 53 of 2026.
    expect(localToday(new Date('2027-01-01T01:00:00Z'))).toEqual({
      date: { year: 2026, month: 12, day: 31 },
      week: { year: 2026, week: 53 },
    });
  });
});
