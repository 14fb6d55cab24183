import { useState } from 'react';
import { statusLabel } from '#domain/orders/format';
import type { OrderRecord, OrderStatus } from '#domain/records';
import { ChoiceMenu } from '../../components/ui/choice-menu';
import { notify } from '../../components/ui/toast';
import { describeError } from '../../lib/describe-error';
import { isEditConflict } from '../../lib/orders/order-mutations';
import { reloadOrder } from '../../lib/orders/order-status';
import { saveOrQueue, statusChange } from '../../lib/outbox/save-or-queue';
import { queuedStatusOf, useOutbox } from '../../lib/outbox/outbox-store';
import { statusConflictMessage, statusFailedMessage } from '../../lib/orders/status-messages';
import { useCan } from '../../lib/use-role';
import { STATUS_CHOICES, StatusGlyph } from './status-icon';

/** At least 44 px square on phones and touch screens (gloves); compact for a mouse. */
export const STATUS_BUTTON_CLASS =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-md hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600 md:size-8 pointer-coarse:size-11';

/**
 * The status at the right of an order line, as a button: one tap opens the five statuses, and
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
    } finally {
      setPending(null);
    }
  };

  if (!canEdit)
    return (
      <span
        role="img"
        aria-label={`Status: ${label}`}
        title={label}
        data-status={shown || 'none'}
        className="inline-flex size-11 shrink-0 items-center justify-center md:size-8 pointer-coarse:size-11"
      >
        <StatusGlyph status={shown} className="size-5 shrink-0 md:size-4 pointer-coarse:size-5" />
      </span>
    );
  return (
    <ChoiceMenu
      // The line (a list item) names the order; the menu's heading names it again.
      label={`Status: ${label}`}
      title={`${label} · change status`}
      menuLabel={`Status of ${order.title}`}
      heading={`Status of ${order.title}`}
      choices={STATUS_CHOICES}
      value={shown}
      onChoose={(status) => void choose(status)}
      buttonClassName={`${STATUS_BUTTON_CLASS} ${pending !== null ? 'animate-pulse opacity-60' : ''}`}
    >
      <span className="inline-flex" data-status={shown || 'none'} aria-busy={pending !== null || undefined}>
        <StatusGlyph status={shown} className="size-5 shrink-0 md:size-4 pointer-coarse:size-5" />
      </span>
    </ChoiceMenu>
  );
}
