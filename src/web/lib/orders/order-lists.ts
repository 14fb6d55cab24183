// Pure rules for keeping cached order lists in step with single changes (a realtime event, a
// save on this device): which list a record belongs to, and the list after a change.
import { isInWeek, isOnCollectBoard, isOnHoldingList, isOnWeeklyBoard } from '#domain/orders/board-filters';
import type { OrderRecord } from '#domain/records';
import type { OrderListScope } from '../query-keys';

export type OrderChange = { action: 'create' | 'update'; record: OrderRecord } | { action: 'delete'; record: Pick<OrderRecord, 'id'> };

/**
 * Whether a record belongs in a list, by the same rule the list's server filter uses; null when
 * only the server can say (search), so the caller refetches instead.
 */
export function belongsToOrderList(scope: OrderListScope, record: OrderRecord): boolean | null {
  switch (scope.kind) {
    case 'week':
      return isOnWeeklyBoard(record) && isInWeek(record, { year: scope.year, weekNumber: scope.week });
    case 'collect':
      return isOnCollectBoard(record) && isInWeek(record, { year: scope.year, weekNumber: scope.week });
    case 'holding':
      return isOnHoldingList(record);
    case 'search':
      return null;
  }
}

/**
 * The list after one change: the record added, replaced or removed, keeping the lists' order
 * (oldest `created` first, as the board asks the server). Returns the same array when nothing
 * changed, so React sees no update; an older copy of a record never replaces a newer one.
 */
export function applyOrderChange(list: readonly OrderRecord[], change: OrderChange, belongs: boolean): readonly OrderRecord[] {
  const index = list.findIndex((o) => o.id === change.record.id);
  if (change.action === 'delete' || !belongs) {
    return index === -1 ? list : list.filter((o) => o.id !== change.record.id);
  }
  const record = change.record;
  if (index !== -1) {
    const current = list[index] as OrderRecord;
    if (current.updated > record.updated) return list;
    const next = [...list];
    next[index] = record;
    return next;
  }
  const at = list.findIndex((o) => o.created > record.created);
  return at === -1 ? [...list, record] : [...list.slice(0, at), record, ...list.slice(at)];
}
