// What a customer holds of the nursery's trolleys, shelves and extensions, from its movements
// (docs/decisions/038): out adds, in takes away, an adjustment adds its signed deltas. Pure: the
// server keeps the same figures in `trolley_balances` (migration 011) and tests hold the two equal.

/** The three things a customer can hold. */
export const COUNTS = ['trolleys', 'shelves', 'extensions'] as const;
export type Count = (typeof COUNTS)[number];

export const MOVEMENT_KINDS = ['out', 'in', 'adjustment'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

/** Why an adjustment was made; '' for out and in. */
export const ADJUSTMENT_REASONS = ['count', 'lost', 'damaged'] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];

/** What a customer holds: positive = it owes the nursery that many. */
export type Balance = Record<Count, number>;

/** What balance arithmetic reads of a movement. */
export interface MovementCounts {
  kind: string;
  date: string;
  trolleys: number;
  shelves: number;
  extensions: number;
}

export const ZERO_BALANCE: Readonly<Balance> = { trolleys: 0, shelves: 0, extensions: 0 };

/** A movement's effect on what the customer holds: `in` takes away, the others add. */
export function deltaOf(movement: MovementCounts): Balance {
  const sign = movement.kind === 'in' ? -1 : 1;
  return { trolleys: sign * movement.trolleys, shelves: sign * movement.shelves, extensions: sign * movement.extensions };
}

/** What a customer holds after `movements` (any order). */
export function balanceOf(movements: Iterable<MovementCounts>): Balance {
  const balance = { ...ZERO_BALANCE };
  for (const movement of movements) {
    const delta = deltaOf(movement);
    for (const count of COUNTS) balance[count] += delta[count];
  }
  return balance;
}

/** Whether the customer holds anything of ours (any count above zero). */
export function owes(balance: Balance): boolean {
  return balance.trolleys > 0 || balance.shelves > 0 || balance.extensions > 0;
}

/**
 * Since when the customer has owed: the first day of the unbroken run of days at whose end it held
 * something of ours, up to its last movement; '' when it holds nothing now. Days, not single
 * movements: a return and a delivery on the same day do not start a new run. The server's SQL
 * (migration 011) computes the same.
 */
export function owedSince(movements: Iterable<MovementCounts>): string {
  const byDay = new Map<string, Balance>();
  for (const movement of movements) {
    const day = byDay.get(movement.date) ?? { ...ZERO_BALANCE };
    const delta = deltaOf(movement);
    for (const count of COUNTS) day[count] += delta[count];
    byDay.set(movement.date, day);
  }
  const running = { ...ZERO_BALANCE };
  let since = '';
  for (const day of [...byDay.keys()].sort()) {
    const delta = byDay.get(day) ?? ZERO_BALANCE;
    for (const count of COUNTS) running[count] += delta[count];
    if (!owes(running)) since = '';
    else if (since === '') since = day;
  }
  return since;
}

/** Whole days from `since` (YYYY-MM-DD) to `today` (YYYY-MM-DD); 0 when either is missing. */
export function daysOwed(since: string, today: string): number {
  if (since === '' || today === '') return 0;
  const days = (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${since}T00:00:00Z`)) / 86_400_000;
  return Number.isFinite(days) ? Math.max(0, Math.round(days)) : 0;
}
