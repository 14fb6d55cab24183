import { ListChecks } from '../../components/ui/board-icons';
import type { ReactNode } from 'react';
import type { OrderRecord, OrderStatus } from '#domain/records';
import { ChoiceMenu } from '../../components/ui/choice-menu';
import { notify } from '../../components/ui/toast';
import { describeError } from '../../lib/describe-error';
import { STATUS_BUTTON_CLASS } from './status-button';
import { STATUS_CHOICES } from './status-icon';

/**
 * Sets one status on several orders and says how it went; its code loads on first use, not with
 * the board (docs/decisions/074).
 */
export async function applyBulkStatus(orders: readonly OrderRecord[], status: OrderStatus): Promise<void> {
  let apply: typeof import('./bulk-status-apply');
  try {
    apply = await import('./bulk-status-apply');
  } catch (err) {
    notify.error(describeError(err), { group: 'bulk-status' });
    return;
  }
  await apply.applyBulkStatus(orders, status);
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
