// Moving an order to another day (docs/product.md#weekly-board): the board shows it there at once,
// then the server is told, with the version the board showed (If-Match, docs/decisions/025). A
// refusal puts the line back and says why; Undo moves it back.
import { dayLabel } from '#domain/orders/format';
import type { Day, OrderRecord } from '#domain/records';
import { notify } from '../../../components/ui/toast';
import { describeError } from '../../../lib/describe-error';
import { applyChangeToCache } from '../../../lib/orders/order-cache';
import { isEditConflict, updateOrder } from '../../../lib/orders/order-mutations';
import { reloadOrder } from '../../../lib/orders/order-status';

const TOAST_GROUP = 'move-order';
const nameOf = (order: Pick<OrderRecord, 'title'>) => order.title.trim() || 'The order';

export async function moveOrderToDay(order: OrderRecord, day: Day): Promise<void> {
  if (order.day === day) return;
  // Same version, another day: the cache takes it, and any newer copy (a live event) still wins.
  applyChangeToCache({ action: 'update', record: { ...order, day } });
  try {
    const saved = await updateOrder(order, { day });
    notify.success(`${nameOf(order)} moved to ${dayLabel(day)}.`, {
      group: TOAST_GROUP,
      action: { label: 'Undo', onClick: () => void moveBack(saved, order.day) },
    });
  } catch (err) {
    applyChangeToCache({ action: 'update', record: order });
    if (isEditConflict(err)) {
      notify.error(`Someone else changed ${nameOf(order)} meanwhile, so it was not moved.`, {
        group: TOAST_GROUP,
        action: { label: 'Reload', onClick: () => void reloadOrder(order.id).catch((e: unknown) => notify.error(describeError(e))) },
      });
    } else {
      notify.error(`${nameOf(order)} was not moved. ${describeError(err)}`, { group: TOAST_GROUP });
    }
  }
}

async function moveBack(saved: OrderRecord, day: Day): Promise<void> {
  try {
    await updateOrder(saved, { day });
    notify.success(`${nameOf(saved)} is back on ${dayLabel(day)}.`, { group: TOAST_GROUP });
  } catch (err) {
    notify.error(
      isEditConflict(err)
        ? `Someone else changed ${nameOf(saved)} meanwhile, so it stays where it is.`
        : `${nameOf(saved)} was not moved back. ${describeError(err)}`,
      { group: TOAST_GROUP },
    );
  }
}
