import { useEffect } from 'react';

export const IDLE_RELOAD_MS = 6 * 60 * 60 * 1000;
const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'mousedown', 'scroll', 'touchstart'] as const;

/**
 * Reloads the page after `idleMs` without user activity, so a board left on a wall tablet
 * picks up a new release and a fresh session. Every activity event restarts the timer.
 */
export function useIdleReload(idleMs: number = IDLE_RELOAD_MS): void {
  useEffect(() => {
    let timer = window.setTimeout(reload, idleMs);
    function reload(): void {
      window.location.reload();
    }
    function restart(): void {
      window.clearTimeout(timer);
      timer = window.setTimeout(reload, idleMs);
    }
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, restart, { passive: true, capture: true });
    return () => {
      window.clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, restart, { capture: true });
    };
  }, [idleMs]);
}
