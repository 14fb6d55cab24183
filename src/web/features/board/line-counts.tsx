import { countsInWords, countsShort, readOrderCounts, trolleysNotANumber } from '#domain/orders/order-counts';
import type { OrderRecord } from '#domain/records';

/**
 * An order's counts on its board line, "3T 1S 2E" (only those above 0), and a red "Trolleys?" when
 * its `trollies` text is not a number: it counts as 0 in the day's total until someone sets it
 * (docs/decisions/063-trolley-counts-as-numbers.md).
 */
export function LineCounts({ order }: { order: Pick<OrderRecord, 'trollies' | 'extras'> }) {
  const counts = readOrderCounts(order);
  const short = countsShort(counts);
  return (
    <>
      {short && (
        <span className="text-xs font-semibold whitespace-nowrap text-slate-700" title={countsInWords(counts)}>
          <span aria-hidden="true">{short}</span>
          <span className="sr-only">{countsInWords(counts)}</span>
        </span>
      )}
      {!counts.trolleysIsNumber && (
        <span className="text-xs font-bold whitespace-nowrap text-red-700" title={trolleysNotANumber(order.trollies)}>
          <span aria-hidden="true">Trolleys?</span>
          <span className="sr-only">{trolleysNotANumber(order.trollies)}</span>
        </span>
      )}
    </>
  );
}
