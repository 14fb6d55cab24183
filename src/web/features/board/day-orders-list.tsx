import { memo, useCallback } from 'react';
import type { OrderRecord } from '#domain/records';
import { notify } from '../../components/ui/toast';
import { useMapMode } from '../../lib/map-mode';
import { OrderLine } from './order-line';

/** The selection toasts (docs/product.md#map-mode): one at a time, the newer replacing the older. */
export const selectionMessages = { added: 'Order Added', removed: 'Order Removed' } as const;

interface Props {
  orders: readonly OrderRecord[] | undefined;
  /** How many of the day's orders the board filter hides. */
  hidden?: number;
  /** The order just added, to mark for a moment. */
  highlightId?: string | null;
  /** Draw only this many lines for now (the board's first screen, board-view.tsx); all when not given. */
  limit?: number;
}

/**
 * A day's orders on a board (weekly or collect), or a quiet "No orders". Nothing while loading.
 * Memoised, as are its lines: the board re-renders as the session, settings and live status
 * arrive, and re-rendering a hundred lines each time costs a slow tablet most of its first second.
 */
export const DayOrdersList = memo(function DayOrdersList({ orders, hidden = 0, highlightId = null, limit }: Props) {
  const { isMapMode, isChosen, toggleChosen } = useMapMode();
  const onToggle = useCallback(
    (order: OrderRecord) => notify.success(selectionMessages[toggleChosen(order.id)], { group: 'map-selection' }),
    [toggleChosen],
  );
  if (!orders) return null;
  if (orders.length === 0) {
    return (
      <p className="px-1.5 py-1 text-sm text-slate-500">{hidden > 0 ? `No orders shown · ${hidden} hidden by filter` : 'No orders'}</p>
    );
  }
  return (
    <ul className="space-y-1">
      {(limit === undefined ? orders : orders.slice(0, limit)).map((order) => (
        <OrderLine
          key={order.id}
          order={order}
          isSelectionMode={isMapMode}
          isChosen={isChosen(order.id)}
          onToggleChosen={onToggle}
          isHighlighted={order.id === highlightId}
        />
      ))}
    </ul>
  );
});
