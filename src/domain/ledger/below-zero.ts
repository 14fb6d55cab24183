// A change to the ledger that would leave a customer holding fewer than none of our trolleys,
// shelves or extensions (docs/decisions/065): refused unless office staff or an admin confirm it
// with a reason, because it usually means a slip (a 9 for a 2) or a delivery never booked out.
// Pure: the server reads the balance inside the write's transaction and asks these functions.

import { COUNTS, deltaOf, ZERO_BALANCE, type Balance, type Count, type MovementCounts } from './balance';
import { countInWords } from './count-words';

/** The counts a change lowers and leaves below zero. */
export function countsTakenBelowZero(before: Readonly<Balance>, after: Readonly<Balance>): Count[] {
  return COUNTS.filter((count) => after[count] < before[count] && after[count] < 0);
}

/** What the change was, for the sentence: a return of its counts, an adjustment, or an edit. */
export type BelowZeroChange =
  { kind: 'in'; moved: Readonly<Balance> } | { kind: 'adjustment'; moved: Readonly<Balance> } | { kind: 'edit' };

/** Who is asking: office staff and admins may confirm; anyone else is told who may. */
export type BelowZeroAsker = 'may-confirm' | 'may-not-confirm';

const and = (parts: readonly string[]) =>
  parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1] ?? ''}`;

/**
 * "Hillside Garden Centre holds 2 trolleys; returning 9 would leave -7. Confirm and give a reason
 * to record it." — for the counts `countsTakenBelowZero` named (at least one).
 */
export function belowZeroRefusal(
  customerName: string,
  before: Readonly<Balance>,
  after: Readonly<Balance>,
  change: BelowZeroChange,
  asker: BelowZeroAsker,
): string {
  const counts = countsTakenBelowZero(before, after);
  if (counts.length === 0) throw new Error('belowZeroRefusal: no count goes below zero (check countsTakenBelowZero first)');
  const held = and(counts.map((count) => countInWords(before[count], count)));
  // One count: "returning 9 would leave -7"; several name their nouns: "returning 9 trolleys and 3 shelves".
  const amount = (value: number, count: Count) => (counts.length === 1 ? String(value) : countInWords(value, count));
  const what =
    change.kind === 'in'
      ? `returning ${and(counts.map((count) => amount(change.moved[count], count)))}`
      : change.kind === 'adjustment'
        ? `adjusting by ${and(counts.map((count) => amount(change.moved[count], count)))}`
        : 'this change';
  const left = and(counts.map((count) => amount(after[count], count)));
  const tail =
    asker === 'may-confirm'
      ? 'Confirm and give a reason to record it.'
      : 'Only office staff or an admin can record it below zero: ask one of them to check it.';
  return `${customerName || 'This customer'} holds ${held}; ${what} would leave ${left}. ${tail}`;
}

/** What a body's `belowZero` says: confirmed, not, or something that is no answer. */
export function readBelowZero(value: unknown): boolean | 'invalid' {
  if (value === undefined || value === null || value === '' || value === false || value === 'false') return false;
  if (value === true || value === 'true') return true;
  return 'invalid';
}

/** The note of a driver's return that leaves the customer below zero: booked as counted, flagged for the office. */
export function driverBelowZeroNote(runName: string, before: Readonly<Balance>, after: Readonly<Balance>): string {
  const counts = countsTakenBelowZero(before, after);
  const back = `Back from run "${runName}"`;
  if (counts.length === 0) return back;
  const left = and(counts.map((count) => countInWords(after[count], count)));
  return `${back}. Booked as the driver counted it, though it leaves ${left}: check with the customer.`;
}

/** What a change reads of a movement row: whose it is and what it moves. */
export interface MovementOfCustomer extends MovementCounts {
  customer: string;
}

/**
 * What a create (`before` null), an edit or a delete (`after` null) does to each customer's
 * balance: an edit that moves a movement to another customer takes it from the one and gives it
 * to the other.
 */
export function balanceChangesOf(before: MovementOfCustomer | null, after: MovementOfCustomer | null): Map<string, Balance> {
  const changes = new Map<string, Balance>();
  const add = (movement: MovementOfCustomer, sign: 1 | -1) => {
    const delta = deltaOf(movement);
    const change = changes.get(movement.customer) ?? { ...ZERO_BALANCE };
    for (const count of COUNTS) change[count] += sign * delta[count];
    changes.set(movement.customer, change);
  };
  if (before) add(before, -1);
  if (after) add(after, 1);
  return changes;
}
