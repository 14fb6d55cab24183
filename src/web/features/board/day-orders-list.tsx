import { memo, useCallback } from 'react';
import type { OrderRecord } from '#domain/records';
import { notify } from '../../components/ui/toast';
import { useMapMode } from '../../lib/map-mode';
import { OrderLine } from './order-line';

/** The selection toasts (docs/product.md#map-mode). */
export const selectionMessages = { added: 'Order Added', removed: 'Order Removed' } as const;

/**
 * A day's orders on a board (weekly or collect), or a quiet "No orders". Nothing while loading.
 * Memoised, as are its lines: the board re-renders as the session, settings and live status
 * arrive, and re-rendering a hundred lines each time costs a slow tablet most of its first second.
 */
export const DayOrdersList = memo(function DayOrdersList({ orders }: { orders: readonly OrderRecord[] | undefined }) {
  const { isMapMode, isChosen, toggleChosen } = useMapMode();
  const onToggle = useCallback((order: OrderRecord) => notify.success(selectionMessages[toggleChosen(order.id)]), [toggleChosen]);
  if (!orders) return null;
  if (orders.length === 0) return <p className="px-1.5 py-1 text-sm text-slate-400">No orders</p>;
  return (
    <ul className="space-y-1">
      {orders.map((order) => (
        <OrderLine key={order.id} order={order} isSelectionMode={isMapMode} isChosen={isChosen(order.id)} onToggleChosen={onToggle} />
      ))}
    </ul>
  );
});
