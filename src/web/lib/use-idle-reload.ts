import { useEffect } from 'react';
import { localCalendarDate, type CalendarDate } from '#domain/weeks';

export const IDLE_RELOAD_MS = 6 * 60 * 60 * 1000;
/** After midnight, how long the page must have been left alone before it reloads for the new day. */
export const NEW_DAY_IDLE_MS = 5 * 60 * 1000;
const NEW_DAY_CHECK_MS = 60 * 1000;
const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'mousedown', 'scroll', 'touchstart'] as const;

const sameDay = (a: CalendarDate, b: CalendarDate) => a.year === b.year && a.month === b.month && a.day === b.day;

/**
 * Whether a page opened on `openedOn` should reload now: the local date has moved on (a tablet
 * left on overnight would still show yesterday as today) and nobody has touched it for
 * NEW_DAY_IDLE_MS, so nobody is in the middle of something.
 */
export function isNewDayReloadDue(openedOn: CalendarDate, now: Date, lastActivityAt: number): boolean {
  return !sameDay(openedOn, localCalendarDate(now)) && now.getTime() - lastActivityAt >= NEW_DAY_IDLE_MS;
}

/**
 * Reloads the page after `idleMs` without user activity, so a board left on a wall tablet
 * picks up a new release and a fresh session, and once the day has changed and it has been left
 * alone a few minutes, so it shows the new day. Every activity event restarts the idle timer.
 */
export function useIdleReload(idleMs: number = IDLE_RELOAD_MS): void {
  useEffect(() => {
    const openedOn = localCalendarDate(new Date());
    let lastActivityAt = Date.now();
    let timer = window.setTimeout(reload, idleMs);
    function reload(): void {
      window.location.reload();
    }
    function restart(): void {
      lastActivityAt = Date.now();
      window.clearTimeout(timer);
      timer = window.setTimeout(reload, idleMs);
    }
    const dayCheck = window.setInterval(() => {
      if (isNewDayReloadDue(openedOn, new Date(), lastActivityAt)) reload();
    }, NEW_DAY_CHECK_MS);
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, restart, { passive: true, capture: true });
    return () => {
      window.clearTimeout(timer);
      window.clearInterval(dayCheck);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, restart, { capture: true });
    };
  }, [idleMs]);
}
