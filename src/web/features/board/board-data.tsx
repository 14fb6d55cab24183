// The weekly board's data part, loaded after first paint (docs/decisions/007).
import type { Day } from '#domain/records';
import { useReportFetchingOrders } from '../../lib/fetching-orders';
import { useWeekOrders } from '../../lib/orders/use-week-orders';
import { QueryProvider } from '../../lib/query-provider';
import { useWeekHeadings } from '../../lib/settings/use-week-headings';

interface WeekProps {
  year: number;
  week: number;
}

function Sync({ year, week }: WeekProps) {
  // Refreshes user_settings_cache from the server; the board's headings follow the cache.
  useWeekHeadings();
  const orders = useWeekOrders(year, week);
  useReportFetchingOrders(orders.isPending);
  return null;
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
  const list = orders.data?.filter((o) => o.day === day) ?? [];
  if (!orders.data) return null;
  if (list.length === 0) return <p className="px-1.5 py-1 text-sm text-slate-400">No orders</p>;
  return (
    <ul>
      {list.map((o) => (
        <li key={o.id}>{o.title}</li>
      ))}
    </ul>
  );
}

/** One day's orders. */
export function DayOrders(props: WeekProps & { day: Day }) {
  return (
    <QueryProvider>
      <Orders {...props} />
    </QueryProvider>
  );
}
