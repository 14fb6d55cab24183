// Their figures beside ours (docs/decisions/040): each account of the pool operator's statement
// beside what our ledger says the customer with that pool account held on the same date, the
// differences, and the accounts only one side knows.

import type { PoolRow } from './pool-statement';
import { COUNTS, type CountName, type Counts } from './statement';

/** Our balance of a pool account on a date: the customers with that `poolAccount`, summed. */
export interface OurBalance {
  account: string;
  date: string;
  /** The customers with this pool account (usually one; branches may share one). */
  customers: Array<{ id: string; name: string }>;
  balance: Counts;
}

export interface ComparisonLine {
  account: string;
  date: string;
  customers: Array<{ id: string; name: string }>;
  /** Null: the account is not on their statement. */
  theirs: Counts | null;
  /** Null: no customer of ours has this pool account. */
  ours: Counts | null;
  /** Theirs minus ours, per count compared (0 for a count the statement has no column for), when both sides have the account. */
  difference: Counts | null;
  status: 'same' | 'different' | 'only-theirs' | 'only-ours';
}

/** What the comparison route answers (docs/decisions/040). */
export interface PoolComparison {
  statement: { id: string; statementDate: string; periodFrom: string; periodTo: string; fileName: string };
  /** The last day to contest a difference (10 working days from the statement date). */
  contestBy: string;
  comparison: Comparison;
}

export interface Comparison {
  /** The counts compared: those the statement has a column for. */
  counts: CountName[];
  lines: ComparisonLine[];
  different: number;
  onlyTheirs: number;
  onlyOurs: number;
}

const key = (account: string, date: string): string => `${account.trim().toLowerCase()}\u0000${date}`;

/**
 * Compares the statement's rows with our balances. `ours` holds, for every pool account we know,
 * its balance at each date the statement's rows name; an account we know but the statement does
 * not list is shown at `statementDate`. Only `counts` are compared: a statement without a column
 * of shelves says nothing about shelves.
 */
export function comparePool(
  rows: readonly PoolRow[],
  ours: readonly OurBalance[],
  statementDate: string,
  counts: readonly CountName[] = COUNTS,
): Comparison {
  const byKey = new Map(ours.map((balance) => [key(balance.account, balance.date), balance]));
  const listed = new Set(rows.map((row) => row.account.trim().toLowerCase()));
  const lines: ComparisonLine[] = rows.map((row) => {
    const theirs = { trolleys: row.trolleys, shelves: row.shelves, extensions: row.extensions };
    const our = byKey.get(key(row.account, row.date));
    if (!our) return { account: row.account, date: row.date, customers: [], theirs, ours: null, difference: null, status: 'only-theirs' };
    const difference = { trolleys: 0, shelves: 0, extensions: 0 };
    for (const count of counts) difference[count] = theirs[count] - our.balance[count];
    const same = COUNTS.every((count) => difference[count] === 0);
    return {
      account: row.account,
      date: row.date,
      customers: our.customers,
      theirs,
      ours: our.balance,
      difference,
      status: same ? 'same' : 'different',
    };
  });
  for (const our of ours)
    if (our.date === statementDate && !listed.has(our.account.trim().toLowerCase()))
      lines.push({
        account: our.account,
        date: our.date,
        customers: our.customers,
        theirs: null,
        ours: our.balance,
        difference: null,
        status: 'only-ours',
      });
  return {
    counts: [...counts],
    lines,
    different: lines.filter((line) => line.status === 'different').length,
    onlyTheirs: lines.filter((line) => line.status === 'only-theirs').length,
    onlyOurs: lines.filter((line) => line.status === 'only-ours').length,
  };
}
