import { describe, expect, it } from 'vitest';
import {
  clampWeek,
  currentIsoWeek,
  datesOfIsoWeek,
  dayNumbersOfIsoWeek,
  formatCalendarDate,
  isoWeekOf,
  isoWeekOfCalendarDate,
  normalizeLegacyYear,
  parseCalendarDate,
  shiftIsoWeek,
  utcCalendarDate,
  weeksInIsoYear,
  yearOptions,
} from './weeks';

const iso = (text: string) => {
  const date = parseCalendarDate(text);
  if (!date) throw new Error(`bad test date ${text}`);
  return date;
};

describe('weeksInIsoYear', () => {
  it.each([
    [2015, 53],
    [2016, 52],
    [2020, 53],
    [2021, 52],
    [2024, 52],
    [2025, 52],
    [2026, 53],
    [2027, 52],
    [2032, 53],
    [2037, 53],
    [2100, 52],
  ])('%i has %i weeks', (year, weeks) => {
    expect(weeksInIsoYear(year)).toBe(weeks);
  });
});

describe('isoWeekOf a date', () => {
  it.each([
    ['2024-01-01', 2024, 1], // a Monday: 2024 starts on its own first day
    ['2024-12-29', 2024, 52],
    ['2024-12-30', 2025, 1], // week 1 of 2025 starts in December 2024
    ['2025-01-01', 2025, 1],
    ['2025-12-28', 2025, 52],
    ['2025-12-29', 2026, 1],
    ['2026-12-28', 2026, 53],
    ['2027-01-03', 2026, 53],
    ['2027-01-04', 2027, 1],
    ['2021-01-01', 2020, 53],
    ['2021-01-03', 2020, 53],
    ['2021-01-04', 2021, 1],
    ['2016-01-03', 2015, 53],
    ['2026-11-21', 2026, 47],
    ['2024-02-29', 2024, 9],
  ])('%s is in %i week %i', (text, year, week) => {
    const { year: y, month, day } = iso(text);
    expect(isoWeekOfCalendarDate(y, month, day)).toEqual({ year, week });
    expect(isoWeekOf(iso(text))).toEqual({ year, week });
  });

  it('reads a Date in UTC, whatever the machine time zone', () => {
    // 23:30 UTC on Sunday 28 Dec 2025 is still week 52 of 2025; a minute past midnight is week 1 of 2026.
    expect(isoWeekOf(new Date('2025-12-28T23:30:00Z'))).toEqual({ year: 2025, week: 52 });
    expect(isoWeekOf(new Date('2025-12-29T00:01:00Z'))).toEqual({ year: 2026, week: 1 });
    expect(utcCalendarDate(new Date('2026-03-05T23:59:59.999Z'))).toEqual({ year: 2026, month: 3, day: 5 });
  });

  it('refuses a date that does not exist', () => {
    expect(() => isoWeekOfCalendarDate(2025, 2, 29)).toThrow(RangeError);
  });
});

describe('datesOfIsoWeek', () => {
  it.each([
    [2024, 1, '2024-01-01', '2024-01-07'],
    [2025, 1, '2024-12-30', '2025-01-05'],
    [2026, 1, '2025-12-29', '2026-01-04'],
    [2026, 53, '2026-12-28', '2027-01-03'],
    [2027, 1, '2027-01-04', '2027-01-10'],
    [2020, 53, '2020-12-28', '2021-01-03'],
    [2015, 53, '2015-12-28', '2016-01-03'],
    [2024, 9, '2024-02-26', '2024-03-03'],
  ])('%i week %i runs Monday %s to Sunday %s', (year, week, monday, sunday) => {
    const dates = datesOfIsoWeek(year, week).map(formatCalendarDate);
    expect(dates).toHaveLength(7);
    expect(dates[0]).toBe(monday);
    expect(dates[6]).toBe(sunday);
  });

  it('gives consecutive days across a month end and a leap day', () => {
    expect(datesOfIsoWeek(2024, 9).map(formatCalendarDate)).toEqual([
      '2024-02-26',
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
      '2024-03-02',
      '2024-03-03',
    ]);
  });

  it('every day of a week maps back to that week', () => {
    for (const year of [2015, 2020, 2024, 2025, 2026, 2027]) {
      for (let week = 1; week <= weeksInIsoYear(year); week++) {
        for (const date of datesOfIsoWeek(year, week)) expect(isoWeekOf(date)).toEqual({ year, week });
      }
    }
  });

  it('refuses a week the year does not have', () => {
    expect(() => datesOfIsoWeek(2025, 53)).toThrow(/weeksInIsoYear/);
    expect(() => datesOfIsoWeek(2026, 0)).toThrow(RangeError);
  });
});

describe('dayNumbersOfIsoWeek (the week-to-dates table)', () => {
  it.each([
    [2024, 1, [1, 2, 3, 4, 5, 6, 7]],
    [2025, 1, [30, 31, 1, 2, 3, 4, 5]],
    [2025, 52, [22, 23, 24, 25, 26, 27, 28]],
    [2026, 53, [28, 29, 30, 31, 1, 2, 3]],
    [2027, 1, [4, 5, 6, 7, 8, 9, 10]],
  ])('%i week %i', (year, week, days) => {
    expect(dayNumbersOfIsoWeek(year, week)).toEqual(days);
  });
});

describe('currentIsoWeek', () => {
  it('is the ISO week and ISO week-year of today', () => {
    expect(currentIsoWeek({ year: 2026, month: 11, day: 21 })).toEqual({ year: 2026, week: 47 });
    expect(currentIsoWeek({ year: 2027, month: 1, day: 1 })).toEqual({ year: 2026, week: 53 });
    expect(currentIsoWeek(new Date('2024-12-31T12:00:00Z'))).toEqual({ year: 2025, week: 1 });
  });
});

describe('shiftIsoWeek', () => {
  it.each([
    [{ year: 2026, week: 52 }, 1, { year: 2026, week: 53 }],
    [{ year: 2026, week: 53 }, 1, { year: 2027, week: 1 }],
    [{ year: 2025, week: 52 }, 1, { year: 2026, week: 1 }],
    [{ year: 2026, week: 1 }, -1, { year: 2025, week: 52 }],
    [{ year: 2027, week: 1 }, -1, { year: 2026, week: 53 }],
    [{ year: 2026, week: 10 }, 0, { year: 2026, week: 10 }],
  ])('%o moved by %i is %o', (from, delta, to) => {
    expect(shiftIsoWeek(from, delta)).toEqual(to);
  });
});

describe('clampWeek', () => {
  it.each([
    [2026, 53, 53],
    [2025, 53, 52],
    [2026, 60, 53],
    [2026, 0, 1],
    [2026, -4, 1],
    [2026, 7.9, 7],
    [2026, Number.NaN, 1],
  ])('year %i week %d becomes %i', (year, week, expected) => {
    expect(clampWeek(year, week)).toBe(expected);
  });
});

describe('year handling', () => {
  it('reads the legacy year 0 as 2024 and leaves real years alone', () => {
    expect(normalizeLegacyYear(0)).toBe(2024);
    expect(normalizeLegacyYear(2025)).toBe(2025);
  });

  it('offers every year from next year down to 2024', () => {
    expect(yearOptions({ year: 2026, month: 11, day: 21 })).toEqual([2027, 2026, 2025, 2024]);
    expect(yearOptions(new Date('2024-06-01T00:00:00Z'))).toEqual([2025, 2024]);
  });

  it('offers the ISO week-year of the last days of December', () => {
    // 29 Dec 2025 is week 1 of 2026, which must be selectable.
    const today = { year: 2025, month: 12, day: 29 };
    expect(yearOptions(today)).toContain(currentIsoWeek(today).year);
  });
});

describe('calendar dates as text', () => {
  it('parses and formats yyyy-mm-dd and rejects impossible dates', () => {
    expect(parseCalendarDate('2026-11-21')).toEqual({ year: 2026, month: 11, day: 21 });
    expect(formatCalendarDate({ year: 2026, month: 1, day: 3 })).toBe('2026-01-03');
    expect(parseCalendarDate('2026-02-29')).toBeNull();
    expect(parseCalendarDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseCalendarDate('21/11/2026')).toBeNull();
    expect(parseCalendarDate('2026-13-01')).toBeNull();
  });
});
