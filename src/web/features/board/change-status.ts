// One order's status chosen on the board: sent now or kept in the outbox (docs/decisions/047), and
// what the person is told. Loaded on the first tap (features/board/status-button.tsx): it carries
// the outbox's sender and the SDK, which the board does not need to show its orders (decision 074).
import { statusLabel } from '#domain/orders/format';
import type { OrderRecord, OrderStatus } from '#domain/records';
import { notify } from '../../components/ui/toast';
import { describeError } from '../../lib/describe-error';
import { isEditConflict } from '../../lib/orders/order-mutations';
import { reloadOrder } from '../../lib/orders/order-status';
import { statusConflictMessage, statusFailedMessage } from '../../lib/orders/order-status-message';
import { saveOrQueue, statusChange } from '../../lib/outbox/save-or-queue';

/**
 * Saves `status` with the version on screen, so a newer change by someone else is never
 * overwritten (that says so, and offers to reload). Never throws: every outcome is told.
 */
export async function changeStatus(order: OrderRecord, status: OrderStatus): Promise<void> {
  try {
    const outcome = await saveOrQueue(statusChange(order, status, statusLabel(status)));
    if (!outcome.sent)
      notify.info(`Not sent yet: ${order.title} will be ${statusLabel(status)} when the connection returns.`, { group: 'outbox' });
  } catch (err) {
    if (isEditConflict(err)) {
      notify.error(statusConflictMessage(order), {
        action: {
          label: 'Reload',
          onClick: () => void reloadOrder(order.id).catch((e: unknown) => notify.error(describeError(e))),
        },
      });
    } else {
      notify.error(statusFailedMessage(order, describeError(err)));
    }
  }
}
