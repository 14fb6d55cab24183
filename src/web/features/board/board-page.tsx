import { lazy, Suspense } from 'react';
import { boardColumns, type BoardColumn } from '#domain/orders/board-columns';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { useCachedWeekHeadings } from '../../lib/settings/settings-cache';
import { useCurrentUser } from '../../lib/use-current-user';
import { useWeekSelection } from '../../lib/week-selection';
import { WeekBoard } from './week-board';

// The orders (TanStack Query, the SDK and the order lines) are not part of the first paint
// (docs/decisions/006, 011): their chunk starts downloading as soon as this module runs, and the
// board's frame with the cached route headings paints meanwhile. Only the inside of each day
// waits for it, so nothing already painted is replaced when it arrives.
const loadBoardData = () => import('./board-data');
void loadBoardData().catch(() => undefined);
const DayOrders = lazy(() => loadBoardData().then((m) => ({ default: m.DayOrders })));
const BoardSync = lazy(() => loadBoardData().then((m) => ({ default: m.BoardSync })));
const SelectionBanner = lazy(() => loadBoardData().then((m) => ({ default: m.SelectionBanner })));

/** The weekly board (/): seven day columns of the chosen week with their orders. */
export default function BoardPage() {
  const { year, week, today } = useWeekSelection();
  const user = useCurrentUser();
  useDocumentTitle(`Week ${week}, ${year}`);
  const columns = boardColumns(year, week, today);
  const headings = useCachedWeekHeadings(user?.id ?? null);

  const renderDay = (column: BoardColumn) => (
    <Suspense fallback={null}>
      <DayOrders year={year} week={week} day={column.day} />
    </Suspense>
  );

  return (
    <div className="p-2 sm:p-3">
      <h1 className="sr-only">
        Week {week}, {year}
      </h1>
      <Suspense fallback={null}>
        <SelectionBanner />
        <BoardSync year={year} week={week} />
      </Suspense>
      <WeekBoard columns={columns} year={year} week={week} headings={headings} renderDay={renderDay} idPrefix="board" />
    </div>
  );
}
