// How a balance reads on screens, sheets and statements (docs/decisions/065): what a customer owes,
// and never a negative owed count — more back than booked out reads as such.

import { COUNTS, type Balance, type Count } from './balance';
import { countInWords } from './count-words';

const and = (parts: readonly string[]) =>
  parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1] ?? ''}`;

const ONE: Record<Count, string> = { trolleys: 'trolley', shelves: 'shelf', extensions: 'extension' };

/** "3 trolleys, 1 shelf": the counts above zero; '' when none. */
export function owedInWords(balance: Readonly<Balance>): string {
  return COUNTS.filter((count) => balance[count] > 0)
    .map((count) => countInWords(balance[count], count))
    .join(', ');
}

/** "Returned 7 more trolleys than we had booked out": the counts below zero; '' when none. */
export function returnedExtraInWords(balance: Readonly<Balance>): string {
  const extra = COUNTS.filter((count) => balance[count] < 0).map((count) => {
    const n = -balance[count];
    return `${n} more ${n === 1 ? ONE[count] : count}`;
  });
  return extra.length === 0 ? '' : `Returned ${and(extra)} than we had booked out`;
}

/**
 * The whole balance in a sentence without a full stop: "Owes 3 trolleys" (with `since`, "Owes 3
 * trolleys since 2 Nov 2026"), "Returned 7 more trolleys than we had booked out", both joined by
 * " · ", or "Owes nothing".
 */
export function balanceInWords(balance: Readonly<Balance>, since = ''): string {
  const owed = owedInWords(balance);
  const parts = [owed ? `Owes ${owed}${since ? ` since ${since}` : ''}` : '', returnedExtraInWords(balance)].filter((part) => part !== '');
  return parts.length === 0 ? 'Owes nothing' : parts.join(' · ');
}

/**
 * What a customer holds at the end of a statement: every count ("3 trolleys, 0 shelves, 0
 * extensions"), or, with more back than out, the sentence that says so (docs/decisions/065).
 * The statement screen and the statement's mail read it.
 */
export function closingInWords(closing: Readonly<Balance>): string {
  if (COUNTS.some((count) => closing[count] < 0)) return balanceInWords(closing);
  return COUNTS.map((count) => countInWords(closing[count], count)).join(', ');
}
