// A customer's answer to its balance (collection `balance_replies`, docs/decisions/078): through
// its balance link the customer confirms what the ledger says it holds today, or disputes it with
// the counts it believes, a note and a photo. The office resolves a dispute with an adjustment or
// a reply; both sides see the outcome.
import { MAX_MOVEMENT_COUNT } from './trolley-movements';
import type { FieldError } from '../validation';
import { defineCollection, file, number, relation, select, text, type RecordOf } from './fields';

export const REPLY_KINDS = ['confirm', 'dispute'] as const;
export type ReplyKind = (typeof REPLY_KINDS)[number];

export const REPLY_KIND_LABELS: Readonly<Record<ReplyKind, string>> = { confirm: 'Confirmed', dispute: 'Disputed' };

export const REPLY_OUTCOMES = ['', 'adjusted', 'replied'] as const;
export type ReplyOutcome = (typeof REPLY_OUTCOMES)[number];

export const REPLY_OUTCOME_LABELS: Readonly<Record<ReplyOutcome, string>> = {
  '': 'Open',
  adjusted: 'Balance adjusted',
  replied: 'Answered',
};

/** A dispute's photo is shrunk on the phone as the driver's drop photo; 5 MB takes one that could not be. */
export const MAX_REPLY_PHOTO_BYTES = 5 * 1024 * 1024;

const SET_BY_SERVER: FieldError = {
  code: 'validation_forbidden',
  message: 'The server records the link, the ledger and the outcome of a reply; they cannot be set here.',
};

const claimed = (label: string) => number({ label, settable: 'create', min: 0, max: MAX_MOVEMENT_COUNT, default: 0 } as const);
const ledger = (label: string) => number({ label, settable: 'never', default: 0, refusal: SET_BY_SERVER } as const);

/**
 * Confirmations and disputes. Every member of the nursery reads them (live, on the customer's
 * ledger and the open disputes); they are written only through the balance link and resolved
 * only by the resolve route, never through the records API.
 */
export const balanceReplies = defineCollection({
  name: 'balance_replies',
  id: 'pbc_balreplies_01',
  noun: 'balance reply',
  fields: {
    nursery: relation('nurseries', { settable: 'always', stamp: 'create', stampWith: 'nursery', default: '' }),
    customer: relation('customers', { label: 'Customer', settable: 'never', required: true, refusal: SET_BY_SERVER }),
    /** The balance link it came through. */
    link: text({ settable: 'never', max: 40, default: '', refusal: SET_BY_SERVER }),
    kind: select(REPLY_KINDS, { label: 'Answer', settable: 'create', required: true, optionLabel: (kind) => REPLY_KIND_LABELS[kind] }),
    /** The day the answer is about, `YYYY-MM-DD`. */
    asOf: text({ label: 'As of', settable: 'never', max: 10, default: '', refusal: SET_BY_SERVER }),
    /** What the customer says it holds (for a confirmation: what the ledger said). */
    trolleys: claimed('Trolleys'),
    shelves: claimed('Shelves'),
    extensions: claimed('Extensions'),
    /** What the ledger said it held when it answered. */
    ledgerTrolleys: ledger('Trolleys on the ledger'),
    ledgerShelves: ledger('Shelves on the ledger'),
    ledgerExtensions: ledger('Extensions on the ledger'),
    note: text({ label: 'Note', settable: 'create', max: 1000, lines: 'multi-line', default: '' }),
    photo: file({
      label: 'Photo',
      noun: 'photo',
      settable: 'create',
      maxSelect: 1,
      maxSize: MAX_REPLY_PHOTO_BYTES,
      mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'],
      protected: true,
      thumbs: ['100x100'],
      filter: false,
    }),
    outcome: select(REPLY_OUTCOMES, {
      label: 'Outcome',
      settable: 'never',
      default: '',
      refusal: SET_BY_SERVER,
      optionLabel: (outcome) => REPLY_OUTCOME_LABELS[outcome],
    }),
    /** The office's answer: the reply's text, or the adjustment's reason. */
    reply: text({ label: 'Reply', settable: 'never', max: 1000, lines: 'multi-line', default: '', refusal: SET_BY_SERVER }),
    /** The adjustment that resolved it ('' for none). */
    movement: relation('trolley_movements', { settable: 'never', default: '', refusal: SET_BY_SERVER }),
    resolvedAt: text({ settable: 'never', max: 40, default: '', refusal: SET_BY_SERVER }),
    resolvedBy: relation('users', { settable: 'never', default: '', expandAs: 'presentable', refusal: SET_BY_SERVER }),
  },
  indexes: [
    { name: 'balance_replies_customer', on: ['nursery', 'customer'] },
    { name: 'balance_replies_nursery_seq', on: ['nursery', 'seq'] },
  ],
});

/** A confirmation or dispute (collection `balance_replies`). */
export type BalanceReplyRecord = RecordOf<typeof balanceReplies>;
