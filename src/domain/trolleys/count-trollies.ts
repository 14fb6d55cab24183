/**
 * Total Trollies in the mapper's list header. `trollies` is free text; only a plain number
 * counts ("2", "1.5"), anything else ("2T", "half", "") counts as 0 (docs/product.md#trolley-counts).
 */
export function countTrollies(stops: readonly { trollies: string }[]): number {
  let total = 0;
  for (const { trollies } of stops) {
    const text = trollies.trim();
    const count = text === '' ? 0 : Number(text);
    if (Number.isFinite(count) && count > 0) total += count;
  }
  // Half trolleys add up in binary fractions; keep 0.1 + 0.2 showing as 0.3.
  return Math.round(total * 100) / 100;
}
