import type { OrderRecord } from '#domain/records';
import { useMapMode } from '../../lib/map-mode';
import { findCachedOrder } from '../../lib/orders/order-cache';
import { BulkStatusMenu } from './bulk-status-menu';
import { CopyChosenButton } from './week-copy-tools';

/** The chosen orders as the board holds them now. */
function chosenOrders(ids: readonly string[]): OrderRecord[] {
  return ids.map((id) => findCachedOrder(id)?.record).filter((order): order is OrderRecord => order !== undefined);
}

const BANNER_BUTTON_CLASS =
  'inline-flex min-h-11 items-center gap-1.5 rounded-md border border-amber-400 bg-white px-3 font-medium hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-emerald-600 disabled:opacity-50 md:min-h-8 pointer-coarse:min-h-11';

/**
 * Tells staff that clicks now choose orders for a run (not open them), and how to leave; and sets
 * one status on every chosen order at once.
 */
export function SelectionBanner() {
  const { isMapMode, chosenIds } = useMapMode();
  if (!isMapMode) return null;
  const count = chosenIds.length;
  return (
    <div className="mb-2 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-amber-300 bg-amber-50 px-3 py-1.5 text-sm text-amber-950">
      <p role="status" className="min-w-0 flex-1 max-sm:basis-full">
        {/* The Map button's own words, not "Selection mode" (docs/glossary.md#retired-words). */}
        <strong className="font-semibold">Choosing orders for a run — tap orders, then Create Run.</strong> A second tap takes one off (
        {count} chosen). Press Escape or X to leave.
      </p>
      <BulkStatusMenu
        orders={() => chosenOrders(chosenIds)}
        count={count}
        label="Set status of the chosen orders"
        subject={count === 1 ? 'the chosen order' : `the ${count} chosen orders`}
        buttonClassName={BANNER_BUTTON_CLASS}
      >
        Set status
      </BulkStatusMenu>
      <CopyChosenButton ids={chosenIds} className={BANNER_BUTTON_CLASS} />
    </div>
  );
}
