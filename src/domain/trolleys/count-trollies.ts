import { trolleyCountOf } from '../orders/order-counts';

/**
 * Total Trollies in the mapper's list header and the board's day counts. `trollies` is text; only a
 * plain number counts ("2", "1.5"), anything else ("2T", "half", "") counts as 0
 * (docs/product.md#trolley-counts, docs/decisions/063-trolley-counts-as-numbers.md).
 */
export function countTrollies(stops: readonly { trollies: string }[]): number {
  let total = 0;
  for (const { trollies } of stops) total += trolleyCountOf(trollies) ?? 0;
  // Half trolleys add up in binary fractions; keep 0.1 + 0.2 showing as 0.3.
  return Math.round(total * 100) / 100;
}
