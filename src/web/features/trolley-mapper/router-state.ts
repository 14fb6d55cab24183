import type { RunStop } from '#domain/records';

/**
 * The stops the board hands over with `navigate(paths.trolleyMapper, { state: { stops } })`.
 * Router state lives on in the browser history (back, reload), possibly written by an older
 * version of the app, so it is read defensively: anything that is not a list of objects gives no
 * stops, missing fields become '', numbers become text.
 */
export function stopsFromRouterState(state: unknown): RunStop[] {
  if (typeof state !== 'object' || state === null || !('stops' in state) || !Array.isArray(state.stops)) return [];
  return state.stops.filter(isObject).map((stop) => ({
    id: text(stop.id),
    title: text(stop.title),
    postcode: text(stop.postcode),
    trollies: text(stop.trollies),
    extras: text(stop.extras),
    orderNumber: text(stop.orderNumber),
  }));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

/**
 * The state of the move the mapper makes itself once a new plan is saved: the address follows the
 * run (`/runs/view/{id}`) while the same mapper, with its undo history, stays on screen. It names
 * the mapper's session (the history entry it opened in) and the page the layout keeps (pageKeyOf).
 */
export function followSaveState(session: string, pageKey: string): { mapperSession: string; pageKey: string } {
  return { mapperSession: session, pageKey };
}

/** The session a history entry's state says the mapper follows, or null for an ordinary move. */
export function followedSession(state: unknown): string | null {
  return isObject(state) && typeof state.mapperSession === 'string' ? state.mapperSession : null;
}
