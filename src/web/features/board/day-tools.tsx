import { Plus } from '../../components/ui/board-icons';
import type { BoardColumn } from '#domain/orders/board-columns';
import type { BoardType, OrderRecord } from '#domain/records';
import { newOrderHref } from '../../lib/new-order-preset';
import { Link } from '../../lib/router/links';
import { useCan } from '../../lib/use-role';
import { BulkStatusMenu } from './bulk-status-menu';
import { PlanDeliveriesButton } from './plan/plan-on-board';
import { STATUS_BUTTON_CLASS } from './status-button';
import { CopyDayButton } from './week-copy-tools';

interface Props {
  column: BoardColumn;
  year: number;
  week: number;
  /** The day's orders as shown. */
  orders: readonly OrderRecord[];
  /** Whether new orders may go into this week (this week or later: docs/decisions/013). */
  canAddOrders: boolean;
  /** The board type a new order from this board gets (the collect board's are collects). */
  newOrderType?: BoardType;
}

/**
 * A day's buttons: set one status on all its orders shown, and "+" to add an order on this day
 * of this week. A week that has passed takes no new orders, so it offers no "+"; a viewer gets neither.
 */
export function DayTools({ column, year, week, orders, canAddOrders, newOrderType }: Props) {
  const name = `${column.label} ${column.date.day}`;
  // A viewer changes nothing: no statuses to set, no orders to add (docs/decisions/035).
  if (!useCan('edit')) return null;
  return (
    <>
      <BulkStatusMenu
        orders={() => orders}
        count={orders.length}
        label={`Set status of ${column.label}'s orders`}
        subject={orders.length === 1 ? `${column.label}'s order` : `all ${orders.length} of ${column.label}'s orders`}
      />
      <CopyDayButton column={column} year={year} week={week} count={orders.length} />
      {newOrderType === undefined && <PlanDeliveriesButton column={column} year={year} week={week} />}
      {canAddOrders && (
        <Link
          to={newOrderHref({ week: { year, week }, day: column.day, other: newOrderType })}
          aria-label={`Add order on ${name}`}
          title={`Add order on ${name}`}
          className={`${STATUS_BUTTON_CLASS} text-emerald-800`}
        >
          <Plus className="size-5 md:size-4 pointer-coarse:size-5" strokeWidth={2.5} aria-hidden="true" />
        </Link>
      )}
    </>
  );
}
