import { useEffect } from 'react';
import { KEPT_BOARD_ATTRIBUTE, stylesheetHref, writeKeptBoard } from '../../lib/offline/kept-board';
import { BOARD_PATH } from '../../lib/paths';
import { orderKeys } from '../../lib/query-keys';
import { queryClient } from '../../lib/query-client';
import { currentUser } from '../../lib/session';

/** A board larger than this (characters of markup) is not kept: localStorage holds about 5 MB in all. */
const MAX_KEPT_MARKUP = 1_500_000;

/** Keeps the weekly board as it is on screen, with its orders, for the next visit's first paint. */
function keepBoardOnScreen(year: number, week: number): void {
  const root = document.getElementById('root');
  const user = currentUser()?.id;
  const query = queryClient.getQueryCache().find({ queryKey: orderKeys.week(year, week), exact: true });
  if (!root || !user || !query || query.state.data === undefined || location.pathname !== BOARD_PATH) return;
  if (root.hasAttribute(KEPT_BOARD_ATTRIBUTE)) return;
  // Toasts belong to this visit; the copy is a detached clone, so nothing on screen changes.
  const copy = root.cloneNode(true) as HTMLElement;
  for (const element of copy.querySelectorAll('[data-not-kept]')) element.replaceChildren();
  const html = copy.innerHTML;
  if (html.length > MAX_KEPT_MARKUP) return;
  const page = document.documentElement.style;
  const variables = Object.fromEntries(
    [...page].filter((name) => name.startsWith('--')).map((name) => [name, page.getPropertyValue(name)]),
  );
  writeKeptBoard({
    user,
    year,
    week,
    at: query.state.dataUpdatedAt,
    styles: stylesheetHref(),
    html,
    variables,
    key: query.queryKey,
    hash: query.queryHash,
    data: query.state.data,
  });
}

/**
 * Once the week's orders are on screen, and again whenever they change, keeps the board for the
 * next visit (docs/decisions/051), when the browser has a moment: never in the way of a paint.
 */
export function useKeepBoardOnDevice(year: number, week: number, dataUpdatedAt: number, hasOrders: boolean): void {
  useEffect(() => {
    if (!hasOrders) return;
    const keep = () => keepBoardOnScreen(year, week);
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(keep, { timeout: 5000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(keep, 1000);
    return () => clearTimeout(timer);
  }, [year, week, dataUpdatedAt, hasOrders]);
}
