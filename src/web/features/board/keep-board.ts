import { useEffect } from 'react';

/**
 * Once the week's orders are on screen, and again whenever they change, keeps the board for the
 * next visit (docs/decisions/051), when the browser has a moment: never in the way of a paint.
 */
export function useKeepBoardOnDevice(year: number, week: number, dataUpdatedAt: number, hasOrders: boolean): void {
  useEffect(() => {
    if (!hasOrders) return;
    // Its code loads when it is first used (docs/decisions/074); a board moved to another week
    // meanwhile is not kept under this one's name.
    let isCurrent = true;
    const keep = () =>
      void import('./keep-board-copy').then(
        ({ keepBoardOnScreen }) => isCurrent && keepBoardOnScreen(year, week),
        () => undefined,
      );
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(keep, { timeout: 5000 });
      return () => {
        isCurrent = false;
        window.cancelIdleCallback(handle);
      };
    }
    const timer = setTimeout(keep, 1000);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [year, week, dataUpdatedAt, hasOrders]);
}
