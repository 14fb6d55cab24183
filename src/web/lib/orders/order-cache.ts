// The order cache as a whole: applying one change to every list it touches, finding a loaded
// record, refetching everything.
import type { Query } from '@tanstack/react-query';
import type { OrderRecord } from '#domain/records';
import { queryClient } from '../query-client';
import { orderKeys, orderListScope } from '../query-keys';
import { applyOrderChange, orderListOf, type OrderChange } from './order-lists';

/**
 * Puts one change (a realtime event, or this device's own save) into every cached order list,
 * by each list's own rule (#domain/orders/order-lists), and into the record's own entry. A list
 * whose rule cannot tell (search text the databases fold differently) refetches.
 */
export function applyChangeToCache(change: OrderChange): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: orderKeys.lists() })) {
    applyToList(query, change);
    // A list on its way now may have been read before this change: its answer would put the old
    // copy back on screen, so the change is applied again once that answer is in.
    if (query.state.fetchStatus === 'fetching') applyAgainAfterFetch(query, change);
  }
  const detailKey = orderKeys.detail(change.record.id);
  if (change.action === 'delete') queryClient.removeQueries({ queryKey: detailKey, exact: true });
  else if (queryClient.getQueryData(detailKey)) {
    const current = queryClient.getQueryData<OrderRecord>(detailKey);
    if (!current || current.updated <= change.record.updated) queryClient.setQueryData(detailKey, change.record);
  }
}

function applyToList(query: Query, change: OrderChange): void {
  const scope = orderListScope(query.queryKey);
  const list = query.state.data as readonly OrderRecord[] | undefined;
  if (!scope || !list) return;
  const rule = orderListOf(scope);
  const belongs = change.action === 'delete' ? false : rule.matches(change.record);
  if (belongs === null) {
    void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
    return;
  }
  const next = applyOrderChange(list, change, belongs, rule.sort);
  if (next !== list) queryClient.setQueryData(query.queryKey, next);
}

function applyAgainAfterFetch(query: Query, change: OrderChange): void {
  const cache = queryClient.getQueryCache();
  const stop = cache.subscribe((event) => {
    if (event.query !== query) return;
    if (event.type === 'removed') return stop();
    if (event.type !== 'updated') return;
    const { action } = event;
    // The fetch's own answer or failure, not a change put in by hand meanwhile (setQueryData).
    if (!(action.type === 'error' || (action.type === 'success' && !action.manual))) return;
    stop();
    if (action.type === 'success') applyToList(query, change);
  });
}

/** A record already in any loaded list (or loaded on its own), with when it arrived. */
export function findCachedOrder(id: string): { record: OrderRecord; updatedAt: number } | null {
  const own = queryClient.getQueryState<OrderRecord>(orderKeys.detail(id));
  if (own?.data) return { record: own.data, updatedAt: own.dataUpdatedAt };
  let best: { record: OrderRecord; updatedAt: number } | null = null;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: orderKeys.lists() })) {
    const list = query.state.data as readonly OrderRecord[] | undefined;
    const record = list?.find((o) => o.id === id);
    if (record && (!best || query.state.dataUpdatedAt > best.updatedAt)) best = { record, updatedAt: query.state.dataUpdatedAt };
  }
  return best;
}

/** The manual refresh event and the reconnect: every order query on screen asks the server again. */
export function refetchAllOrders(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: orderKeys.all });
}

/**
 * Every order query asks the server again, but one whose answer is still on its way is not
 * cancelled (on slow Wi-Fi that would hold back the board's first orders): it asks again once
 * that answer has arrived, since the server may have read it before the moment that matters.
 */
export async function refetchAllOrdersAfterInFlight(): Promise<void> {
  const inFlight = new Set(queryClient.getQueryCache().findAll({ queryKey: orderKeys.all, fetchStatus: 'fetching' }));
  await queryClient.invalidateQueries({ queryKey: orderKeys.all }, { cancelRefetch: false });
  if (inFlight.size === 0) return;
  await queryClient.refetchQueries({ queryKey: orderKeys.all, type: 'active', predicate: (query) => inFlight.has(query) });
}
