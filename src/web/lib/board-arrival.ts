// Going to the board after adding an order (or a copy of one): the board shows the order's week
// and marks the new line for a moment (docs/product.md#add-order). The order to mark travels in
// the history entry's state, with the time it was saved, so Back or a reload later does not mark
// it again.
import type { OrderRecord } from '#domain/records';
import type { NavigateOptions } from './router/history-router';
import type { To } from './router/location';
import { paths } from './paths';
import { weekSearch } from './week-params';

interface BoardArrival {
  highlightOrderId: string;
  savedAt: number;
}

/** How long after the save the board still marks the order (time to load the week on slow Wi-Fi). */
const ARRIVAL_WINDOW_MS = 30_000;

/** Where to go after saving `order`, and the state that marks it: the board of its week. */
export function boardArrivalOf(order: Pick<OrderRecord, 'id' | 'year' | 'weekNumber'>, now: number): { to: To; options: NavigateOptions } {
  const state: BoardArrival = { highlightOrderId: order.id, savedAt: now };
  return {
    to: { pathname: paths.board, search: weekSearch({ year: order.year, week: order.weekNumber }) },
    // The form's own entry is replaced: Back from the board goes where the person came from.
    options: { replace: true, state },
  };
}

/** The order the board should mark, when it was just saved. */
export function highlightedOrderOf(state: unknown, now: number): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const { highlightOrderId, savedAt } = state as Partial<BoardArrival>;
  if (typeof highlightOrderId !== 'string' || typeof savedAt !== 'number') return null;
  return now - savedAt >= 0 && now - savedAt <= ARRIVAL_WINDOW_MS ? highlightOrderId : null;
}
