import { DAYS, type Day } from '#domain/records';

// The day sheets' file names (docs/product.md#pdfs): lower case, no spaces, sorted by day in a
// folder of downloads. The run sheet's is runPdfFileName in #domain/trolleys/run-name.

/** One day's pick sheet: `{day}-{number}-{year}.pdf`, e.g. tuesday-24-2026.pdf. */
export function pickSheetFileName(day: Day, dayNumber: number, year: number): string {
  return `${day}-${dayNumber}-${year}.pdf`;
}

/** One day's collect sheet: `collects-{day}-{number}-{year}.pdf`. */
export function collectSheetFileName(day: Day, dayNumber: number, year: number): string {
  return `collects-${pickSheetFileName(day, dayNumber, year)}`;
}

/**
 * Several days of one week: `week-{week}-{year}.pdf` for the whole week, else the chosen days'
 * first three letters added in week order, e.g. week-48-2026-mon-tue-fri.pdf.
 */
export function weekSheetFileName(week: number, year: number, days: readonly Day[]): string {
  const chosen = DAYS.filter((day) => days.includes(day));
  const suffix = chosen.length === DAYS.length ? '' : `-${chosen.map((day) => day.slice(0, 3)).join('-')}`;
  return `week-${week}-${year}${suffix}.pdf`;
}
