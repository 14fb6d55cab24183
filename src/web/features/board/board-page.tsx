import { useMemo } from 'react';
import { boardHeadings } from '#domain/settings/week-headings';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { useReportFetchingOrders } from '../../lib/fetching-orders';
import { weekBoardList } from '#domain/orders/order-lists';
import { useWeekOrders } from '../../lib/orders/use-week-orders';
import { useWithQueuedCreates } from '../../lib/outbox/queued-creates';
import { QueryProvider } from '../../lib/query-provider';
import { useNurseryHeadings } from '../../lib/settings/nursery';
import { useWeekHeadings } from '../../lib/settings/use-week-headings';
import { useWeekSelection } from '../../lib/week-selection';
import { BoardView } from './board-view';
import { FirstUse } from './first-use/first-use';
import { useKeepBoardOnDevice } from './keep-board';

function WeeklyBoard() {
  const { year, week, today } = useWeekSelection();
  const orders = useWeekOrders(year, week);
  useReportFetchingOrders(orders.isPending);
  // New orders made offline show in their day, marked "Not sent" (docs/decisions/047).
  const list = useMemo(() => weekBoardList({ year, weekNumber: week }), [year, week]);
  const shown = useWithQueuedCreates(orders.data, list);
  useKeepBoardOnDevice(year, week, orders.dataUpdatedAt, orders.data !== undefined);
  // The nursery's headings, each overridden by the person's own; from the browser's copies in this
  // first render, then the server's.
  const nurseryHeadings = useNurseryHeadings();
  const ownHeadings = useWeekHeadings();
  const headings = useMemo(() => boardHeadings(nurseryHeadings, ownHeadings), [nurseryHeadings, ownHeadings]);
  return <BoardView year={year} week={week} today={today} orders={shown} headings={headings} idPrefix="board" />;
}

/** The weekly board (/): seven day columns of the chosen week with their orders. */
export default function BoardPage() {
  const { year, week } = useWeekSelection();
  useDocumentTitle(`Week ${week}, ${year}`);
  return (
    // Room at the end for the floating Add button and the bottom bar, so the last order can scroll clear of them.
    <div className="p-2 pb-40 sm:p-3 sm:pb-40 lg:pb-24">
      <h1 className="sr-only">
        Week {week}, {year}
      </h1>
      <QueryProvider>
        <FirstUse />
        <WeeklyBoard />
      </QueryProvider>
    </div>
  );
}
