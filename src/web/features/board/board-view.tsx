import { useEffect, useMemo, useRef, useState } from 'react';
import { boardColumns, type BoardColumn } from '#domain/orders/board-columns';
import { boardDays, type BoardDays } from '#domain/orders/board-filter';
import { newOrderWeekError } from '#domain/orders/new-order-week';
import type { BoardType, OrderRecord, WeekHeadings } from '#domain/records';
import type { CalendarDate } from '#domain/weeks';
import { highlightedOrderOf } from '../../lib/board-arrival';
import { useLocation } from '../../lib/router/hooks';
import { useCan } from '../../lib/use-role';
import { ExportCsvButton } from '../../components/export-csv-button';
import { useBoardFilter } from './board-filter-store';
import { BoardToolbar } from './board-toolbar';
import { DayOrdersList } from './day-orders-list';
import { AddOrderFab } from './add-order-fab';
import { DayStrip, useDayInView } from './day-strip';
import { DaySwipe } from './day-swipe';
import { DayTools } from './day-tools';
import { DragArea } from './drag-support';
import { SelectionBanner } from './selection-banner';
import { useOpenAtToday } from './use-open-at-today';
import { OrdersWithoutCustomerNotice } from './orders-without-customer-notice';
import { DayCapacity } from './plan/plan-on-board';
import { FillWeekButton, ImportCsvButton } from './week-copy-tools';
import { WeekBoard } from './week-board';

/** How long a line just added stays marked. */
const HIGHLIGHT_MS = 4000;

interface Props {
  year: number;
  week: number;
  today: CalendarDate;
  /** The week's orders; undefined while they load. */
  orders: readonly OrderRecord[] | undefined;
  /** The user's week headings; null for a board without route headings (the collect board). */
  headings: WeekHeadings | null;
  idPrefix: string;
  /** The board type a day's "+" gives a new order (the collect board's are collects). */
  newOrderType?: BoardType;
}

/** The order just added, marked for a moment once it is on screen. */
function useArrivedOrder(orders: readonly OrderRecord[] | undefined): string | null {
  const { state } = useLocation();
  const [highlightId, setHighlightId] = useState(() => highlightedOrderOf(state, Date.now()));
  useEffect(() => setHighlightId(highlightedOrderOf(state, Date.now())), [state]);
  const isShown = highlightId !== null && orders?.some((o) => o.id === highlightId) === true;
  useEffect(() => {
    if (!isShown) return;
    const timer = setTimeout(() => setHighlightId(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [isShown]);
  return highlightId;
}

/**
 * A board week as staff use it: the filter, the day strip, the swipe between days and the Add
 * button (narrow screens), and the seven days with their counts, their buttons and their orders.
 * Shared by the weekly and collect boards.
 */
export function BoardView({ year, week, today, orders, headings, idPrefix, newOrderType }: Props) {
  const filter = useBoardFilter();
  const columns = useMemo(() => boardColumns(year, week, today), [year, week, today]);
  const previous = useRef<BoardDays<OrderRecord> | undefined>(undefined);
  const days = useMemo(() => (orders ? boardDays(orders, filter, previous.current) : undefined), [orders, filter]);
  useEffect(() => {
    previous.current = days;
  }, [days]);
  const hidden = days ? Object.values(days).reduce((sum, day) => sum + day.hidden, 0) : 0;
  const highlightId = useArrivedOrder(orders);
  const canAddOrders = newOrderWeekError({ year, weekNumber: week }, today) === null;
  const canEdit = useCan('edit');
  const { dayInView, goToDay, holdDay } = useDayInView(columns, idPrefix);
  const columnInView = columns.find((c) => c.day === dayInView) ?? columns.find((c) => c.isToday) ?? columns[0];

  useOpenAtToday({
    idPrefix,
    today: columns.find((c) => c.isToday)?.day ?? null,
    hasOrders: orders !== undefined,
    skip: highlightId !== null,
    onPlaced: holdDay,
  });

  const summaryOf = (column: BoardColumn) =>
    days ? { orders: days[column.day].orders.length, trollies: days[column.day].trollies } : null;

  return (
    <div>
      <SelectionBanner />
      <BoardToolbar
        filter={filter}
        hidden={hidden}
        tools={
          <>
            {newOrderType === undefined && <FillWeekButton year={year} week={week} canAddOrders={canAddOrders} />}
            <ExportCsvButton
              disabled={orders === undefined}
              make={(csv) => (orders ? { text: csv.ordersCsv(orders), fileName: csv.csvFileName('week', year, week, idPrefix) } : null)}
            />
            <ImportCsvButton week={week} />
          </>
        }
      />
      <OrdersWithoutCustomerNotice />
      <DragArea isReady={orders !== undefined}>
        <DayStrip columns={columns} summaryOf={summaryOf} dayInView={dayInView} goToDay={goToDay} />
        <DaySwipe columns={columns} dayInView={dayInView} goToDay={goToDay}>
          <WeekBoard
            columns={columns}
            year={year}
            week={week}
            headings={headings}
            idPrefix={idPrefix}
            summaryOf={summaryOf}
            renderCapacity={newOrderType === undefined ? (column) => <DayCapacity orders={orders} day={column.day} /> : undefined}
            renderTools={(column) => (
              <DayTools
                column={column}
                year={year}
                week={week}
                orders={days?.[column.day].orders ?? []}
                canAddOrders={canAddOrders}
                newOrderType={newOrderType}
              />
            )}
            renderDay={(column) =>
              days && <DayOrdersList orders={days[column.day].orders} hidden={days[column.day].hidden} highlightId={highlightId} />
            }
          />
        </DaySwipe>
      </DragArea>
      {canEdit && canAddOrders && columnInView && <AddOrderFab column={columnInView} year={year} week={week} newOrderType={newOrderType} />}
    </div>
  );
}
