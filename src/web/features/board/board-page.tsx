import { useMemo } from 'react';
import { boardColumns, type BoardColumn } from '#domain/orders/board-columns';
import { boardHeadings } from '#domain/settings/week-headings';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { useNurseryHeadings } from '../../lib/settings/nursery';
import { useWeekHeadings } from '../../lib/settings/use-week-headings';
import { useWeekSelection } from '../../lib/week-selection';
import { BoardSync, DayOrders, SelectionBanner } from './board-data';
import { WeekBoard } from './week-board';

/** The weekly board (/): seven day columns of the chosen week with their orders. */
export default function BoardPage() {
  const { year, week, today } = useWeekSelection();
  useDocumentTitle(`Week ${week}, ${year}`);
  const columns = boardColumns(year, week, today);
  // The nursery's headings, each overridden by the person's own; from the browser's copies in this
  // first render, then the server's.
  const nurseryHeadings = useNurseryHeadings();
  const ownHeadings = useWeekHeadings();
  const headings = useMemo(() => boardHeadings(nurseryHeadings, ownHeadings), [nurseryHeadings, ownHeadings]);

  const renderDay = (column: BoardColumn) => <DayOrders year={year} week={week} day={column.day} />;

  return (
    <div className="p-2 sm:p-3">
      <h1 className="sr-only">
        Week {week}, {year}
      </h1>
      <SelectionBanner />
      <BoardSync year={year} week={week} />
      <WeekBoard columns={columns} year={year} week={week} headings={headings} renderDay={renderDay} idPrefix="board" />
    </div>
  );
}
