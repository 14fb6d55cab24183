import { QueryCache, QueryClient } from '@tanstack/react-query';
import { liveStatus } from './live-status';
import { orderKeys } from './query-keys';

/** Orders are fetched again every 120 s while a board is open (docs/product.md#live-updates). */
export const ORDER_REFETCH_INTERVAL_MS = 120_000;

function isAbort(err: unknown): boolean {
  return (err as { isAbort?: unknown } | null)?.isAbort === true;
}

function status(err: unknown): number {
  const value = (err as { status?: unknown } | null)?.status;
  return typeof value === 'number' ? value : 0;
}

/**
 * The app's one QueryClient (docs/decisions/011). Server data in the web app lives here, not
 * in hand-written promise caches. Failed loads are only logged (docs/product.md#when-something-fails: failures to
 * fetch tasks or settings have no user message); a screen shows its own empty or error state.
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (err, query) => {
      if (isAbort(err)) return;
      console.warn(`Could not load ${JSON.stringify(query.queryKey)}; keeping what is on screen.`, err);
      // No answer at all (not an error status): the server cannot be reached from here.
      if (status(err) === 0 && query.queryKey[0] === orderKeys.all[0]) liveStatus.setOffline(true);
    },
    onSuccess: (_data, query) => {
      // Only a list of orders is what the header's "Live" vouches for: the board's count of orders
      // without a customer answering first must not make a kept week look fresh.
      const [all, list] = orderKeys.lists();
      if (query.queryKey[0] === all && query.queryKey[1] === list) liveStatus.markFetched(Date.now());
    },
  }),
  defaultOptions: {
    queries: {
      // Realtime pushes changes; a mount does not need to refetch what arrived seconds ago.
      staleTime: 10_000,
      refetchOnWindowFocus: true,
      // A 4xx will not get better by asking again; a dropped connection on yard Wi-Fi might.
      retry: (failures, err) => !isAbort(err) && (status(err) === 0 || status(err) >= 500) && failures < 2,
    },
  },
});
