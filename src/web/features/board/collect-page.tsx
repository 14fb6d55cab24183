import { useMemo } from 'react';
import { collectBoardList } from '#domain/orders/order-lists';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { useReportFetchingOrders } from '../../lib/fetching-orders';
import { useCollectOrders } from '../../lib/orders/use-collect-orders';
import { useWithQueuedCreates } from '../../lib/outbox/queued-creates';
import { useWeekSelection } from '../../lib/week-selection';
import { BoardView } from './board-view';

/** The collect board (/collect): the board's seven days, only orders to be collected, no route headings. */
export default function CollectPage() {
  const { year, week, today } = useWeekSelection();
  useDocumentTitle(`Collects · Week ${week}, ${year}`);
  const orders = useCollectOrders(year, week);
  useReportFetchingOrders(orders.isPending);
  const list = useMemo(() => collectBoardList({ year, weekNumber: week }), [year, week]);
  const shown = useWithQueuedCreates(orders.data, list);

  return (
    // Room at the end for the floating Add button and the bottom bar, so the last order can scroll clear of them.
    <div className="p-2 pb-40 sm:p-3 sm:pb-40 lg:pb-24">
      <h1 className="mb-2 px-1 text-lg font-semibold text-slate-900">
        Collects{' '}
        <span className="font-normal text-slate-600">
          · Week {week}, {year}
        </span>
      </h1>
      <BoardView year={year} week={week} today={today} orders={shown} headings={null} idPrefix="collect" newOrderType="collect" />
    </div>
  );
}
