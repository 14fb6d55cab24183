import { PanelErrorBoundary } from '../../components/ui/error-boundary';
import { routeHeadingFor, useWeekHeadings } from '../../lib/use-week-headings';
import { useWeekSelection } from '../../lib/week-selection';
import { DayColumn } from './day-column';
import { weekColumns, type DayColumnInfo } from './week-columns';

/**
 * The weekly board (/): seven day columns for the chosen week. On wide screens Monday–Friday
 * are columns 1–5 and the weekend shares column 6, because weekend loads are light.
 */
export default function BoardPage() {
  const { year, week, today } = useWeekSelection();
  const { headings } = useWeekHeadings();
  const columns = weekColumns(year, week, today);
  const weekdays = columns.slice(0, 5);
  const weekend = columns.slice(5);

  const renderColumn = (column: DayColumnInfo) => (
    <PanelErrorBoundary key={column.day} panelName={column.label}>
      <DayColumn column={column} year={year} week={week} routeHeading={routeHeadingFor(headings, column.day)}>
        {/* The day's orders go here (next issue: orders for this week, filtered by day). */}
      </DayColumn>
    </PanelErrorBoundary>
  );

  return (
    <div className="p-3">
      <h1 className="sr-only">
        Week {week}, {year}
      </h1>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-6">
        {weekdays.map(renderColumn)}
        {/* `contents` lets Saturday and Sunday flow as ordinary grid cells until the 6-column layout stacks them. */}
        <div className="contents lg:flex lg:flex-col lg:gap-3">{weekend.map(renderColumn)}</div>
      </div>
    </div>
  );
}
