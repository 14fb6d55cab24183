import type { RunStop } from '#domain/records';
import { runStopsOf } from '#domain/trolleys/run-stop';
import { findCachedOrder } from './order-cache';

/** The stops for "Create Run": the chosen orders, as loaded now, in the order they were chosen. */
export function chosenRunStops(chosenIds: readonly string[]): RunStop[] {
  return runStopsOf(chosenIds, (id) => findCachedOrder(id)?.record ?? null);
}
