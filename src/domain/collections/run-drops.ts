// A run's drops (collection `run_drops`): what happened at each stop of a dispatched run —
// delivered (to whom, what came back) or not delivered (why). One per stop; recorded by the office
// or through a driver's link; the counts back become ledger returns (docs/decisions/042).

import { MAX_MOVEMENT_COUNT } from './trolley-movements';
import type { FieldError } from '../validation';
import { defineCollection, file, number, relation, select, text, type RefineContext, type RecordOf } from './fields';

export const DROP_OUTCOMES = ['delivered', 'not_delivered'] as const;
export type DropOutcome = (typeof DROP_OUTCOMES)[number];

export const DROP_OUTCOME_LABELS: Readonly<Record<DropOutcome, string>> = {
  delivered: 'Delivered',
  not_delivered: 'Not delivered',
};

/** The counts back, as the drop names them, and the ledger count each one returns. */
export const BACK_COUNTS = [
  ['trolleysBack', 'trolleys'],
  ['shelvesBack', 'shelves'],
  ['extensionsBack', 'extensions'],
] as const;

/** A signature drawn on a phone is a PNG of some 10-40 KB; 512 KB leaves room for a large screen. */
export const MAX_SIGNATURE_BYTES = 512 * 1024;
/** A drop's photo is shrunk on the phone to about 0.5 MB; 5 MB takes one that could not be. */
export const MAX_DROP_PHOTO_BYTES = 5 * 1024 * 1024;

/** The longest client id a queued send may carry. */
export const MAX_CLIENT_ID = 40;

const SET_BY_SERVER: FieldError = {
  code: 'validation_forbidden',
  message: 'The server records who recorded a drop and through which link; it cannot be set here.',
};

const countBack = (label: string) => number({ label, settable: 'create', min: 0, max: MAX_MOVEMENT_COUNT, default: 0 } as const);

/** A reason for "not delivered" (and only then), and a recorded time that is a real time. */
function dropRules(value: Record<string, unknown>, errors: Record<string, FieldError>, { input }: RefineContext): void {
  if (value.outcome === 'not_delivered' && !errors.reason && String(value.reason ?? '').trim() === '')
    errors.reason = { code: 'validation_required', message: 'Say why it was not delivered, for example "Closed" or "Refused".' };
  const at = input.recordedAt;
  if (typeof at === 'string' && at !== '' && !errors.recordedAt && Number.isNaN(Date.parse(at)))
    errors.recordedAt = {
      code: 'validation_invalid_date',
      message: 'The time the drop was recorded could not be read. Send it as an ISO time, for example 2026-11-24T10:42:00Z.',
    };
}

/**
 * The drops of runs. Every member reads them; they are written only by recording a drop (the runs
 * route, or the driver's link), never through the records API, since each one books returns and
 * may deliver the run in the same transaction.
 */
export const runDrops = defineCollection({
  name: 'run_drops',
  id: 'pbc_rundrops_001',
  noun: 'drop',
  fields: {
    // The nursery it belongs to, set by the server from the run (docs/decisions/036).
    nursery: relation('nurseries', { settable: 'always', stamp: 'create', stampWith: 'nursery', default: '' }),
    run: relation('trolley_exports', { label: 'Run', settable: 'create', required: true }),
    /** The stop as the ledger names it: its order's id, or `#3` for a stop without one. */
    stop: text({ label: 'Stop', settable: 'create', required: true, max: 100, default: '' }),
    outcome: select(DROP_OUTCOMES, {
      label: 'Outcome',
      settable: 'create',
      required: true,
      optionLabel: (outcome) => DROP_OUTCOME_LABELS[outcome],
    }),
    reason: text({ label: 'Reason', settable: 'create', max: 500, lines: 'multi-line', default: '' }),
    receivedBy: text({ label: 'Received by', settable: 'create', max: 100, default: '' }),
    trolleysBack: countBack('Trolleys back'),
    shelvesBack: countBack('Shelves back'),
    extensionsBack: countBack('Extensions back'),
    /** When the button was pressed (ISO time); earlier than `created` when sent from a queue. */
    recordedAt: text({ label: 'Recorded at', settable: 'create', max: 40, default: '' }),
    recordedBy: relation('users', { settable: 'never', default: '', expandAs: 'presentable', refusal: SET_BY_SERVER }),
    /** The driver link it was recorded through; '' when a signed-in person recorded it. */
    link: text({ settable: 'never', max: 40, default: '', refusal: SET_BY_SERVER }),
    /** Chosen by the sender: a retried send with the same one answers the drop already written. */
    clientId: text({ label: 'Client id', settable: 'create', max: MAX_CLIENT_ID, default: '' }),
    // The customer's signature and a photo of the drop, set once with the drop through a driver's
    // link (migration 016, docs/decisions/044); shown only with a file token of a nursery member.
    signature: file({
      label: 'Signature',
      noun: 'signature',
      settable: 'create',
      maxSelect: 1,
      maxSize: MAX_SIGNATURE_BYTES,
      mimeTypes: ['image/png'],
      protected: true,
      filter: false,
    }),
    photo: file({
      label: 'Photo',
      noun: 'photo',
      settable: 'create',
      maxSelect: 1,
      maxSize: MAX_DROP_PHOTO_BYTES,
      mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'],
      protected: true,
      thumbs: ['100x100'],
      filter: false,
    }),
  },
  indexes: [
    // One drop per stop of a run.
    { name: 'run_drops_run_stop', on: ['run', 'stop'], unique: true },
    // A retried send finds its drop; two sends of one drop cannot both be written.
    { name: 'run_drops_client', on: ['nursery', 'clientId'], unique: true, where: "clientId != ''" },
    // The board's delivered marks: the drops of a week's orders, by order id (the stop).
    { name: 'run_drops_stop', on: ['nursery', 'stop'] },
    // A list without a sort is in insertion order, the nursery's own.
    { name: 'run_drops_nursery_seq', on: ['nursery', 'seq'] },
  ],
  refine: dropRules,
});

/** What happened at one stop of a dispatched run (collection `run_drops`, docs/decisions/042). */
export type RunDropRecord = RecordOf<typeof runDrops>;
/** What is recorded at a drop, by the driver's phone or the office: the fields both send. */
export type DropReport = Pick<
  RunDropRecord,
  'stop' | 'outcome' | 'reason' | 'receivedBy' | 'trolleysBack' | 'shelvesBack' | 'extensionsBack'
>;
