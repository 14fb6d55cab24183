import { localCalendarDate } from '#domain/weeks';

const pad = (n: number) => String(n).padStart(2, '0');

/** Today's `YYYY-MM-DD` on the office wall (the browser's time zone), as the ledger dates things. */
export function localIsoDate(now: Date): string {
  const { year, month, day } = localCalendarDate(now);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The first day of `date`'s month. */
export const monthStart = (date: string): string => `${date.slice(0, 8)}01`;
