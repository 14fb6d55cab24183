import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import type { Day } from '#domain/records';
import { useLocation } from '../../lib/router/hooks';
import { HEIGHT_VARIABLE_CHANGE } from '../../lib/use-height-variable';
import { dayColumnId } from './day-column';
import { jumpToDay } from './day-strip';

// Columns stack (or pair up) below this width; on wider screens every day is in view at once.
const STACKED_COLUMNS = '(max-width: 1023.98px)';
const USER_MOVES = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Whether a day's column starts in the upper half of the page's first screen (Monday, mostly): no
 * need to scroll. Measured from the top of the page, not of the window: a jump made before the
 * orders arrived may have stopped short (the page was not yet long enough), leaving the column
 * in the upper half of the window but not at its top.
 */
function isNearTheTop(idPrefix: string, day: Day): boolean {
  const column = document.getElementById(dayColumnId(idPrefix, day));
  return column !== null && column.getBoundingClientRect().top + window.scrollY < window.innerHeight / 2;
}

/**
 * Dispatched on `<html>` by the first-use card of an empty nursery when it shows: the ways in
 * come before today's empty column, so the board goes back to the top (docs/decisions/072).
 */
export const FIRST_USE_SHOWN = 'trolleyboard:first-use-shown';

/** History entries the board has been shown for: Back to one of them keeps where the page was. */
const shownEntries = new Set<string>();

/**
 * On a phone the board opens at today's column, not at Monday (docs/product.md#weekly-board):
 * when a board entry is first shown for a week holding today, today's column is scrolled to the
 * top unless it starts in the upper half of the page's first screen; once the orders have arrived
 * (the days above it grow), the same again, and again whenever the page, the header or the day
 * strip changes height, until the person moves (a first render may already have the orders kept
 * on the device, docs/decisions/051, while the header is still settling). Back to an entry seen
 * before does nothing, nor does a board opened to show an
 * order just added (`skip`).
 */
export function useOpenAtToday({
  idPrefix,
  today,
  hasOrders,
  skip,
  onPlaced,
}: {
  idPrefix: string;
  today: Day | null;
  hasOrders: boolean;
  skip: boolean;
  /**
   * Told each time today's column is placed, so the day strip marks today as the day in view, and
   * told null when the board goes back to the top instead.
   */
  onPlaced?: (day: Day | null) => void;
}) {
  const placed = useRef(onPlaced);
  useEffect(() => {
    placed.current = onPlaced;
  });
  const place = useCallback(
    (day: Day) => {
      jumpToDay(idPrefix, day, { behavior: 'instant', focus: false });
      placed.current?.(day);
    },
    [idPrefix],
  );
  const { key } = useLocation();
  const pending = useRef(false);

  useLayoutEffect(() => {
    if (shownEntries.has(key)) return;
    shownEntries.add(key);
    pending.current = !skip && today !== null && window.matchMedia(STACKED_COLUMNS).matches;
    if (!pending.current || !today) return;
    // Before the orders arrive the days above today are short: today may start near the top now
    // and far down once they have grown, so the check is made again then. Its position is read in
    // the next frame, just before that frame is laid out and painted anyway: read here, during the
    // render, it would lay the whole board out once more than painting it takes.
    const frame = requestAnimationFrame(() => {
      if (!isNearTheTop(idPrefix, today)) place(today);
    });
    // The header or the day strip changing height (the header's live status settling) moves the
    // column from under them: placed again, as long as the person has not moved.
    const placeAgain = () => {
      if (!isNearTheTop(idPrefix, today)) place(today);
    };
    document.documentElement.addEventListener(HEIGHT_VARIABLE_CHANGE, placeAgain);
    // An empty nursery's first-use card is what to read first, not today's empty column.
    const backToTop = () => {
      if (!pending.current) return;
      stop();
      placed.current?.(null);
      window.scrollTo({ top: 0, behavior: 'instant' });
    };
    document.documentElement.addEventListener(FIRST_USE_SHOWN, backToTop);
    const stop = () => {
      pending.current = false;
      document.documentElement.removeEventListener(HEIGHT_VARIABLE_CHANGE, placeAgain);
      document.documentElement.removeEventListener(FIRST_USE_SHOWN, backToTop);
      for (const type of USER_MOVES) window.removeEventListener(type, stop, true);
    };
    for (const type of USER_MOVES) window.addEventListener(type, stop, { capture: true, passive: true });
    return () => {
      cancelAnimationFrame(frame);
      stop();
    };
  }, [key, idPrefix, today, skip, place]);

  useEffect(() => {
    if (!hasOrders || !pending.current || !today) return;
    if (isNearTheTop(idPrefix, today)) {
      pending.current = false;
      return;
    }
    place(today);
    // What is above today can still change height after the orders are in: the header's "On this
    // device · as of 10:42" gives way to "Live" once the fresh week arrives (a line shorter on a
    // phone), and each line gains its Move button when drag and drop has loaded. The browser's
    // scroll anchoring keeps the column where it was in the window, not under the sticky header
    // that moved, so today is put back at the top until the person moves.
    const observer = new ResizeObserver(() => {
      if (pending.current) place(today);
      else observer.disconnect();
    });
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [hasOrders, idPrefix, today, place]);
}
