import { describe, expect, it } from 'vitest';
import { addWorkingDays, bankHolidays, easterSunday, isWorkingDay } from './bank-holidays';
import { contestBy, contestOpen, contestWords } from './contest-deadline';

// gov.uk/bank-holidays, England and Wales.
const GOV_UK: Record<number, string[]> = {
  2022: [
    '2022-01-03',
    '2022-04-15',
    '2022-04-18',
    '2022-05-02',
    '2022-06-02',
    '2022-06-03',
    '2022-08-29',
    '2022-09-19',
    '2022-12-26',
    '2022-12-27',
  ],
  2023: ['2023-01-02', '2023-04-07', '2023-04-10', '2023-05-01', '2023-05-08', '2023-05-29', '2023-08-28', '2023-12-25', '2023-12-26'],
  2024: ['2024-01-01', '2024-03-29', '2024-04-01', '2024-05-06', '2024-05-27', '2024-08-26', '2024-12-25', '2024-12-26'],
  2025: ['2025-01-01', '2025-04-18', '2025-04-21', '2025-05-05', '2025-05-26', '2025-08-25', '2025-12-25', '2025-12-26'],
  2026: ['2026-01-01', '2026-04-03', '2026-04-06', '2026-05-04', '2026-05-25', '2026-08-31', '2026-12-25', '2026-12-28'],
  2027: ['2027-01-01', '2027-03-26', '2027-03-29', '2027-05-03', '2027-05-31', '2027-08-30', '2027-12-27', '2027-12-28'],
};

describe('bank holidays of England and Wales', () => {
  it.each(Object.keys(GOV_UK).map(Number))('match gov.uk for %i', (year) => {
    expect(bankHolidays(year)).toEqual(GOV_UK[year]);
  });

  it('finds Easter', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2038)).toBe('2038-04-25');
  });

  it('counts neither weekends nor bank holidays as working days', () => {
    expect(isWorkingDay('2026-12-24')).toBe(true);
    expect(isWorkingDay('2026-12-25')).toBe(false);
    expect(isWorkingDay('2026-12-26')).toBe(false);
    expect(isWorkingDay('2026-12-28')).toBe(false);
    expect(isWorkingDay('2026-12-29')).toBe(true);
  });
});

describe('the contest deadline: 10 working days from the statement date', () => {
  it('is two weeks on when no holiday falls between', () => {
    expect(contestBy('2026-11-20')).toBe('2026-12-04');
    expect(addWorkingDays('2026-11-21', 1)).toBe('2026-11-23');
  });

  it('skips Christmas, the Boxing Day substitute and New Year', () => {
    // 21-24 Dec (4), 25 and 28 off, 29-31 (7), 1 Jan off, 4-6 Jan (10).
    expect(contestBy('2026-12-18')).toBe('2027-01-06');
  });

  it('skips Easter', () => {
    // 2027: Good Friday 26 Mar, Easter Monday 29 Mar.
    expect(contestBy('2027-03-19')).toBe('2027-04-06');
  });

  it('reads as a date until it passes, then as passed', () => {
    expect(contestWords('2026-11-20', '2026-11-24')).toBe('Contest by Fri 4 Dec 2026');
    expect(contestOpen('2026-11-20', '2026-12-04')).toBe(true);
    expect(contestWords('2026-11-20', '2026-12-05')).toBe('Deadline passed');
  });
});
