// What each screen asks the server for (docs/decisions/011: only what it shows), as TanStack Query
// options. Every list refetches every 120 s, on window focus, on reconnect and on the manual
// refresh event. TanStack's structural sharing keeps the held list (the same array and objects)
// when a refetch brings the same count, ids and `updated` values, so nothing re-renders then:
// the spec's "replace only if changed" rule.
import { queryOptions } from '@tanstack/react-query';
import { COLLECTIONS, type OrderRecord } from '#domain/records';
import { liveStatus } from '../live-status';
import { pb } from '../pb';
import { ORDER_REFETCH_INTERVAL_MS } from '../query-client';
import { orderKeys } from '../query-keys';
import { prefetchedWeekIfArrived, takePrefetchedWeek } from './week-prefetch';
import { WEEK_ORDERS_SORT, weekOrdersFilter } from './week-request';

const tasks = () => pb.collection(COLLECTIONS.tasks);

/** The weekly board: board types none and collect of one ISO week, oldest first. */
export function weekOrdersQuery(year: number, week: number) {
  return queryOptions({
    queryKey: orderKeys.week(year, week),
    // The page's boot script may have asked for this week already (docs/decisions/014): when its
    // answer is in, the board's first render shows it; when it is on its way, the query waits for it.
    initialData: () => {
      const orders = prefetchedWeekIfArrived(year, week, pb.authStore.token);
      // That answer is a fetch like any other for the header's "Not live · updated 10:42"; no
      // query success reports it. Told after this render, which is where initialData is read.
      const at = Date.now();
      if (orders) queueMicrotask(() => liveStatus.markFetched(at));
      return orders;
    },
    queryFn: async () =>
      (await takePrefetchedWeek(year, week, pb.authStore.token)) ??
      tasks().getFullList<OrderRecord>({ filter: weekOrdersFilter(year, week), sort: WEEK_ORDERS_SORT }),
    refetchInterval: ORDER_REFETCH_INTERVAL_MS,
  });
}

/** The collect board: board type collect of one ISO week, oldest first. */
export function collectOrdersQuery(year: number, week: number) {
  return queryOptions({
    queryKey: orderKeys.collect(year, week),
    queryFn: () =>
      tasks().getFullList<OrderRecord>({
        filter: pb.filter('year = {:year} && weekNumber = {:week} && other = "collect"', { year, week }),
        sort: 'created',
      }),
    refetchInterval: ORDER_REFETCH_INTERVAL_MS,
  });
}

/** The holding list: every order with board type holding, oldest first. */
export function holdingOrdersQuery() {
  return queryOptions({
    queryKey: orderKeys.holding(),
    queryFn: () => tasks().getFullList<OrderRecord>({ filter: 'other = "holding"', sort: 'created' }),
    refetchInterval: ORDER_REFETCH_INTERVAL_MS,
  });
}

/**
 * Search (docs/product.md#search-rule): title or order number contains the text, newest first. The text is
 * passed as a filter parameter, never pasted into the filter. A blank query asks nothing.
 */
export function searchOrdersQuery(query: string) {
  const text = query.trim();
  return queryOptions({
    queryKey: orderKeys.search(text),
    queryFn: () =>
      tasks().getFullList<OrderRecord>({
        filter: pb.filter('title ~ {:text} || orderNumber ~ {:text}', { text: literalContains(text) }),
        sort: '-created',
      }),
    enabled: text !== '',
  });
}

/**
 * What staff type is literal text: the server's `~` reads a value holding an unescaped % as a
 * LIKE pattern of its own (compile-filter's containsPattern), so % and _ get a backslash.
 */
export function literalContains(text: string): string {
  return text.replace(/[%_]/g, (c) => `\\${c}`);
}

/** One order by id. */
export function orderQuery(id: string) {
  return queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: () => tasks().getOne<OrderRecord>(id),
  });
}
