import { describe, expect, it } from 'vitest';
import { describeSchedule, fallsInWeek, weekKey, weeksBetween, type Schedule } from './schedule';

const schedule = (over: Partial<Schedule> = {}): Schedule => ({
  fromYear: 2026,
  fromWeek: 50,
  untilYear: 0,
  untilWeek: 0,
  everyWeeks: 1,
  active: true,
  ...over,
});

const weeksIn = (s: Schedule, from: { year: number; week: number }, count: number) => {
  const out: string[] = [];
  for (let year = from.year, week = from.week, seen = 0; seen < count; seen++) {
    if (fallsInWeek(s, { year, week })) out.push(weekKey({ year, week }));
    week += 1;
    if (week > (year === 2026 ? 53 : 52)) {
      year += 1;
      week = 1;
    }
  }
  return out;
};

describe('which weeks a standing order falls in', () => {
  it('counts weeks across a year end, 2026 having a week 53', () => {
    expect(weeksBetween({ year: 2026, week: 52 }, { year: 2027, week: 1 })).toBe(2);
    expect(weeksBetween({ year: 2027, week: 1 }, { year: 2026, week: 52 })).toBe(-2);
    expect(weeksIn(schedule({ fromWeek: 52, everyWeeks: 2 }), { year: 2026, week: 48 }, 10)).toEqual(['2026-W52', '2027-W01', '2027-W03']);
  });

  it('starts at its first week and stops after its last', () => {
    const s = schedule({ fromWeek: 51, untilYear: 2027, untilWeek: 2 });
    expect(weeksIn(s, { year: 2026, week: 48 }, 10)).toEqual(['2026-W51', '2026-W52', '2026-W53', '2027-W01', '2027-W02']);
  });

  it('makes nothing when paused, nor in a week the year does not have', () => {
    expect(fallsInWeek(schedule({ active: false }), { year: 2026, week: 50 })).toBe(false);
    expect(fallsInWeek(schedule({ fromYear: 2027, fromWeek: 1 }), { year: 2027, week: 53 })).toBe(false);
  });

  it('every 4 weeks, open-ended, years later', () => {
    const s = schedule({ fromWeek: 1, everyWeeks: 4 });
    // 2026 week 1 + 4 × 27 = 108 weeks later: 2026 has 53 weeks, so week 108 - 53 - 52 + 1 = 4 of 2028.
    expect(fallsInWeek(s, { year: 2028, week: 4 })).toBe(true);
    expect(fallsInWeek(s, { year: 2028, week: 5 })).toBe(false);
  });

  it('is said in words', () => {
    expect(describeSchedule(schedule({ everyWeeks: 2, untilYear: 2027, untilWeek: 10 }))).toBe(
      'Every 2 weeks from week 50 of 2026 until week 10 of 2027',
    );
    expect(describeSchedule(schedule({ active: false }))).toBe('Every week from week 50 of 2026 (paused)');
  });
});
