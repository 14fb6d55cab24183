// The hand-off between the page's boot script, which asks for the week's board before the app's
// code has arrived, and the board's query, which takes that answer instead of asking again
// (docs/decisions/014). No dependencies: the boot script bundles this file.
import type { OrderRecord } from '#domain/records';
import { WEEK_ORDERS_PAGE_SIZE } from './week-request';

/** A request for one week's board sent on behalf of one stored session. */
export interface WeekPrefetch {
  year: number;
  week: number;
  token: string;
  /** The records API's answer body, or null when the request was refused. */
  answer: Promise<unknown>;
}

interface Offer extends WeekPrefetch {
  /** Set once the answer is in, so the board's first render can show it without waiting. */
  arrived?: { body: unknown };
}

const SLOT = '__trolleyboardWeekPrefetch';
type Slot = { [SLOT]?: Offer };
const slot = globalThis as Slot;

/** Called by the boot script: at most one prefetch per page load. */
export function offerWeekPrefetch(prefetch: WeekPrefetch): void {
  const offer: Offer = { ...prefetch };
  offer.answer.then(
    (body) => (offer.arrived = { body }),
    () => (offer.arrived = { body: null }),
  );
  slot[SLOT] = offer;
}

/** The offer for this week and session, taken out so that it is used once at most. */
function takeOffer(year: number, week: number, token: string): Offer | null {
  const offer = slot[SLOT];
  if (!offer) return null;
  delete slot[SLOT];
  return offer.year === year && offer.week === week && offer.token === token ? offer : null;
}

/** The orders in an answer, or null when it failed or filled a whole page (there may be more). */
function ordersIn(body: unknown): OrderRecord[] | null {
  const items = (body as { items?: unknown } | null)?.items;
  return Array.isArray(items) && items.length < WEEK_ORDERS_PAGE_SIZE ? (items as OrderRecord[]) : null;
}

/**
 * The prefetched orders of `year`/`week` when their answer is already in: the board's first
 * render can show them. Undefined when there is none (yet), so the query fetches as usual.
 */
export function prefetchedWeekIfArrived(year: number, week: number, token: string): OrderRecord[] | undefined {
  if (!slot[SLOT]?.arrived) return undefined;
  const offer = takeOffer(year, week, token);
  return (offer?.arrived && ordersIn(offer.arrived.body)) ?? undefined;
}

/**
 * The prefetched orders of `year`/`week`, once per page load, when the boot script asked for
 * that week with `token`. Null (ask the server the usual way) when it asked for something else,
 * failed, or the week filled a whole page.
 */
export async function takePrefetchedWeek(year: number, week: number, token: string): Promise<OrderRecord[] | null> {
  const offer = takeOffer(year, week, token);
  if (!offer) return null;
  return ordersIn(await offer.answer.catch(() => null));
}

/**
 * The week the boot script asked for, not taken: on the board and signed in, the week the board
 * will open at (boot/show-kept-board.ts shows the kept board only for it). Null when it asked nothing.
 */
export function offeredWeek(): { year: number; week: number } | null {
  const offer = slot[SLOT];
  return offer ? { year: offer.year, week: offer.week } : null;
}
