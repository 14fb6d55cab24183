import { useCallback, useEffect, useRef, useState } from 'react';
import type { BoardColumn } from '#domain/orders/board-columns';
import type { Day } from '#domain/records';
import { useHeightVariable } from '../../lib/use-height-variable';
import { dayColumnId } from './day-column';
import { DaySummaryText, daySummaryWords, type DaySummary } from './day-summary';
import { DropDay } from './drag-support';

interface Props {
  columns: readonly BoardColumn[];
  summaryOf: (column: BoardColumn) => DaySummary | null;
  /** The day in view (`useDayInView`). */
  dayInView: Day | null;
  /** Goes to a day: marks it chosen and scrolls its column to the top. */
  goToDay: (day: Day, options?: { focus?: boolean }) => void;
}

/** What a person does to scroll by hand: from then on the day in view is read from the page again. */
const HAND_MOVES = ['wheel', 'touchmove', 'keydown'] as const;

/**
 * The day whose column is at the top of the screen, below the sticky header and strip, and a way
 * to choose one. A day chosen (a tap on the strip, a swipe) stays the day in view until the
 * person scrolls by hand: a short day at the end of the week cannot scroll to the top of the
 * page, and would otherwise leave the day above it marked.
 */
export function useDayInView(
  columns: readonly BoardColumn[],
  idPrefix: string,
): {
  dayInView: Day | null;
  goToDay: (day: Day, options?: { focus?: boolean }) => void;
  holdDay: (day: Day | null) => void;
} {
  const [day, setDay] = useState<Day | null>(null);
  const chosen = useRef<Day | null>(null);
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      if (chosen.current) return setDay(chosen.current);
      const styles = getComputedStyle(document.documentElement);
      const top =
        (parseFloat(styles.getPropertyValue('--app-header-height')) || 0) +
        (parseFloat(styles.getPropertyValue('--day-strip-height')) || 0);
      let current: Day | null = null;
      for (const column of columns) {
        const element = document.getElementById(dayColumnId(idPrefix, column.day));
        // A column counts once its top has reached the strip's bottom edge (it stops 0.5 rem below it).
        if (element && element.getBoundingClientRect().top <= top + 24) current = column.day;
      }
      setDay(current ?? columns[0]?.day ?? null);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    const byHand = () => {
      chosen.current = null;
    };
    measure();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    for (const type of HAND_MOVES) window.addEventListener(type, byHand, { capture: true, passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      for (const type of HAND_MOVES) window.removeEventListener(type, byHand, true);
    };
  }, [columns, idPrefix]);
  const goToDay = useCallback(
    (next: Day, { focus = true }: { focus?: boolean } = {}) => {
      chosen.current = next;
      setDay(next);
      jumpToDay(idPrefix, next, { focus });
    },
    [idPrefix],
  );
  // The board opening at today holds today as a tap would: a Saturday too short to reach the top
  // must not leave Thursday marked.
  const holdDay = useCallback((next: Day | null) => {
    chosen.current = next;
    if (next) setDay(next);
  }, []);
  return { dayInView: day, goToDay, holdDay };
}

/**
 * Scrolls a day's column to the top (below the sticky header and strip); a jump the person asked
 * for also moves focus to its heading, so the keyboard carries on from there.
 */
export function jumpToDay(
  idPrefix: string,
  day: Day,
  { behavior = 'smooth', focus = true }: { behavior?: ScrollBehavior; focus?: boolean } = {},
): void {
  const column = document.getElementById(dayColumnId(idPrefix, day));
  if (!column) return;
  column.scrollIntoView({ behavior, block: 'start' });
  if (focus) column.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
}

/** How a day's chip looks: today filled, the day in view outlined (its name underlined), both when both. */
function chipClass({ isToday, isInView, isOver }: { isToday: boolean; isInView: boolean; isOver: boolean }): string {
  if (isOver) return 'border-emerald-700 bg-emerald-100 text-emerald-950 ring-2 ring-emerald-600';
  const fill = isToday ? 'border-emerald-700 bg-emerald-700 text-white' : 'bg-white text-slate-800';
  if (!isInView) return `${fill} ${isToday ? '' : 'border-slate-200'}`;
  // Outlined and underlined, so it never reads as today's fill; on today, a ring around the fill.
  return isToday
    ? `${fill} ring-2 ring-emerald-700 ring-offset-2 ring-offset-slate-50`
    : `${fill} border-emerald-700 ring-1 ring-emerald-700`;
}

/**
 * The week's seven days in a strip that stays under the header while the columns scroll by, on
 * screens too narrow to show them side by side: each day with its date and its counts of orders
 * and trolleys; a tap goes to that day. Today's chip is filled (aria-current="date"); the day in
 * view, when another, is outlined and underlined (aria-current="true"). One row of 44 px chips,
 * so header and strip leave most of a phone's screen to the orders (docs/decisions/068).
 */
export function DayStrip({ columns, summaryOf, dayInView, goToDay }: Props) {
  // 0 where the strip is hidden: a day's column scrolled to the top stops just below it.
  const ref = useHeightVariable<HTMLElement>('--day-strip-height');
  return (
    <nav
      ref={ref}
      aria-label="Days of the week"
      className="sticky top-[var(--app-header-height,0px)] z-20 -mx-2 mb-2 bg-slate-50/95 px-2 py-0.5 backdrop-blur sm:-mx-3 sm:px-3 lg:hidden print:hidden"
    >
      <ul className="grid grid-cols-7 gap-1">
        {columns.map((column) => {
          const summary = summaryOf(column);
          const isInView = column.day === dayInView;
          return (
            <li key={column.day} data-day={column.day}>
              <DropDay kind="strip" day={column.day}>
                {(drop) => {
                  const isOver = drop?.isOver === true;
                  const isFilled = column.isToday && !isOver;
                  return (
                    <button
                      ref={drop?.ref}
                      type="button"
                      aria-label={`${column.label} ${column.date.day}${column.isToday ? ', today' : ''}${summary ? `: ${daySummaryWords(summary)}` : ''}`}
                      aria-current={column.isToday ? 'date' : isInView ? 'true' : undefined}
                      data-in-view={isInView ? 'true' : undefined}
                      onClick={() => goToDay(column.day)}
                      className={`flex h-11 w-full flex-col items-center justify-center rounded-md border px-0.5 leading-tight focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 ${chipClass({ isToday: column.isToday, isInView, isOver })}`}
                    >
                      <span
                        className={`text-xs font-semibold whitespace-nowrap ${isInView && !isOver ? 'underline decoration-2 underline-offset-2' : ''}`}
                      >
                        {column.label.slice(0, 3)} {column.date.day}
                      </span>
                      <span className={`text-[11px] whitespace-nowrap ${isFilled ? 'text-emerald-50' : 'text-slate-600'}`}>
                        {summary ? <DaySummaryText summary={summary} short /> : '\u00a0'}
                      </span>
                    </button>
                  );
                }}
              </DropDay>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
