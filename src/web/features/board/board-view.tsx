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

/**
 * The least height of a line with the gap below it (32 px for a mouse, 44 px on touch, plus 4 px):
 * this many pixels of screen hold at most one line, so a day's first `innerHeight / LINE_PX` lines
 * fill the screen whatever its size.
 */
const LINE_PX = 32;
// Columns stack (or pair up) below this width; on wider screens every day is in view at once.
const STACKED_COLUMNS = '(max-width: 1023.98px)';

/** The first board a page load shows draws its first screen of lines first (docs/decisions/074). */
let isFirstBoardOfLoad = true;

/**
 * How many lines each day draws now: the first board of a page load draws the lines of its first
 * screen in its first frame and the rest of the week in the next one, so the week is readable a
 * frame sooner on a slow tablet. What it leaves for the next frame is below the screen's bottom:
 * where the columns stack (a phone), the days above the one the board opens at are drawn whole,
 * since they decide where that day sits. A later board (another week, Back) draws whole at once,
 * so a kept scroll position finds its page, and so does a board showing an order just added.
 * `undefined` is every line.
 */
function useFirstScreenLimits(columns: readonly BoardColumn[], opensAtToday: boolean, hasOrders: boolean) {
  const [staged] = useState(() => {
    const isFirst = isFirstBoardOfLoad;
    isFirstBoardOfLoad = false;
    if (!isFirst || !opensAtToday) return null;
    const lines = Math.ceil(window.innerHeight / LINE_PX);
    const isStacked = window.matchMedia(STACKED_COLUMNS).matches;
    const opened = Math.max(
      0,
      columns.findIndex((c) => c.isToday),
    );
    return new Map(columns.map((c, i) => [c.day, isStacked && i < opened ? undefined : lines]));
  });
  const [isWhole, setWhole] = useState(staged === null);
  useEffect(() => {
    if (isWhole || !hasOrders) return;
    // After the frame that draws the first screen has been painted.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setWhole(true))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [isWhole, hasOrders]);
  return (day: BoardColumn['day']) => (isWhole ? undefined : staged?.get(day));
}

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
  // The board opens at today (useOpenAtToday), or at the order just added: then all is drawn at once.
  const limitOf = useFirstScreenLimits(columns, highlightId === null, orders !== undefined);

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
              days && (
                <DayOrdersList
                  orders={days[column.day].orders}
                  hidden={days[column.day].hidden}
                  highlightId={highlightId}
                  limit={limitOf(column.day)}
                />
              )
            }
          />
        </DaySwipe>
      </DragArea>
      {canEdit && canAddOrders && columnInView && <AddOrderFab column={columnInView} year={year} week={week} newOrderType={newOrderType} />}
    </div>
  );
}
