import { SEARCHED_FIELDS, searchList } from '#domain/orders/order-lists';
import { containsText } from '#domain/orders/search-match';
import type { OrderRecord } from '#domain/records';
import { orderKeys } from '../query-keys';
import { queryClient } from '../query-client';
import { keptOrderLists } from './keep-on-device';

const isOrderList = (data: unknown): data is OrderRecord[] => Array.isArray(data);

/**
 * Search without a connection (docs/decisions/046): the orders of every list on the device (the
 * lists in this page's cache, and those kept from earlier visits) that match `query` by the
 * server's own rule, newest first. Only what was seen is found; the page says so.
 */
export function searchOnDevice(query: string): OrderRecord[] {
  const text = query.trim();
  if (text === '') return [];
  const byId = new Map<string, OrderRecord>();
  const lists = [...queryClient.getQueriesData<unknown>({ queryKey: orderKeys.lists() }).map(([, data]) => data), ...keptOrderLists()];
  for (const list of lists) {
    if (!isOrderList(list)) continue;
    for (const order of list) {
      const seen = byId.get(order.id);
      if (!seen || seen.updated < order.updated) byId.set(order.id, order);
    }
  }
  const rule = searchList(text);
  // The rule leaves letters beyond ASCII to the server (null); here there is no server to ask.
  const matches = (order: OrderRecord) => rule.matches(order) ?? SEARCHED_FIELDS.some((field) => containsText(order[field], text));
  return [...byId.values()].filter(matches).sort((a, b) => (a.created < b.created ? 1 : a.created > b.created ? -1 : 0));
}
