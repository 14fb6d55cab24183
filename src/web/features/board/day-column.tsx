import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import type { BoardColumn } from '#domain/orders/board-columns';

interface Props {
  column: BoardColumn;
  year: number;
  week: number;
  routeHeading: string;
  /** The day's orders (filled by the board once orders load). */
  children?: ReactNode;
}

export function DayColumn({ column, year, week, routeHeading, children }: Props) {
  const headingId = `day-${column.day}`;
  const dayNumber = column.date.day;
  return (
    <section
      aria-labelledby={headingId}
      className={`flex min-h-24 flex-col rounded-lg border bg-white shadow-sm lg:min-h-40 ${
        column.isToday ? 'border-emerald-500 ring-1 ring-emerald-500' : 'border-slate-200'
      }`}
    >
      <header className="border-b border-slate-200 px-3 py-2">
        <div className="flex items-baseline justify-between gap-2">
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            {column.label} <span className="font-normal text-slate-500">{dayNumber}</span>
          </h2>
          <Link
            to={paths.pickSheet(year, week, column.day, dayNumber)}
            className="rounded px-1.5 py-0.5 text-xs font-medium text-emerald-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600"
            aria-label={`Pick sheet for ${column.label} ${dayNumber}`}
          >
            Pick sheet
          </Link>
        </div>
        <p className="truncate text-sm font-medium text-slate-600" title={routeHeading}>
          {routeHeading}
        </p>
      </header>
      <div className="flex-1 p-2">{children}</div>
    </section>
  );
}
