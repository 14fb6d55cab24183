// The copy of the board kept for the next visit's first paint (docs/decisions/051), made when the
// browser is idle after the orders show: loaded then by ./keep-board.ts, not with the board
// (docs/decisions/074).
import { KEPT_BOARD_ATTRIBUTE, stylesheetHref, writeKeptBoard } from '../../lib/offline/kept-board';
import { BOARD_PATH } from '../../lib/paths';
import { orderKeys } from '../../lib/query-keys';
import { queryClient } from '../../lib/query-client';
import { currentUser } from '../../lib/session';

/** A board larger than this (characters of markup) is not kept: localStorage holds about 5 MB in all. */
const MAX_KEPT_MARKUP = 1_500_000;

/**
 * How far down the page lines are kept, in screen heights: the first screen, and a little more for
 * a next visit with a taller window (the installed app has no address bar). Each extra tenth of a
 * screen costs about 10 ms on a slow tablet (bench:board-load: 1.25 screens 0.42 s, 1.0 0.38 s).
 */
const KEPT_SCREENS = 1.1;

/**
 * The next visit shows the kept markup at the top of the page for the moment until the app takes
 * it over, so only the lines of the first screen are ever seen: the copy drops every line further
 * down (its list keeps its height, so the page is as long as the app will draw it), and the parts
 * of a line a first paint never shows (the drag handle for keyboards, a closed tooltip). The
 * browser then styles, lays out and paints a fraction of the board before the app has started
 * (docs/decisions/051): on a tablet with 100 orders, about 1,000 elements instead of 3,800.
 */
function dropWhatTheFirstScreenNeverShows(root: HTMLElement, copy: HTMLElement): void {
  const fold = window.innerHeight * KEPT_SCREENS - window.scrollY;
  const lists = root.querySelectorAll('ul');
  const copies = copy.querySelectorAll('ul');
  lists.forEach((list, index) => {
    const twin = copies[index];
    if (!twin || !list.querySelector(':scope > li[data-order-id]')) return;
    // From the bottom up, so that removing a twin leaves the earlier ones at their index.
    let dropped = false;
    for (let i = list.children.length - 1; i >= 0; i--) {
      if ((list.children[i]?.getBoundingClientRect().top ?? 0) <= fold) break;
      twin.children[i]?.remove();
      dropped = true;
    }
    if (dropped) twin.style.minHeight = `${list.getBoundingClientRect().height}px`;
  });
  for (const unseen of copy.querySelectorAll('li[data-order-id] .sr-only, li[data-order-id] [role="tooltip"].hidden')) unseen.remove();
}

/**
 * Which option a select shows is a property, not markup: a copy would show each select's first
 * option ("Week 1", the newest year). Written into the copy as the `selected` attribute.
 */
function keepChosenOptions(root: HTMLElement, copy: HTMLElement): void {
  const copies = copy.querySelectorAll('select');
  root.querySelectorAll('select').forEach((select, index) => copies[index]?.options[select.selectedIndex]?.setAttribute('selected', ''));
}

/** Keeps the weekly board as it is on screen, with its orders, for the next visit's first paint. */
export function keepBoardOnScreen(year: number, week: number): void {
  const root = document.getElementById('root');
  const user = currentUser()?.id;
  const query = queryClient.getQueryCache().find({ queryKey: orderKeys.week(year, week), exact: true });
  if (!root || !user || !query || query.state.data === undefined || location.pathname !== BOARD_PATH) return;
  if (root.hasAttribute(KEPT_BOARD_ATTRIBUTE)) return;
  // Toasts belong to this visit; the copy is a detached clone, so nothing on screen changes.
  const copy = root.cloneNode(true) as HTMLElement;
  // First, while the copy's lists and selects are still the twins of the page's, one for one.
  dropWhatTheFirstScreenNeverShows(root, copy);
  keepChosenOptions(root, copy);
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
