// What staff read after setting statuses from the board: one order, or many at once (a day's
// orders, the map-mode choice). Pure, so its wording is tested on its own (status-messages.test.ts).
import { statusLabel } from '#domain/orders/format';
import type { OrderRecord, OrderStatus } from '#domain/records';
import { nameOf } from './order-status-message';

/** Why one order's status was not saved. */
export type StatusFailure =
  | { order: Pick<OrderRecord, 'id' | 'title'>; reason: 'conflict' }
  | { order: Pick<OrderRecord, 'id' | 'title'>; reason: 'failed'; message: string };

/** The outcome of setting one status on several orders. */
export interface BulkStatusResult {
  status: OrderStatus;
  /** Saved, with the copy before and the server's answer. */
  changed: { before: OrderRecord; after: OrderRecord }[];
  /** Already had that status: nothing was sent. */
  unchanged: OrderRecord[];
  failed: StatusFailure[];
}

const orders = (n: number) => (n === 1 ? '1 order' : `${n} orders`);
/**
 * One sentence or two for a bulk change: "8 orders set to Loaded.", "5 orders set to Loaded; 3
 * already were.", or "5 of 8 orders set to Loaded. Not saved: Greenfields, Hilltop (someone else
 * changed them meanwhile); Oakwood (Could not reach the server. …)".
 */
export function describeBulkStatus(result: BulkStatusResult): string {
  const label = statusLabel(result.status);
  const done = result.changed.length;
  const already = result.unchanged.length;
  const total = done + already + result.failed.length;

  if (result.failed.length === 0) {
    if (done === 0) return already === 1 ? `The order was already ${label}.` : `All ${already} orders were already ${label}.`;
    if (already === 0) return `${orders(done)} set to ${label}.`;
    return `${orders(done)} set to ${label}; ${already} already ${already === 1 ? 'was' : 'were'}.`;
  }

  const groups = new Map<string, string[]>();
  for (const failure of result.failed) {
    const why = failure.reason === 'conflict' ? 'conflict' : failure.message;
    groups.set(why, [...(groups.get(why) ?? []), nameOf(failure.order)]);
  }
  const reasons = [...groups].map(([why, names]) => {
    const text = why === 'conflict' ? `someone else changed ${names.length === 1 ? 'it' : 'them'} meanwhile` : why.replace(/\.$/, '');
    return `${names.join(', ')} (${text})`;
  });
  const saved = done + already;
  const head = saved === 0 ? `No order was set to ${label}.` : `${saved} of ${orders(total)} set to ${label}.`;
  return `${head} Not saved: ${reasons.join('; ')}.`;
}

/** After Undo: "8 orders are back to their earlier status." */
export function describeUndoneStatus(undone: number, failed: number): string {
  const back = `${orders(undone)} ${undone === 1 ? 'is' : 'are'} back to ${undone === 1 ? 'its' : 'their'} earlier status.`;
  if (failed === 0) return back;
  return `${undone === 0 ? 'No order is back to its earlier status.' : back} ${orders(failed)} changed meanwhile and ${failed === 1 ? 'was' : 'were'} left as ${failed === 1 ? 'it is' : 'they are'}.`;
}
