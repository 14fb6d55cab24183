import { describe, expect, it } from 'vitest';
import { dayMonthYear, runName, runPdfFileName } from './run-name';

describe('run names', () => {
  it('joins date (day-month-year), driver and registration with hyphens', () => {
    expect(runName({ date: '2026-11-23', driver: 'Sam ', reg: 'AB12 CDE' })).toBe('23-11-2026-Sam-AB12 CDE');
  });

  it('names the PDF after the date and driver', () => {
    expect(runPdfFileName({ date: '2026-11-23', driver: 'Sam' })).toBe('23-11-2026_Sam.pdf');
  });

  it.each([
    ['2026-11-23', '23-11-2026'],
    ['2027-01-05', '05-01-2027'],
    ['', ''],
  ])('writes %o as %o', (date, shown) => {
    expect(dayMonthYear(date)).toBe(shown);
  });
});
