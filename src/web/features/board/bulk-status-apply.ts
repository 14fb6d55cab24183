// Setting one status on several orders from the board's menus, and what the person is told.
// Loaded on first use by ./bulk-status-menu.tsx: it carries the saving code and the SDK, which
// the board does not need to show its orders (docs/decisions/074).
import { statusLabel } from '#domain/orders/format';
import type { OrderRecord, OrderStatus } from '#domain/records';
import { notify } from '../../components/ui/toast';
import { refetchAllOrders } from '../../lib/orders/order-cache';
import { setStatusOfOrders, undoStatusChanges } from '../../lib/orders/order-status';
import { describeBulkStatus, describeUndoneStatus } from '../../lib/orders/status-messages';

const TOAST_GROUP = 'bulk-status';
const countOf = (n: number) => (n === 1 ? '1 order' : `${n} orders`);

/**
 * Sets one status on several orders in one action and says how it went ("8 orders set to
 * Loaded." with Undo, or which orders were not saved and why, with Reload when someone else
 * changed them).
 */
export async function applyBulkStatus(orders: readonly OrderRecord[], status: OrderStatus): Promise<void> {
  notify.info(`Setting ${countOf(orders.length)} to ${statusLabel(status)}...`, { group: TOAST_GROUP });
  const result = await setStatusOfOrders(orders, status);
  const message = describeBulkStatus(result);
  if (result.failed.length > 0) {
    const hasConflict = result.failed.some((f) => f.reason === 'conflict');
    notify.error(message, {
      group: TOAST_GROUP,
      action: hasConflict ? { label: 'Reload', onClick: () => void refetchAllOrders() } : undefined,
    });
    return;
  }
  const undo = async () => {
    const { undone, failed } = await undoStatusChanges(result.changed);
    (failed > 0 ? notify.error : notify.success)(describeUndoneStatus(undone, failed), { group: TOAST_GROUP });
  };
  notify.success(message, {
    group: TOAST_GROUP,
    action: result.changed.length > 0 ? { label: 'Undo', onClick: () => void undo() } : undefined,
  });
}
