import { boardColumns, type BoardColumn } from '#domain/orders/board-columns';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { useReportFetchingOrders } from '../../lib/fetching-orders';
import { useCollectOrders } from '../../lib/orders/use-collect-orders';
import { useWeekSelection } from '../../lib/week-selection';
import { DayOrdersList } from './day-orders-list';
import { SelectionBanner } from './selection-banner';
import { WeekBoard } from './week-board';

/** The collect board (/collect): the board's seven days, only orders to be collected, no route headings. */
export default function CollectPage() {
  const { year, week, today } = useWeekSelection();
  useDocumentTitle(`Collects · Week ${week}, ${year}`);
  const orders = useCollectOrders(year, week);
  useReportFetchingOrders(orders.isPending);
  const columns = boardColumns(year, week, today);
  const renderDay = (column: BoardColumn) => <DayOrdersList orders={orders.data?.filter((o) => o.day === column.day)} />;

  return (
    <div className="p-2 sm:p-3">
      <h1 className="mb-2 px-1 text-lg font-semibold text-slate-900">
        Collects{' '}
        <span className="font-normal text-slate-600">
          · Week {week}, {year}
        </span>
      </h1>
      <SelectionBanner />
      <WeekBoard columns={columns} year={year} week={week} headings={null} renderDay={renderDay} idPrefix="collect" />
    </div>
  );
}
