// When something happened, as short as a person reads it on a phone: "11:40" today, "Mon 09:12"
// this past week, "3 Mar, 09:12" this year, "3 Mar 2025, 09:12" before. UK words and the
// device's own clock and zone, as every time the app shows.

const DAY_MS = 24 * 60 * 60 * 1000;

/** PocketBase's time ("2026-11-21 10:04:05.123Z") as a Date; null when it is not one. */
export function parseRecordTime(timestamp: string): Date | null {
  const date = new Date(timestamp.replace(' ', 'T'));
  return Number.isNaN(date.getTime()) ? null : date;
}

const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();

export function shortWhen(timestamp: string, now: Date): string {
  const date = parseRecordTime(timestamp);
  if (!date) return timestamp;
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  const daysAgo = Math.round((startOfDay(now) - startOfDay(date)) / DAY_MS);
  if (daysAgo === 0) return time;
  if (daysAgo > 0 && daysAgo < 7) return `${date.toLocaleDateString('en-GB', { weekday: 'short' })} ${time}`;
  const day = date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  });
  return `${day}, ${time}`;
}
