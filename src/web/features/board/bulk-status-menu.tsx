import { ListChecks } from 'lucide-react';
import type { ReactNode } from 'react';
import { statusLabel } from '#domain/orders/format';
import type { OrderRecord, OrderStatus } from '#domain/records';
import { ChoiceMenu } from '../../components/ui/choice-menu';
import { notify } from '../../components/ui/toast';
import { refetchAllOrders } from '../../lib/orders/order-cache';
import { setStatusOfOrders, undoStatusChanges } from '../../lib/orders/order-status';
import { describeBulkStatus, describeUndoneStatus } from '../../lib/orders/status-messages';
import { STATUS_BUTTON_CLASS } from './status-button';
import { STATUS_CHOICES } from './status-icon';

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

interface Props {
  /** The orders to set, read when a status is chosen (so a live change since is not overwritten). */
  orders: () => readonly OrderRecord[];
  /** How many orders that is now (none: the button is disabled). */
  count: number;
  /** Accessible name of the button ("Set status of Monday's orders"). */
  label: string;
  /** What the menu's heading calls the orders ("Monday's 8 orders"). */
  subject: string;
  /** The button's look: the day column's icon, or words. */
  children?: ReactNode;
  buttonClassName?: string;
}

/** A button that opens the five statuses for every order in `orders`. */
export function BulkStatusMenu({ orders, count, label, subject, children, buttonClassName = STATUS_BUTTON_CLASS }: Props) {
  return (
    <ChoiceMenu
      label={label}
      title={label}
      menuLabel={label}
      heading={`Set ${subject} to:`}
      choices={STATUS_CHOICES}
      onChoose={(status) => void applyBulkStatus(orders(), status)}
      disabled={count === 0}
      buttonClassName={`${buttonClassName} text-slate-600 disabled:opacity-40`}
    >
      {children ?? <ListChecks className="size-5 md:size-4 pointer-coarse:size-5" aria-hidden="true" />}
    </ChoiceMenu>
  );
}
