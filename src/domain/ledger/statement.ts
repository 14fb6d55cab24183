// A customer's trolley statement for a period (docs/decisions/040): what they held before it, each
// movement in it in date order with the balance after it, and what they held at its end. Pure: the
// movements come in, the statement comes out; the PDF, the CSV and the screen all read this.

import { COUNTS, type Count } from './balance';
import { isIsoDate } from './iso-dates';

/** What a movement counts: trolleys, shelves and extensions (the ledger's one list). */
export { COUNTS };
export type CountName = Count;
export type Counts = Record<CountName, number>;

export const ZERO: Counts = { trolleys: 0, shelves: 0, extensions: 0 };

/** A movement as the ledger stores it (collection `trolley_movements`), the fields a statement reads. */
export interface StatementMovement extends Counts {
  id: string;
  kind: 'out' | 'in' | 'adjustment';
  /** For an adjustment: 'count' | 'lost' | 'damaged'; '' otherwise. */
  reason: string;
  /** `YYYY-MM-DD`. */
  date: string;
  note: string;
  /** Tiebreak within a day: the order it was recorded in. */
  created: string;
}

export interface StatementLine {
  movement: StatementMovement;
  /** What the movement did to the balance: out adds, in takes away, an adjustment adds its deltas. */
  change: Counts;
  /** What the customer held after it. */
  balance: Counts;
}

export interface Statement {
  from: string;
  to: string;
  opening: Counts;
  lines: StatementLine[];
  closing: Counts;
}

/** The change a movement makes to what the customer holds (positive: they owe us more). */
export function changeOf(movement: Pick<StatementMovement, 'kind' | CountName>): Counts {
  const sign = movement.kind === 'in' ? -1 : 1;
  return { trolleys: sign * movement.trolleys, shelves: sign * movement.shelves, extensions: sign * movement.extensions };
}

export const addCounts = (a: Counts, b: Counts): Counts => ({
  trolleys: a.trolleys + b.trolleys,
  shelves: a.shelves + b.shelves,
  extensions: a.extensions + b.extensions,
});

const byDateThenRecorded = (a: StatementMovement, b: StatementMovement): number =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : a.created < b.created ? -1 : a.created > b.created ? 1 : a.id.localeCompare(b.id);

/**
 * The statement of `from`..`to` (both `YYYY-MM-DD`, inclusive) from the customer's movements (any
 * order; those after `to` are ignored). Opening = everything before `from`.
 */
export function buildStatement(movements: readonly StatementMovement[], from: string, to: string): Statement {
  let opening = ZERO;
  const inPeriod: StatementMovement[] = [];
  for (const movement of movements) {
    if (movement.date < from) opening = addCounts(opening, changeOf(movement));
    else if (movement.date <= to) inPeriod.push(movement);
  }
  let balance = opening;
  const lines = inPeriod.sort(byDateThenRecorded).map((movement) => {
    const change = changeOf(movement);
    balance = addCounts(balance, change);
    return { movement, change, balance };
  });
  return { from, to, opening, lines, closing: balance };
}

const REASONS: Readonly<Record<string, string>> = { count: 'count', lost: 'lost', damaged: 'damaged' };

/** "Delivered", "Returned", "Adjustment (lost)": how a movement reads on a statement. */
export function movementLabel(movement: Pick<StatementMovement, 'kind' | 'reason'>): string {
  if (movement.kind === 'out') return 'Delivered';
  if (movement.kind === 'in') return 'Returned';
  const reason = REASONS[movement.reason];
  return reason ? `Adjustment (${reason})` : 'Adjustment';
}

/** A signed change as printed: "+3", "-2", "0". */
export const signed = (value: number): string => (value > 0 ? `+${value}` : String(value));

/** Why a period cannot make a statement (the screen's and the server's one sentence). */
export const STATEMENT_PERIOD_PROBLEM = 'Choose a period whose start is on or before its end.';

/** A statement's period: two real `YYYY-MM-DD` days, the first on or before the second. */
export function isStatementPeriod(from: string, to: string): boolean {
  return isIsoDate(from) && isIsoDate(to) && from <= to;
}
