// What each screen asks the server for (only what it shows), as TanStack Query options; each
// list's filter and sort come from its rule in #domain/orders/order-lists. Every list refetches
// every 120 s, on window focus, on reconnect and on the manual refresh event. TanStack's structural sharing keeps the held list (the same array and objects)
// when a refetch brings the same count, ids and `updated` values, so nothing re-renders then:
// the spec's "replace only if changed" rule.
import { queryOptions } from '@tanstack/react-query';
import { collectBoardList, holdingList, searchList, weekBoardList, type OrderList } from '#domain/orders/order-lists';
import { COLLECTIONS, type OrderRecord } from '#domain/records';
import { loadPb } from '../lazy-pb';
import { liveStatus } from '../live-status';
import { ORDER_REFETCH_INTERVAL_MS } from '../query-client';
import { orderKeys } from '../query-keys';
import { storedToken } from '../stored-auth';
import { prefetchedWeekIfArrived, takePrefetchedWeek } from './week-prefetch';

// The SDK is loaded when a list is first asked of the server, not with the board: the week the
// board opens at usually comes from the page's own request (docs/decisions/014, 074).
const tasks = async () => (await loadPb()).collection(COLLECTIONS.tasks);

/** A list as its domain rule asks for it: its filter bound by the SDK, its sort. */
async function fetchList(list: OrderList): Promise<OrderRecord[]> {
  const pb = await loadPb();
  return pb
    .collection(COLLECTIONS.tasks)
    .getFullList<OrderRecord>({ filter: pb.filter(list.filter.expression, list.filter.params), sort: list.sort });
}

/** The weekly board: board types none and collect of one ISO week, oldest first. */
export function weekOrdersQuery(year: number, week: number) {
  return queryOptions({
    queryKey: orderKeys.week(year, week),
    // The page's boot script may have asked for this week already (docs/decisions/014): when its
    // answer is in, the board's first render shows it; when it is on its way, the query waits for it.
    initialData: () => {
      const orders = prefetchedWeekIfArrived(year, week, storedToken());
      // That answer is a fetch like any other for the header's "Not live · updated 10:42"; no
      // query success reports it. Told after this render, which is where initialData is read.
      const at = Date.now();
      if (orders) queueMicrotask(() => liveStatus.markFetched(at));
      return orders;
    },
    queryFn: async () => (await takePrefetchedWeek(year, week, storedToken())) ?? fetchList(weekBoardList({ year, weekNumber: week })),
    refetchInterval: ORDER_REFETCH_INTERVAL_MS,
  });
}

/** The collect board: board type collect of one ISO week, oldest first. */
export function collectOrdersQuery(year: number, week: number) {
  return queryOptions({
    queryKey: orderKeys.collect(year, week),
    queryFn: () => fetchList(collectBoardList({ year, weekNumber: week })),
    refetchInterval: ORDER_REFETCH_INTERVAL_MS,
  });
}

/** The holding list: every order with board type holding, oldest first. */
export function holdingOrdersQuery() {
  return queryOptions({
    queryKey: orderKeys.holding(),
    queryFn: () => fetchList(holdingList()),
    refetchInterval: ORDER_REFETCH_INTERVAL_MS,
  });
}

/** Search: customer name, order number, postcode or notes contain the text, newest first. A blank query asks nothing. */
export function searchOrdersQuery(query: string, customerIds: readonly string[] = [], enabled = true) {
  const text = query.trim();
  return queryOptions({
    queryKey: orderKeys.search(text, customerIds),
    queryFn: () => fetchList(searchList(text, customerIds)),
    enabled: enabled && text !== '',
  });
}

/** One order by id. */
export function orderQuery(id: string) {
  return queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: async () => (await tasks()).getOne<OrderRecord>(id),
  });
}
