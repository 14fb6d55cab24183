import { describe, expect, it } from 'vitest';
import { localCalendarDate } from '#domain/weeks';
import { isNewDayReloadDue, NEW_DAY_IDLE_MS } from './use-idle-reload';

// A tablet left on overnight reloads once the local date has moved on and nobody is using it,
// so "today" on the board is today (docs/product.md#live-updates).

describe('the new-day reload', () => {
  const evening = new Date(2026, 10, 24, 22, 30);
  const openedOn = localCalendarDate(evening);
  const afterMidnight = new Date(2026, 10, 25, 0, 7);

  it('waits for the local date to change', () => {
    const lateEvening = new Date(2026, 10, 24, 23, 59);
    expect(isNewDayReloadDue(openedOn, lateEvening, evening.getTime())).toBe(false);
    expect(isNewDayReloadDue(openedOn, afterMidnight, evening.getTime())).toBe(true);
  });

  it('never interrupts someone using the page', () => {
    const touchedJustNow = afterMidnight.getTime() - 60_000;
    expect(isNewDayReloadDue(openedOn, afterMidnight, touchedJustNow)).toBe(false);
    expect(isNewDayReloadDue(openedOn, afterMidnight, afterMidnight.getTime() - NEW_DAY_IDLE_MS)).toBe(true);
  });

  it('counts days, months and years alike', () => {
    const newYearsEve = new Date(2026, 11, 31, 20, 0);
    expect(isNewDayReloadDue(localCalendarDate(newYearsEve), new Date(2027, 0, 1, 1, 0), newYearsEve.getTime())).toBe(true);
    expect(isNewDayReloadDue(localCalendarDate(newYearsEve), new Date(2026, 11, 31, 23, 0), newYearsEve.getTime())).toBe(false);
  });
});
