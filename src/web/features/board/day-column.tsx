import type { ReactNode } from 'react';
import { Link } from '../../lib/router/links';
import type { BoardColumn } from '#domain/orders/board-columns';
import { paths } from '../../lib/paths';
import { DaySummaryText, type DaySummary } from './day-summary';
import type { DropTarget } from './drag-support';

interface Props {
  column: BoardColumn;
  year: number;
  week: number;
  /** The user's route heading for the day ("Misc" when unset); null on boards without headings. */
  routeHeading: string | null;
  /** The day's counts as shown; nothing while the orders load. */
  summary?: DaySummary | null;
  /** The day's trolleys against the fleet's capacity (loaded after first paint). */
  capacity?: ReactNode;
  /** The day's buttons (add an order, set every status). */
  tools?: ReactNode;
  /** The day's orders (or an empty-day note); nothing while they load. */
  children?: ReactNode;
  /** Prefix of the heading id, unique per board on the page. */
  idPrefix: string;
  /** Where a dragged order may be dropped onto this day (once drag and drop has loaded). */
  drop?: DropTarget | null;
}

/** The id of a day column's element, for the day strip's jumps and the board's first scroll. */
export const dayColumnId = (idPrefix: string, day: string) => `${idPrefix}-${day}-column`;

/**
 * One day of a board week: day name, date number and the day's counts; the route heading, the
 * pick-sheet link and the day's buttons; the orders. It sits below the sticky header and day
 * strip when the board scrolls to it.
 */
export function DayColumn({ column, year, week, routeHeading, summary, capacity, tools, children, idPrefix, drop }: Props) {
  const headingId = `${idPrefix}-${column.day}`;
  const dayNumber = column.date.day;
  const frame = drop?.isOver
    ? 'border-emerald-600 bg-emerald-50 ring-2 ring-emerald-600'
    : column.isToday
      ? 'border-emerald-500 ring-1 ring-emerald-500'
      : 'border-slate-200';
  return (
    <section
      ref={drop?.ref}
      id={dayColumnId(idPrefix, column.day)}
      aria-labelledby={headingId}
      data-day={column.day}
      className={`flex min-h-24 scroll-mt-[calc(var(--app-header-height,0px)+var(--day-strip-height,0px)+0.5rem)] flex-col rounded-lg border shadow-sm lg:min-h-40 ${
        drop?.isOver ? '' : 'bg-white'
      } ${frame}`}
    >
      <header className="border-b border-slate-200 px-3 py-1.5">
        <div className="flex flex-wrap items-baseline justify-between gap-x-2">
          <div className="flex items-baseline gap-2">
            <h2 id={headingId} tabIndex={-1} className="text-base font-semibold whitespace-nowrap text-slate-900 focus:outline-none">
              {column.label} <span className="font-normal text-slate-500">{dayNumber}</span>
            </h2>
            {column.isToday && (
              <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">Today</span>
            )}
          </div>
          {summary && (
            <p className="ml-auto text-xs font-medium whitespace-nowrap text-slate-600" data-testid="day-summary">
              <DaySummaryText summary={summary} />
            </p>
          )}
          {capacity}
        </div>
        {/* A narrow column puts the day's tools on a line of their own rather than cut its heading to a letter. */}
        <div className="flex flex-wrap items-center gap-x-1">
          {routeHeading !== null ? (
            <p className="min-w-10 flex-1 truncate text-sm font-medium text-slate-600" title={routeHeading}>
              {routeHeading}
            </p>
          ) : (
            <span className="flex-1" />
          )}
          <div className="ml-auto flex min-w-0 flex-wrap items-center justify-end gap-1">
            <Link
              to={paths.pickSheet(year, week, column.day, dayNumber)}
              className="inline-flex min-h-11 items-center rounded px-1.5 text-xs font-medium whitespace-nowrap text-emerald-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600 md:min-h-8 pointer-coarse:min-h-11"
              aria-label={`Pick sheet for ${column.label} ${dayNumber}`}
            >
              Pick sheet
            </Link>
            {tools}
          </div>
        </div>
      </header>
      <div className="flex-1 p-1.5">{children}</div>
    </section>
  );
}
