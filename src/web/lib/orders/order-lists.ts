// Keeping cached order lists in step with single changes (a realtime event, a save on this
// device): which list a record belongs to, by the domain's rule of that list, and the list after
// a change.
import { collectBoardList, holdingList, searchList, weekBoardList, type OrderList } from '#domain/orders/order-lists';
import type { OrderRecord } from '#domain/records';
import type { OrderListScope } from '../query-keys';

export type OrderChange = { action: 'create' | 'update'; record: OrderRecord } | { action: 'delete'; record: Pick<OrderRecord, 'id'> };

/** The domain's list behind a cached list: its server filter, sort and predicate. */
export function orderListOf(scope: OrderListScope): OrderList {
  switch (scope.kind) {
    case 'week':
      return weekBoardList({ year: scope.year, weekNumber: scope.week });
    case 'collect':
      return collectBoardList({ year: scope.year, weekNumber: scope.week });
    case 'holding':
      return holdingList();
    case 'search':
      return searchList(scope.query, scope.customers);
  }
}

/**
 * The list after one change: the record added, replaced or removed, keeping the list's order by
 * `created` (`sort`, as the list asked the server). Returns the same array when nothing changed,
 * so React sees no update; an older copy of a record never replaces a newer one.
 */
export function applyOrderChange(
  list: readonly OrderRecord[],
  change: OrderChange,
  belongs: boolean,
  sort: OrderList['sort'] = 'created',
): readonly OrderRecord[] {
  const index = list.findIndex((o) => o.id === change.record.id);
  const current = index === -1 ? undefined : (list[index] as OrderRecord);
  // A change older than the copy in the list (read after it) changes nothing; a delete is final.
  if (change.action !== 'delete' && current && current.updated > change.record.updated) return list;
  if (change.action === 'delete' || !belongs) {
    return index === -1 ? list : list.filter((o) => o.id !== change.record.id);
  }
  const record = change.record;
  if (index !== -1) {
    const next = [...list];
    next[index] = record;
    return next;
  }
  const comesBefore = sort === 'created' ? (o: OrderRecord) => o.created > record.created : (o: OrderRecord) => o.created < record.created;
  const at = list.findIndex(comesBefore);
  return at === -1 ? [...list, record] : [...list.slice(0, at), record, ...list.slice(at)];
}
