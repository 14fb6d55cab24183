import type { ReactNode } from 'react';
import { Link } from '../../lib/router/links';
import type { BoardColumn } from '#domain/orders/board-columns';
import { paths } from '../../lib/paths';

interface Props {
  column: BoardColumn;
  year: number;
  week: number;
  /** The user's route heading for the day ("Misc" when unset); null on boards without headings. */
  routeHeading: string | null;
  /** The day's orders (or an empty-day note); nothing while they load. */
  children?: ReactNode;
  /** Prefix of the heading id, unique per board on the page. */
  idPrefix: string;
}

/** One day of a board week: day name, date number, pick-sheet link, route heading, the orders. */
export function DayColumn({ column, year, week, routeHeading, children, idPrefix }: Props) {
  const headingId = `${idPrefix}-${column.day}`;
  const dayNumber = column.date.day;
  return (
    <section
      aria-labelledby={headingId}
      className={`flex min-h-24 flex-col rounded-lg border bg-white shadow-sm lg:min-h-40 ${
        column.isToday ? 'border-emerald-500 ring-1 ring-emerald-500' : 'border-slate-200'
      }`}
    >
      <header className="border-b border-slate-200 px-3 py-1.5">
        <div className="flex flex-wrap items-center justify-between gap-x-2">
          <div className="flex items-baseline gap-2">
            <h2 id={headingId} className="text-base font-semibold whitespace-nowrap text-slate-900">
              {column.label} <span className="font-normal text-slate-500">{dayNumber}</span>
            </h2>
            {column.isToday && (
              <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">Today</span>
            )}
          </div>
          <Link
            to={paths.pickSheet(year, week, column.day, dayNumber)}
            className="ml-auto inline-flex min-h-11 items-center rounded px-1.5 text-xs font-medium whitespace-nowrap text-emerald-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600 md:min-h-7"
            aria-label={`Pick sheet for ${column.label} ${dayNumber}`}
          >
            Pick sheet
          </Link>
        </div>
        {routeHeading !== null && (
          <p className="truncate text-sm font-medium text-slate-600" title={routeHeading}>
            {routeHeading}
          </p>
        )}
      </header>
      <div className="flex-1 p-1.5">{children}</div>
    </section>
  );
}
