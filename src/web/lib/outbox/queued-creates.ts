import { useMemo } from 'react';
import type { OrderList } from '#domain/orders/order-lists';
import type { OrderRecord } from '#domain/records';
import { useOutbox, type OutboxEntry } from './outbox-store';

// New orders made on this device that the server does not have yet (docs/decisions/047) are shown
// in their list (a week's board, its collects) as lines marked "Not sent", not only in the
// header's list. The id is the one the create will send, so once the server has the order, its
// real line (from the send's answer or the realtime event) takes the place of the queued one:
// never two lines of one order.

/** The text fields a line reads, for a queued create kept by an older build without some of them. */
const BLANK_TEXT = { title: '', postcode: '', orderNumber: '', orderInfo: '', trollies: '', extras: '', status: '', customer: '' };

/** The order a queued create will make, as a line shows it: never saved, so no `created` or `updated`. */
function queuedOrder(entry: OutboxEntry): OrderRecord {
  // The body is the Add Order form's fields, which are every field of a new order.
  return { ...BLANK_TEXT, ...entry.body, id: entry.recordId, created: '', updated: '' } as unknown as OrderRecord;
}

/**
 * The list's orders, then each new order still queued on this device that belongs in it (by the
 * list's own rule), in the order they were made, unless the list has it already.
 */
export function withQueuedCreates(orders: readonly OrderRecord[], queue: readonly OutboxEntry[], list: OrderList): readonly OrderRecord[] {
  const creates = queue.filter((entry) => entry.kind === 'create' && entry.collection === 'tasks');
  if (creates.length === 0) return orders;
  const listed = new Set(orders.map((order) => order.id));
  const queued = creates.map(queuedOrder).filter((order) => !listed.has(order.id) && list.matches(order) === true);
  return queued.length === 0 ? orders : [...orders, ...queued];
}

/** `orders` with the new orders queued on this device that belong in `list` (memoised: `list` should be too). */
export function useWithQueuedCreates(orders: readonly OrderRecord[] | undefined, list: OrderList): readonly OrderRecord[] | undefined {
  const queue = useOutbox();
  return useMemo(() => (orders ? withQueuedCreates(orders, queue, list) : undefined), [orders, queue, list]);
}
