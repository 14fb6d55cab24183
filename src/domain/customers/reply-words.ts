// A customer's answer through its balance link (docs/decisions/078) in words, the same on the
// customer's ledger and on its line of the Customers screen.
import { REPLY_KIND_LABELS, type ReplyKind } from '../collections/balance-replies';
import { countsInWords } from '../ledger/count-words';
import { plainDate } from '../ledger/iso-dates';

/** What the words need of a reply. */
export interface ReplyToWord {
  kind: ReplyKind;
  asOf: string;
  trolleys: number;
  shelves: number;
  extensions: number;
  ledgerTrolleys: number;
  ledgerShelves: number;
  ledgerExtensions: number;
}

/**
 * The answer's label ("Confirmed", "Disputed") and what follows it: "Sun 29 Nov: 7 trolleys, 2
 * shelves" for a confirmation, "Sun 29 Nov: says 5 trolleys, the ledger had 7 trolleys" for a
 * dispute; "nothing" for no counts. The year only when it is not `thisYear`.
 */
export function replyInWords(reply: ReplyToWord, thisYear: number): { label: string; words: string } {
  const said = countsInWords(reply) || 'nothing';
  const ledger =
    countsInWords({ trolleys: reply.ledgerTrolleys, shelves: reply.ledgerShelves, extensions: reply.ledgerExtensions }) || 'nothing';
  const day = plainDate(reply.asOf, thisYear);
  return {
    label: REPLY_KIND_LABELS[reply.kind],
    words: reply.kind === 'confirm' ? `${day}: ${said}` : `${day}: says ${said}, the ledger had ${ledger}`,
  };
}
