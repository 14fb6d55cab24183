// What the person is told when one order's status chosen on the board was refused: loaded only
// then (features/board/status-button.tsx), as it carries the SDK for the Reload it offers, which
// the board does not need to show its orders (docs/decisions/074).
import type { OrderRecord } from '#domain/records';
import { notify } from '../../components/ui/toast';
import { describeError } from '../../lib/describe-error';
import { isEditConflict } from '../../lib/orders/order-mutations';
import { reloadOrder } from '../../lib/orders/order-status';
import { statusConflictMessage, statusFailedMessage } from '../../lib/orders/order-status-message';

/** Says why the status was not saved: someone else's newer change (with Reload), or the reason. */
export function tellStatusRefused(order: OrderRecord, err: unknown): void {
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
