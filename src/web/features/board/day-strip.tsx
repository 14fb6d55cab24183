import { useEffect, useState } from 'react';
import type { BoardColumn } from '#domain/orders/board-columns';
import type { Day } from '#domain/records';
import { useHeightVariable } from '../../lib/use-height-variable';
import { dayColumnId } from './day-column';
import { DaySummaryText, daySummaryWords, type DaySummary } from './day-summary';
import { DropDay } from './drag-support';

interface Props {
  columns: readonly BoardColumn[];
  idPrefix: string;
  summaryOf: (column: BoardColumn) => DaySummary | null;
}

/** The day whose column is at the top of the screen, below the sticky header and strip. */
function useDayInView(columns: readonly BoardColumn[], idPrefix: string): Day | null {
  const [day, setDay] = useState<Day | null>(null);
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const styles = getComputedStyle(document.documentElement);
      const top = parseFloat(styles.getPropertyValue('--app-header-height')) || 0;
      let current: Day | null = null;
      for (const column of columns) {
        const element = document.getElementById(dayColumnId(idPrefix, column.day));
        // The strip is about 4 rem tall; a column counts once its top has passed under it.
        if (element && element.getBoundingClientRect().top <= top + 80) current = column.day;
      }
      setDay(current ?? columns[0]?.day ?? null);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, [columns, idPrefix]);
  return day;
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

/**
 * The week's seven days in a strip that stays under the header while the columns scroll by, on
 * screens too narrow to show them side by side: each day with its date and its counts of orders
 * and trolleys; a tap jumps to that day.
 */
export function DayStrip({ columns, idPrefix, summaryOf }: Props) {
  const dayInView = useDayInView(columns, idPrefix);
  // 0 where the strip is hidden: a day's column scrolled to the top stops just below it.
  const ref = useHeightVariable<HTMLElement>('--day-strip-height');
  return (
    <nav
      ref={ref}
      aria-label="Days of the week"
      className="sticky top-[var(--app-header-height,0px)] z-20 -mx-2 mb-2 bg-slate-50/95 px-2 py-1 backdrop-blur sm:-mx-3 sm:px-3 lg:hidden print:hidden"
    >
      <ul className="grid grid-cols-7 gap-1">
        {columns.map((column) => {
          const summary = summaryOf(column);
          const isInView = column.day === dayInView;
          return (
            <li key={column.day} data-day={column.day}>
              <DropDay kind="strip" day={column.day}>
                {(drop) => (
                  <button
                    ref={drop?.ref}
                    type="button"
                    aria-label={`${column.label} ${column.date.day}${column.isToday ? ', today' : ''}${summary ? `: ${daySummaryWords(summary)}` : ''}`}
                    aria-current={isInView ? 'true' : undefined}
                    onClick={() => jumpToDay(idPrefix, column.day)}
                    className={`flex min-h-12 w-full flex-col items-center justify-center rounded-md border px-0.5 py-0.5 leading-tight focus-visible:outline-2 focus-visible:outline-emerald-600 ${
                      drop?.isOver
                        ? 'border-emerald-700 ring-2 ring-emerald-600'
                        : column.isToday
                          ? 'border-emerald-500'
                          : 'border-slate-200'
                    } ${isInView || drop?.isOver ? 'bg-emerald-700 text-white' : 'bg-white text-slate-800'}`}
                  >
                    <span className="text-xs font-semibold">
                      {column.label.slice(0, 3)} {column.date.day}
                    </span>
                    <span className={`text-[11px] whitespace-nowrap ${isInView || drop?.isOver ? 'text-emerald-50' : 'text-slate-600'}`}>
                      {summary ? <DaySummaryText summary={summary} short /> : '\u00a0'}
                    </span>
                  </button>
                )}
              </DropDay>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
