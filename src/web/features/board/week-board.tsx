import type { ReactNode } from 'react';
import type { BoardColumn } from '#domain/orders/board-columns';
import type { WeekHeadings } from '#domain/records';
import { routeHeadingFor } from '#domain/settings/week-headings';
import { PanelErrorBoundary } from '../../components/ui/error-boundary';
import { DayColumn } from './day-column';
import type { DaySummary } from './day-summary';
import { DropDay } from './drag-support';

interface Props {
  columns: readonly BoardColumn[];
  year: number;
  week: number;
  /** The user's week headings; null for a board without route headings (the collect board). */
  headings: WeekHeadings | null;
  /** The content of one day (its orders). */
  renderDay?: (column: BoardColumn) => ReactNode;
  /** One day's trolleys against the fleet. */
  renderCapacity?: (column: BoardColumn) => ReactNode;
  /** The buttons in one day's header. */
  renderTools?: (column: BoardColumn) => ReactNode;
  /** One day's counts; null while the orders load. */
  summaryOf?: (column: BoardColumn) => DaySummary | null;
  idPrefix: string;
}

/**
 * The seven day columns of a week. On wide screens Monday–Friday are columns 1–5 and the
 * weekend shares column 6, because weekend loads are light.
 */
export function WeekBoard({ columns, year, week, headings, renderDay, renderCapacity, renderTools, summaryOf, idPrefix }: Props) {
  const weekdays = columns.slice(0, 5);
  const weekend = columns.slice(5);

  const renderColumn = (column: BoardColumn) => (
    <PanelErrorBoundary key={column.day} panelName={column.label}>
      <DropDay kind="column" day={column.day}>
        {(drop) => (
          <DayColumn
            column={column}
            year={year}
            week={week}
            idPrefix={idPrefix}
            routeHeading={headings ? routeHeadingFor(headings, column.day) : null}
            summary={summaryOf?.(column)}
            capacity={renderCapacity?.(column)}
            tools={renderTools?.(column)}
            drop={drop}
          >
            {renderDay?.(column)}
          </DayColumn>
        )}
      </DropDay>
    </PanelErrorBoundary>
  );

  return (
    <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-6">
      {weekdays.map(renderColumn)}
      {/* `contents` lets Saturday and Sunday flow as ordinary grid cells until the 6-column layout stacks them. */}
      <div className="contents lg:flex lg:flex-col lg:gap-2">{weekend.map(renderColumn)}</div>
    </div>
  );
}
