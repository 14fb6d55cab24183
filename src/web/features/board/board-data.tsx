// The weekly board's data part, loaded after first paint (docs/decisions/011).
import { lazy, Suspense } from 'react';
import type { Day } from '#domain/records';
import { useReportFetchingOrders } from '../../lib/fetching-orders';
import { useWeekOrders } from '../../lib/orders/use-week-orders';
import { QueryProvider } from '../../lib/query-provider';
import { DayOrdersList } from './day-orders-list';

interface WeekProps {
  year: number;
  week: number;
}

const HeadingsSync = lazy(() => import('./headings-sync'));

function Sync({ year, week }: WeekProps) {
  const orders = useWeekOrders(year, week);
  useReportFetchingOrders(orders.isPending);
  return (
    <Suspense fallback={null}>
      <HeadingsSync />
    </Suspense>
  );
}

/** Fetches what the board needs (settings, the week's orders) and shows "Fetching Orders..." meanwhile. */
export function BoardSync(props: WeekProps) {
  return (
    <QueryProvider>
      <Sync {...props} />
    </QueryProvider>
  );
}

function Orders({ year, week, day }: WeekProps & { day: Day }) {
  const orders = useWeekOrders(year, week);
  return <DayOrdersList orders={orders.data?.filter((o) => o.day === day)} />;
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
