import { useIsFetchingOrders } from '../../lib/fetching-orders';
import { useLiveStatus } from '../../lib/live-status';

/** "Fetching Orders..." over the page while a screen loads orders (docs/product.md#header-and-navigation). */
export function FetchingOrdersOverlay() {
  const isFetching = useIsFetchingOrders();
  // Offline nothing is being fetched: the page says it needs a connection instead (needs-connection.tsx).
  const { isOffline } = useLiveStatus();
  if (!isFetching || isOffline) return null;
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-white/60" role="status" aria-live="polite">
      <p className="rounded-lg bg-white px-5 py-3 text-base font-medium text-slate-800 shadow-lg">Fetching Orders...</p>
    </div>
  );
}
