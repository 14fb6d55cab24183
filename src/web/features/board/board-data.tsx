// The weekly board's data part, loaded after first paint (docs/decisions/011).
import { useMemo } from 'react';
import type { Day } from '#domain/records';
import { useReportFetchingOrders } from '../../lib/fetching-orders';
import { useWeekOrders } from '../../lib/orders/use-week-orders';
import { QueryProvider } from '../../lib/query-provider';
import { DayOrdersList } from './day-orders-list';

interface WeekProps {
  year: number;
  week: number;
}

function Sync({ year, week }: WeekProps) {
  const orders = useWeekOrders(year, week);
  useReportFetchingOrders(orders.isPending);
  return null;
}

/** Fetches the week's orders and shows "Fetching Orders..." meanwhile. */
export function BoardSync(props: WeekProps) {
  return (
    <QueryProvider>
      <Sync {...props} />
    </QueryProvider>
  );
}

function Orders({ year, week, day }: WeekProps & { day: Day }) {
  const { data } = useWeekOrders(year, week);
  // The same array while the week's list is unchanged, so the memoised list does not re-render.
  const dayOrders = useMemo(() => data?.filter((o) => o.day === day), [data, day]);
  return <DayOrdersList orders={dayOrders} />;
}

/** One day's orders. */
export function DayOrders(props: WeekProps & { day: Day }) {
  return (
    <QueryProvider>
      <Orders {...props} />
    </QueryProvider>
  );
}

// Map mode's banner travels with the orders: it is not needed to paint the board.
export { SelectionBanner } from './selection-banner';
