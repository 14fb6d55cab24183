import { describe, expect, it } from 'vitest';
import { dayMonthYear, fileNamePart, runName, runPdfFileName } from './run-name';

describe('run names', () => {
  it('joins date (day-month-year), driver and registration with hyphens', () => {
    expect(runName({ date: '2026-11-23', driver: 'Sam ', reg: 'AB12 CDE' })).toBe('23-11-2026-Sam-AB12 CDE');
  });

  it('names the PDF after the date and driver', () => {
    expect(runPdfFileName({ date: '2026-11-23', driver: 'Sam' })).toBe('23-11-2026_Sam.pdf');
  });

  it('keeps spaces and file-system characters out of the PDF name, and every letter in', () => {
    expect(runPdfFileName({ date: '2026-11-24', driver: ' Tom  Jones ' })).toBe('24-11-2026_Tom-Jones.pdf');
    expect(runPdfFileName({ date: '2026-11-24', driver: 'Łukasz Wójcik' })).toBe('24-11-2026_Łukasz-Wójcik.pdf');
    expect(fileNamePart('A/B: C*D?"E"<F>|G\\H')).toBe('A-B-C-D-E-F-G-H');
    expect(fileNamePart('  - Sam -  ')).toBe('Sam');
  });

  it.each([
    ['2026-11-23', '23-11-2026'],
    ['2027-01-05', '05-01-2027'],
    ['', ''],
  ])('writes %o as %o', (date, shown) => {
    expect(dayMonthYear(date)).toBe(shown);
  });
});
