// "Book trolleys out" for a saved run (docs/decisions/038): each stop's trolleys, shelves and
// extensions go out to its customer, once. Pure: how a stop is named in the ledger, what a stop's
// counts start as, and reading the counts a person edited.

import type { RunStop } from '../trolleys/run-fields';
import type { FieldError } from '../validation';
import { COUNTS, type Balance } from './balance';
import { countsInWords } from './count-words';
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
  /** Booked out already (by an earlier "Book trolleys out" or the run's dispatch): the counts are then what was booked. */
  booked: boolean;
  /** Why the stop cannot be booked (its customer is not known); '' when it can. */
  problem: string;
  /** The order of the stop when it is still on the board ('' for none): linking it to a customer makes the stop bookable. */
  order: string;
  /** The order's customer type, for a customer made from the stop. */
  customerType: string;
  /** For an order without a customer: the customers its title could mean (docs/decisions/062), best first. */
  closeMatches: Array<{ id: string; name: string; postcode: string }>;
}

export interface BookingPreview {
  run: { id: string; name: string; date: string };
  stops: BookingStop[];
}

/** What a booking did at one stop (docs/decisions/064). */
export type StopOutcome = 'booked' | 'booked-before' | 'no-customer' | 'nothing-to-book';

/** One stop of a booking's answer: what went out to whom, or why nothing did. */
export interface BookedStop extends Balance {
  stop: string;
  /** The customer's name, else the stop's title: how the answer names the stop. */
  name: string;
  outcome: StopOutcome;
}

export interface BookingResult {
  /** Each stop, in the run's order: what was booked now or before, or why nothing was. */
  stops: BookedStop[];
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

/** How a stop is named in a sentence: its customer, else its title, else its place. */
export function stopName(stop: Pick<BookingStop, 'customerName' | 'title'>, index: number): string {
  return stop.customerName.trim() || stop.title.trim() || `Stop ${index + 1}`;
}

/** Names listed in one sentence at most; the rest are counted ("and 3 more"). */
const NAMES_LISTED = 6;

function listed(items: readonly string[]): string {
  const shown = items.slice(0, NAMES_LISTED);
  const more = items.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}

const WHY_NOTHING: Readonly<Record<Exclude<StopOutcome, 'booked' | 'booked-before'>, string>> = {
  'no-customer': 'no customer',
  'nothing-to-book': 'nothing to book',
};

/**
 * The sentence a booking answers with, naming what went out to whom and which stops booked
 * nothing and why, so no one reads a booking into an answer that made none (docs/decisions/064).
 */
export function bookingMessage(result: Omit<BookingResult, 'message'>): string {
  const stops = (n: number) => `${n} stop${n === 1 ? '' : 's'}`;
  const bookedNow = result.stops.filter((stop) => stop.outcome === 'booked');
  const nothing = result.stops.flatMap((stop) =>
    stop.outcome === 'no-customer' || stop.outcome === 'nothing-to-book' ? [`${stop.name} (${WHY_NOTHING[stop.outcome]})`] : [],
  );
  const parts: string[] = [];
  if (result.booked > 0)
    parts.push(`Booked ${stops(result.booked)} out: ${listed(bookedNow.map((stop) => `${stop.name} (${countsInWords(stop)})`))}.`);
  else if (result.alreadyBooked > 0) parts.push(`Nothing booked: this run was booked out already (${stops(result.alreadyBooked)}).`);
  else if (result.stops.length === 0) return 'Nothing booked: this run has no stops.';
  else return `Nothing booked: ${listed(nothing)}.`;
  if (result.booked > 0 && result.alreadyBooked > 0) parts.push(`${stops(result.alreadyBooked)} had been booked already.`);
  if (nothing.length > 0) parts.push(`${stops(nothing.length)} booked nothing: ${listed(nothing)}.`);
  return parts.join(' ');
}
