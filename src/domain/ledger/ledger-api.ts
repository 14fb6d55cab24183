// The trolley ledger's own routes and answers (docs/decisions/038), without imports: the board
// reads balances for its owed badges, and its first-paint bundle must stay small.

/** What a customer holds, per count: positive = it owes the nursery that many. */
export interface Counts {
  trolleys: number;
  shelves: number;
  extensions: number;
}

export const LEDGER_API = {
  balances: '/api/trolleyboard/ledger/balances',
  booking: (runId: string) => `/api/trolleyboard/ledger/runs/${encodeURIComponent(runId)}/booking`,
  bookingRoute: '/api/trolleyboard/ledger/runs/:run/booking',
  /** POST (multipart, with the docket's photo as `attachments`): a haulier hands trolleys on to a customer (docs/decisions/079). */
  transfers: '/api/trolleyboard/ledger/transfers',
  /** DELETE: both movements of one transfer, together (docs/decisions/079). */
  transfer: (transferId: string) => `/api/trolleyboard/ledger/transfers/${encodeURIComponent(transferId)}`,
  transferRoute: '/api/trolleyboard/ledger/transfers/:transfer',
} as const;

/** What recording a transfer answers: its id, its two movements (the haulier's, then the customer's), and a sentence. */
export interface TransferAnswer {
  transfer: string;
  movements: Array<Record<string, unknown>>;
  message: string;
}

/** What deleting a transfer answers: the sentence saying which pair went. */
export interface TransferDeletedAnswer {
  message: string;
}

/** What a customer holds, as the balances route answers it. */
export interface CustomerBalance extends Counts {
  customer: string;
  name: string;
  /** A customer or a haulier (docs/decisions/079): the ledger screens show hauliers beside customers. */
  kind: 'customer' | 'haulier';
  /** The first day of the unbroken run of days it has held something; '' when nothing. */
  since: string;
}

export interface BalancesAnswer {
  /** Every customer whose balance is not all zero. */
  items: CustomerBalance[];
  /** The whole nursery's: what all its customers hold together. */
  totals: Counts;
}

/** Who may record what (docs/decisions/038): staff record returns; office staff and admins anything. */
export function canRecordKind(role: string | null | undefined, kind: string): boolean {
  if (role === 'admin' || role === 'office') return true;
  return role === 'staff' && kind === 'in';
}

/** Office staff and admins adjust, change and delete movements and book runs out. */
export function canChangeLedger(role: string | null | undefined): boolean {
  return role === 'admin' || role === 'office';
}
