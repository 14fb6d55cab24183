// "Book trolleys out" for a saved run (docs/decisions/038): each stop's trolleys, shelves and
// extensions go out to its customer, once. Pure: how a stop is named in the ledger, what a stop's
// counts start as, and reading the counts a person edited.

import type { RunStop } from '../trolleys/run-fields';
import type { FieldError } from '../validation';
import { COUNTS, type Balance } from './balance';
import { MAX_MOVEMENT_COUNT } from '../collections/trolley-movements';
import { readOrderCounts, trolleyCountOf } from '../orders/order-counts';

export { LEDGER_API, type BalancesAnswer, type CustomerBalance } from './ledger-api';

/** One stop of a run in the booking preview. */
export interface BookingStop extends Balance {
  /** How the ledger names the stop: the order's id, or `#3` for a stop without one. */
  stop: string;
  title: string;
  postcode: string;
  orderNumber: string;
  /** The stop's own trollies and extras text, as the run shows them. */
  trollies: string;
  extras: string;
  customer: string;
  customerName: string;
  /** Booked out already (by an earlier "Book trolleys out"). */
  booked: boolean;
  /** Why the stop cannot be booked (its customer is not known); '' when it can. */
  problem: string;
}

export interface BookingPreview {
  run: { id: string; name: string; date: string };
  stops: BookingStop[];
}

export interface BookingResult {
  /** Stops booked out now. */
  booked: number;
  /** Stops booked out before: nothing was booked for them again. */
  alreadyBooked: number;
  /** Stops left out: no customer, or nothing to book. */
  skipped: number;
  message: string;
}

/** The counts a person chose for one stop. */
export interface StopCounts extends Balance {
  stop: string;
}

/** How the ledger names the stop at `index`: its order's id, else its place in the run. */
export function stopKey(stop: Pick<RunStop, 'id'>, index: number): string {
  return stop.id.trim() !== '' ? stop.id.trim() : `#${index + 1}`;
}

/**
 * The trolleys a stop starts with: its `trollies` text as a whole number of trolleys (a half
 * trolley still goes out on a trolley, so 1.5 is 2); 0 when it is not a plain number ("2T").
 */
export function trolleysOfStop(trollies: string): number {
  return Math.min(MAX_MOVEMENT_COUNT, Math.ceil(trolleyCountOf(trollies) ?? 0));
}

/**
 * What a stop starts with in the ledger: its trolleys (trolleysOfStop), and the shelves and
 * extensions its `extras` words say ("1S 2E", docs/decisions/063-trolley-counts-as-numbers.md).
 */
export function countsOfStop(stop: Pick<RunStop, 'trollies' | 'extras'>): Balance {
  const { shelves, extensions } = readOrderCounts(stop);
  return {
    trolleys: trolleysOfStop(stop.trollies),
    shelves: Math.min(MAX_MOVEMENT_COUNT, shelves),
    extensions: Math.min(MAX_MOVEMENT_COUNT, extensions),
  };
}

const readCount = (raw: unknown): number | null =>
  raw === undefined || raw === null || raw === ''
    ? 0
    : typeof raw === 'number' && Number.isInteger(raw) && raw >= 0 && raw <= MAX_MOVEMENT_COUNT
      ? raw
      : null;

/**
 * The counts of a booking request, its `stops` (`[{stop, trolleys, shelves, extensions}]`), or the
 * problem in a sentence. No `stops` means "as the preview showed them".
 */
export function readBookingCounts(raw: unknown): { ok: true; counts: Map<string, Balance> | null } | { ok: false; error: FieldError } {
  if (raw === undefined || raw === null) return { ok: true, counts: null };
  const invalid = (message: string) => ({ ok: false as const, error: { code: 'validation_invalid_value', message } });
  if (!Array.isArray(raw) || raw.length > 200) return invalid('The stops to book could not be read. Reload the page and try again.');
  const counts = new Map<string, Balance>();
  for (const [index, item] of raw.entries()) {
    const entry = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    if (typeof entry.stop !== 'string' || entry.stop === '' || entry.stop.length > 100)
      return invalid(`Stop ${index + 1} could not be read. Reload the page and try again.`);
    const balance = { trolleys: 0, shelves: 0, extensions: 0 };
    for (const count of COUNTS) {
      const value = readCount(entry[count]);
      if (value === null) return invalid(`Stop ${index + 1}: ${count} must be a whole number from 0 to ${MAX_MOVEMENT_COUNT}.`);
      balance[count] = value;
    }
    counts.set(entry.stop, balance);
  }
  return { ok: true, counts };
}

/** The sentence a booking answers with. */
export function bookingMessage(result: Omit<BookingResult, 'message'>): string {
  const stops = (n: number) => `${n} stop${n === 1 ? '' : 's'}`;
  if (result.booked === 0 && result.alreadyBooked > 0)
    return `Nothing booked: this run was booked out already (${stops(result.alreadyBooked)}).`;
  if (result.booked === 0) return 'Nothing booked: no stop has a customer and something to book.';
  const parts = [`Booked ${stops(result.booked)} out.`];
  if (result.alreadyBooked > 0) parts.push(`${stops(result.alreadyBooked)} had been booked already.`);
  if (result.skipped > 0) parts.push(`${stops(result.skipped)} left out.`);
  return parts.join(' ');
}
