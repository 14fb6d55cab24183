// Setting statuses from the board (docs/product.md#weekly-board): every order of a day or of the
// map-mode choice at once (one order's tap goes through the outbox, lib/outbox/save-or-queue.ts).
// Each save carries the version the board showed (If-Match, docs/decisions/025), so a status
// never overwrites someone else's newer change.
import { COLLECTIONS, type OrderRecord, type OrderStatus } from '#domain/records';
import { describeError } from '../describe-error';
import { pb } from '../pb';
import { applyChangeToCache, refetchAllOrders } from './order-cache';
import { isEditConflict, updateOrder } from './order-mutations';
import type { BulkStatusResult, StatusFailure } from './status-messages';

/** At most this many saves on their way at once: a day of 40 orders must not queue up the yard Wi-Fi. */
const PARALLEL_SAVES = 4;

/** Fetches one order again and puts it on every board: the Reload offered after a conflict. */
export async function reloadOrder(id: string): Promise<OrderRecord> {
  const record = await pb.collection(COLLECTIONS.tasks).getOne<OrderRecord>(id);
  applyChangeToCache({ action: 'update', record });
  return record;
}

/** Runs `work` over `items`, at most `limit` at a time, keeping the order of the results. */
async function inBatches<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const at = next++;
      results[at] = await work(items[at]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function failureOf(order: OrderRecord, err: unknown): StatusFailure {
  return isEditConflict(err) ? { order, reason: 'conflict' } : { order, reason: 'failed', message: describeError(err) };
}

/** Sets one status on several orders; the board refetches once at the end. Never throws. */
export async function setStatusOfOrders(orders: readonly OrderRecord[], status: OrderStatus): Promise<BulkStatusResult> {
  const result: BulkStatusResult = { status, changed: [], unchanged: [], failed: [] };
  const toChange = orders.filter((order) => {
    if (order.status !== status) return true;
    result.unchanged.push(order);
    return false;
  });
  const outcomes = await inBatches(toChange, PARALLEL_SAVES, async (before) => {
    try {
      return { before, after: await updateOrder(before, { status }, { refetch: false }) };
    } catch (err) {
      return failureOf(before, err);
    }
  });
  for (const outcome of outcomes) {
    if ('after' in outcome) result.changed.push(outcome);
    else result.failed.push(outcome);
  }
  if (toChange.length > 0) void refetchAllOrders();
  return result;
}

/**
 * Undo of a bulk change: each order gets its earlier status back, unless someone changed it
 * after the bulk change (their change stands). Says how many went back and how many did not.
 */
export async function undoStatusChanges(changed: BulkStatusResult['changed']): Promise<{ undone: number; failed: number }> {
  const outcomes = await inBatches(changed, PARALLEL_SAVES, async ({ before, after }) => {
    try {
      await updateOrder(after, { status: before.status }, { refetch: false });
      return true;
    } catch {
      return false;
    }
  });
  if (changed.length > 0) void refetchAllOrders();
  const undone = outcomes.filter(Boolean).length;
  return { undone, failed: outcomes.length - undone };
}
