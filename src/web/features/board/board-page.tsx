import { PanelErrorBoundary } from '../../components/ui/error-boundary';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { boardColumns, type BoardColumn } from '#domain/orders/board-columns';
import { routeHeadingFor } from '#domain/settings/week-headings';
import { useWeekHeadings } from '../../lib/use-week-headings';
import { useWeekSelection } from '../../lib/week-selection';
import { DayColumn } from './day-column';

/**
 * The weekly board (/): seven day columns for the chosen week. On wide screens Monday–Friday
 * are columns 1–5 and the weekend shares column 6, because weekend loads are light.
 */
export default function BoardPage() {
  const { year, week, today } = useWeekSelection();
  const { headings } = useWeekHeadings();
  useDocumentTitle(`Week ${week}, ${year}`);
  const columns = boardColumns(year, week, today);
  const weekdays = columns.slice(0, 5);
  const weekend = columns.slice(5);

  const renderColumn = (column: BoardColumn) => (
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
