import { Plus } from '../../components/ui/board-icons';
import type { BoardColumn } from '#domain/orders/board-columns';
import type { BoardType } from '#domain/records';
import { newOrderHref } from '../../lib/new-order-preset';
import { Link } from '../../lib/router/links';

interface Props {
  /** The day in view, whose order this adds. */
  column: BoardColumn;
  year: number;
  week: number;
  newOrderType?: BoardType;
}

/**
 * On a phone or tablet, a round Add button at the bottom right, above the bottom bar and the
 * phone's own safe area: it adds an order to the day in view, of the week on screen
 * (docs/decisions/068). Desktops have each day's "+" in sight instead. Shown only to a role that
 * may add orders, and only on a week that takes them (the caller decides).
 */
export function AddOrderFab({ column, year, week, newOrderType }: Props) {
  return (
    <Link
      to={newOrderHref({ week: { year, week }, day: column.day, other: newOrderType })}
      aria-label={`Add order for ${column.label}`}
      title={`Add order for ${column.label}`}
      data-testid="add-order-fab"
      // Above the bottom bar (its height, or 3.5 rem and the safe area until it has measured itself).
      className="fixed right-4 bottom-[calc(var(--bottom-bar-height,calc(3.5rem+env(safe-area-inset-bottom,0px)))+1rem)] z-20 inline-flex size-14 items-center justify-center rounded-full bg-emerald-700 text-white shadow-lg ring-1 ring-emerald-800/20 hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 active:scale-95 lg:hidden print:hidden"
    >
      <Plus className="size-7" strokeWidth={2.5} aria-hidden="true" />
    </Link>
  );
}
