import { countsInWords, countsShort, readOrderCounts, trolleysNotANumber } from '#domain/orders/order-counts';
import type { OrderRecord } from '#domain/records';

/**
 * An order's counts on its board line, "3T 1S 2E" (only those above 0), and a red "Trolleys?" when
 * its `trollies` text is not a number: it counts as 0 in the day's total until someone sets it
 * (docs/decisions/063-trolley-counts-as-numbers.md). Each is one element whose name says it in
 * words ("3 trolleys, 1 shelf"), read as part of the line's link, as a hidden span of words did
 * with two more elements per line (docs/decisions/084, amended).
 */
export function LineCounts({ order }: { order: Pick<OrderRecord, 'trollies' | 'extras'> }) {
  const counts = readOrderCounts(order);
  const short = countsShort(counts);
  return (
    <>
      {short && (
        <span role="img" aria-label={countsInWords(counts)} title={countsInWords(counts)} className="ol-counts">
          {short}
        </span>
      )}
      {!counts.trolleysIsNumber && (
        <span
          role="img"
          aria-label={trolleysNotANumber(order.trollies)}
          title={trolleysNotANumber(order.trollies)}
          className="ol-trolleys-unknown"
        >
          Trolleys?
        </span>
      )}
    </>
  );
}
