// How a run's drops read on the Runs screen and the delivery note (docs/decisions/042). Pure.

import type { DropOutcome } from '../collections/run-drops';
import { countInWords } from '../ledger/count-words';

/** "2 of 5 drops": the stops of the run that have their drop, of all its stops. */
export function dropProgress(stops: readonly string[], drops: ReadonlyArray<{ stop: string }>): string {
  const done = new Set(drops.map((drop) => drop.stop));
  const recorded = stops.filter((stop) => done.has(stop)).length;
  return `${recorded} of ${stops.length} drop${stops.length === 1 ? '' : 's'}`;
}

/** "Delivered to Jo Green at 10:42", "Delivered at 10:42" or "Not delivered: Closed". */
export function dropLine(drop: { outcome: DropOutcome; receivedBy: string; reason: string }, time: string): string {
  if (drop.outcome === 'not_delivered') return `Not delivered: ${drop.reason}`;
  const to = drop.receivedBy.trim() ? ` to ${drop.receivedBy.trim()}` : '';
  return `Delivered${to}${time ? ` at ${time}` : ''}`;
}

/** `delivery-note_{customer}_{date}_drop-{n}.pdf`, lower case, no spaces: sorts by customer in a folder of downloads. */
export function deliveryNoteFileName(customer: string, date: string, drop: number): string {
  const name =
    customer
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'customer';
  return `delivery-note_${name}_${date || 'undated'}_drop-${drop}.pdf`;
}

/** "Delivered to Jo Green at 10:42" for the board's mark. */
export function deliveredMarkLabel(mark: { receivedBy: string; recordedAt: string }, time: (iso: string) => string): string {
  return dropLine({ outcome: 'delivered', receivedBy: mark.receivedBy, reason: '' }, time(mark.recordedAt));
}

/**
 * "Planned 4 trolleys · delivered 3 · 2 back": a stop whose trolleys left another number than its
 * order planned says so on the delivery note (docs/decisions/065); '' when they agree.
 */
export function plannedDeliveredLine(planned: number, delivered: number, back: number): string {
  if (planned === delivered) return '';
  return `Planned ${countInWords(planned, 'trolleys')} · delivered ${delivered} · ${back} back`;
}
