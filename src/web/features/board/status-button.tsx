import { useState } from 'react';
import { statusLabel } from '#domain/orders/format';
import type { OrderRecord, OrderStatus } from '#domain/records';
import { ChoiceMenu } from '../../components/ui/choice-menu';
import { notify } from '../../components/ui/toast';
import { describeError } from '../../lib/describe-error';
import { queuedStatusOf, useOutbox } from '../../lib/outbox/outbox-store';
import { saveOrQueue, statusChange } from '../../lib/outbox/save-or-queue';
import { statusFailedMessage } from '../../lib/orders/order-status-message';
import { useCan } from '../../lib/use-role';
import { STATUS_CHOICES, StatusChip } from './status-icon';

/** At least 44 px square on phones and touch screens (gloves); compact for a mouse. */
export const STATUS_BUTTON_CLASS =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-md hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600 md:size-8 pointer-coarse:size-11';

/**
 * What holds a status chip: at least 44 px each way on phones and touch screens (the chip is
 * drawn smaller inside it), compact for a mouse. A short class of styles.css, as a board has a
 * hundred of them (docs/decisions/084, amended).
 */
const STATUS_CHIP_HOLDER_CLASS = 'status-holder';

/**
 * The status at the right of an order line, as a coloured chip with its word (docs/decisions/069)
 * that is a button: one tap opens the five statuses, and
 * choosing one saves it at once (with the version on screen, so a newer change by someone else
 * is never overwritten: that says so, and offers to reload). Until the server answers, the line
 * shows the chosen status, dimmed.
 */
export function StatusButton({ order }: { order: OrderRecord }) {
  const [pending, setPending] = useState<OrderStatus | null>(null);
  // A change waiting on this device shows as chosen, with the line's "Not sent" mark (decision 047).
  const queued = queuedStatusOf(useOutbox(), order.id) as OrderStatus | undefined;
  const shown = pending ?? queued ?? order.status;
  const label = statusLabel(shown);
  // A viewer sees the status, and nothing to press (docs/decisions/035).
  const canEdit = useCan('edit');

  const choose = async (status: OrderStatus) => {
    if (status === shown) return;
    setPending(status);
    try {
      // Sent now, or kept on the device when offline (docs/decisions/047): that works before the
      // SDK has loaded, which comes with the first change sent (docs/decisions/074).
      const outcome = await saveOrQueue(statusChange(order, status, statusLabel(status)));
      if (!outcome.sent)
        notify.info(`Not sent yet: ${order.title} will be ${statusLabel(status)} when the connection returns.`, { group: 'outbox' });
    } catch (err) {
      // Refused by the server: what to say (and the Reload it offers) loads now.
      await import('./change-status').then(
        ({ tellStatusRefused }) => tellStatusRefused(order, err),
        () => notify.error(statusFailedMessage(order, describeError(err))),
      );
    } finally {
      setPending(null);
    }
  };

  if (!canEdit)
    return (
      <span role="img" aria-label={`Status: ${label}`} title={label} className={STATUS_CHIP_HOLDER_CLASS}>
        <StatusChip status={shown} />
      </span>
    );
  return (
    <ChoiceMenu
      // The line (a list item) names the order; the menu's heading names it again. The chip shows
      // the status's word, and the name starts with it after "Status:" (WCAG's label in name).
      label={`Status: ${label}`}
      title={`${label} · change status`}
      menuLabel={`Status of ${order.title}`}
      heading={`Status of ${order.title}`}
      choices={STATUS_CHOICES}
      value={shown}
      onChoose={(status) => void choose(status)}
      isBusy={pending !== null}
      buttonClassName={`${STATUS_CHIP_HOLDER_CLASS} status-button${pending !== null ? ' animate-pulse opacity-60' : ''}`}
    >
      <StatusChip status={shown} />
    </ChoiceMenu>
  );
}
