import { useState } from 'react';
import { dayLabel, formatMapperPostcode, statusLabel } from '#domain/orders/format';
import { ORDER_STATUSES, type OrderRecord, type OrderStatus } from '#domain/records';
import { buttonClass } from '../../components/ui/button';
import { describeError } from '../../lib/describe-error';
import { isEditConflict } from '../../lib/orders/order-mutations';
import { reloadOrder } from '../../lib/orders/order-status';
import { statusConflictMessage, statusFailedMessage } from '../../lib/orders/order-status-message';
import { saveOrQueue, statusChange } from '../../lib/outbox/save-or-queue';
import { useOrder } from '../../lib/orders/use-order';
import { paths } from '../../lib/paths';
import { Link } from '../../lib/router/links';
import { useCan } from '../../lib/use-role';

/** Whether the status button at `index` is the last of an odd number, so it spans its row alone. */
const isLoneLast = (index: number) => index === ORDER_STATUSES.length - 1 && ORDER_STATUSES.length % 2 === 1;

type Saving =
  | { kind: 'idle' }
  | { kind: 'saving'; status: OrderStatus }
  | { kind: 'saved'; status: OrderStatus }
  | { kind: 'queued'; status: OrderStatus }
  | { kind: 'failed'; message: string; conflict: boolean };

/**
 * The order a scan found, with every status of the order-status table as a large button, two to
 * a row (an odd last one across the row: Loaded, today): one tap saves (with the version
 * on screen, so someone else's newer change is never overwritten), so Scan → Loaded is two taps.
 */
export function ScannedOrder({ orderId }: { orderId: string }) {
  const order = useOrder(orderId);
  if (order.data) return <OrderWithStatuses order={order.data} />;
  if (order.isError)
    return (
      <p role="alert" className="text-sm text-slate-700">
        {(order.error as { status?: number }).status === 404
          ? "That order was not found. It may have been deleted, or belong to another nursery's board."
          : 'The order could not be loaded. Check the connection and scan again.'}
      </p>
    );
  return (
    <p role="status" className="text-sm text-slate-600">
      Opening the order...
    </p>
  );
}

function OrderWithStatuses({ order }: { order: OrderRecord }) {
  const [saving, setSaving] = useState<Saving>({ kind: 'idle' });
  // A viewer sees the order and its status, and nothing to press (docs/decisions/035).
  const canEdit = useCan('edit');
  const shown = saving.kind === 'saving' || saving.kind === 'queued' ? saving.status : order.status;

  const choose = async (status: OrderStatus) => {
    if (status === order.status || saving.kind === 'saving') return;
    setSaving({ kind: 'saving', status });
    try {
      // Behind the polytunnels the change waits on the device, and says so (docs/decisions/047).
      const outcome = await saveOrQueue(statusChange(order, status, statusLabel(status)));
      setSaving({ kind: outcome.sent ? 'saved' : 'queued', status });
    } catch (err) {
      const conflict = isEditConflict(err);
      setSaving({
        kind: 'failed',
        conflict,
        message: conflict ? statusConflictMessage(order) : statusFailedMessage(order, describeError(err)),
      });
    }
  };

  return (
    <div>
      <p className="text-lg font-semibold break-words">{order.title.trim() || 'An order without a name'}</p>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-700">
        {order.orderNumber.trim() !== '' && (
          <>
            <dt>Order</dt>
            <dd>{order.orderNumber}</dd>
          </>
        )}
        {order.postcode.trim() !== '' && (
          <>
            <dt>Postcode</dt>
            <dd>{formatMapperPostcode(order.postcode)}</dd>
          </>
        )}
        <dt>Day</dt>
        <dd>
          {dayLabel(order.day)}, week {order.weekNumber}
        </dd>
        <dt>Status</dt>
        <dd data-testid="scanned-status">{statusLabel(order.status)}</dd>
      </dl>

      {canEdit && (
        <div role="group" aria-label={`Status of ${order.title}`} className="mt-4 grid grid-cols-2 gap-2">
          {ORDER_STATUSES.map((status, index) => (
            <button
              key={status || 'none'}
              type="button"
              aria-pressed={shown === status}
              disabled={saving.kind === 'saving'}
              onClick={() => void choose(status)}
              className={`${buttonClass({ variant: 'secondary', size: 'lg' })} aria-pressed:border-emerald-600 aria-pressed:bg-emerald-50 ${isLoneLast(index) ? 'col-span-2' : ''}`}
            >
              {statusLabel(status)}
            </button>
          ))}
        </div>
      )}

      <div aria-live="polite" className="mt-3 text-sm">
        {saving.kind === 'saved' && <p className="font-medium text-emerald-800">Saved: {statusLabel(saving.status)}.</p>}
        {saving.kind === 'queued' && (
          <p className="font-medium text-amber-800">Not sent yet: {statusLabel(saving.status)} will be sent when the connection returns.</p>
        )}
        {saving.kind === 'failed' && (
          <p className="text-red-700">
            {saving.message}{' '}
            {saving.conflict && (
              <button
                type="button"
                className="underline"
                onClick={() =>
                  void reloadOrder(order.id).then(
                    () => setSaving({ kind: 'idle' }),
                    (e: unknown) => setSaving({ kind: 'failed', conflict: false, message: describeError(e) }),
                  )
                }
              >
                Reload
              </button>
            )}
          </p>
        )}
      </div>

      <Link to={paths.editOrder(order.id)} className={`${buttonClass({ variant: 'ghost', size: 'md' })} mt-2`}>
        Open the order
      </Link>
    </div>
  );
}
