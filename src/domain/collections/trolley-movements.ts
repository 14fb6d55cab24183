// The trolley ledger (collection `trolley_movements`): one row per movement of a customer's
// trolleys, shelves and extensions — out (delivered), in (returned) or an adjustment (a count found
// a different number, lost, damaged). What a customer holds is the sum (src/domain/ledger/balance.ts,
// docs/decisions/038).

import { ADJUSTMENT_REASONS, COUNTS, MOVEMENT_KINDS, type Count } from '../ledger/balance';
import { readBelowZero } from '../ledger/below-zero';
import type { FieldError } from '../validation';
import { parseCalendarDate } from '../weeks';
import { defineCollection, number, relation, select, text, type RefineContext, type RecordOf } from './fields';
import { attachments } from './attachments';
import { createdBy, updatedBy } from './trail-fields';

/** The most of one count a single movement may move: a bound that catches a slip, not a business rule. */
export const MAX_MOVEMENT_COUNT = 999;

export const MOVEMENT_KIND_LABELS: Readonly<Record<(typeof MOVEMENT_KINDS)[number], string>> = {
  out: 'Delivered',
  in: 'Returned',
  adjustment: 'Adjustment',
};

export const REASON_LABELS: Readonly<Record<'' | (typeof ADJUSTMENT_REASONS)[number], string>> = {
  '': 'None',
  count: 'Count',
  lost: 'Lost',
  damaged: 'Damaged',
};

export const COUNT_LABELS: Readonly<Record<Count, string>> = { trolleys: 'Trolleys', shelves: 'Shelves', extensions: 'Extensions' };

const SET_BY_SERVER: FieldError = {
  code: 'validation_forbidden',
  message: 'The server records who recorded a movement; it cannot be set here.',
};
const SET_BY_BOOKING: FieldError = {
  code: 'validation_forbidden',
  message: 'Only "Book trolleys out" on a saved run sets the run and stop of a movement.',
};

const SET_BY_TRANSFER: FieldError = {
  code: 'validation_forbidden',
  message: 'Only a transfer from a haulier to a customer sets who received it and links its two movements.',
};

const count = (label: string) =>
  number({ label, settable: 'always', min: -MAX_MOVEMENT_COUNT, max: MAX_MOVEMENT_COUNT, default: 0 } as const);

/** The rules between fields: signs by kind, at least one count, a reason for adjustments only, a real date. */
function movementRules(value: Record<string, unknown>, errors: Record<string, FieldError>, { existing, input }: RefineContext): void {
  const merged: Record<string, unknown> = { ...existing, ...value };
  // Below zero only with a reason (docs/decisions/065); whether it is below zero the server decides.
  const belowZero = readBelowZero(input.belowZero);
  if (belowZero === 'invalid')
    errors.belowZero = {
      code: 'validation_invalid_value',
      message: 'Send belowZero as true to confirm a count below zero, or leave it out.',
    };
  else if (belowZero && !errors.note && String(merged.note ?? '').trim() === '')
    errors.note = {
      code: 'validation_required',
      message: 'Give the reason for recording it below zero: it is kept as the note of the movement.',
    };
  const kind = merged.kind;
  const date = value.date;
  if (typeof date === 'string' && !errors.date && !parseCalendarDate(date))
    errors.date = { code: 'validation_invalid_date', message: 'Enter the date as year-month-day, for example 2026-11-24.' };
  if (kind !== 'out' && kind !== 'in' && kind !== 'adjustment') return;
  if (COUNTS.some((name) => errors[name])) return;
  const counts = COUNTS.map((name) => Number(merged[name] ?? 0));
  if (kind === 'adjustment') {
    if (counts.every((n) => n === 0))
      errors.trolleys = {
        code: 'validation_required',
        message: 'An adjustment changes at least one count: enter a number other than 0 (a minus number for fewer).',
      };
    if (!errors.reason && (merged.reason ?? '') === '')
      errors.reason = { code: 'validation_required', message: 'Choose why the balance is adjusted: a count, lost or damaged.' };
    return;
  }
  const what = kind === 'out' ? 'a delivery' : 'a return';
  COUNTS.forEach((name, index) => {
    if ((counts[index] ?? 0) < 0)
      errors[name] = {
        code: 'validation_min_number_constraint',
        message: `${COUNT_LABELS[name]} cannot be below 0 for ${what}. Record a loss or a count as an adjustment instead.`,
      };
  });
  if (counts.every((n) => n === 0))
    errors.trolleys = {
      code: 'validation_required',
      message: `Enter how many trolleys, shelves or extensions for ${what}: at least one must be more than 0.`,
    };
  if (!errors.reason && (merged.reason ?? '') !== '')
    errors.reason = {
      code: 'validation_invalid_value',
      message: 'Only an adjustment has a reason (count, lost, damaged): leave it empty for a delivery or a return.',
    };
}

/**
 * A customer's trolley movements. Every member reads them; staff record returns; office staff and
 * admins record any kind, change and delete them (docs/decisions/038). `recordedBy` is stamped by
 * the server; `run` and `stop` are set only by "Book trolleys out", and a run's stop is booked at
 * most once (the unique index).
 */
export const trolleyMovements = defineCollection({
  name: 'trolley_movements',
  id: 'pbc_movements_001',
  noun: 'trolley movement',
  fields: {
    // The nursery it belongs to, set by the server from the caller (docs/decisions/036).
    nursery: relation('nurseries', { settable: 'always', stamp: 'create', stampWith: 'nursery', default: '' }),
    customer: relation('customers', { label: 'Customer', settable: 'always', required: true }),
    kind: select(MOVEMENT_KINDS, {
      label: 'Kind',
      settable: 'always',
      required: true,
      optionLabel: (kind) => MOVEMENT_KIND_LABELS[kind],
    }),
    reason: select(['', ...ADJUSTMENT_REASONS] as const, {
      label: 'Reason',
      settable: 'always',
      default: '',
      optionLabel: (reason) => REASON_LABELS[reason],
    }),
    /** The day it happened, YYYY-MM-DD. */
    date: text({ label: 'Date', settable: 'always', required: true, max: 10, default: '' }),
    trolleys: count('Trolleys'),
    shelves: count('Shelves'),
    extensions: count('Extensions'),
    note: text({ label: 'Note', settable: 'always', max: 1000, lines: 'multi-line', default: '' }),
    recordedBy: relation('users', { settable: 'never', stamp: 'create', default: '', expandAs: 'presentable', refusal: SET_BY_SERVER }),
    run: relation('trolley_exports', { label: 'Run', settable: 'never', default: '', refusal: SET_BY_BOOKING }),
    stop: text({ label: 'Stop', settable: 'never', max: 100, default: '', refusal: SET_BY_BOOKING }),
    /**
     * The transfer a movement is half of (docs/decisions/079): a haulier's `in` and a customer's
     * `out` written together share it; '' for any other movement. Set by the transfer route only.
     */
    transfer: text({ label: 'Transfer', settable: 'never', max: 40, default: '', refusal: SET_BY_TRANSFER }),
    /** Who signed the haulier's docket for the trolleys handed on; '' for any other movement. */
    receivedBy: text({ label: 'Received by', settable: 'never', max: 100, default: '', refusal: SET_BY_TRANSFER }),
    created_by: createdBy,
    updated_by: updatedBy,
    // Photos and PDFs (docs/decisions/043).
    attachments,
  },
  indexes: [
    // A customer's ledger and statement, by date; the balances' recount of one customer.
    { name: 'trolley_movements_customer', on: ['nursery', 'customer', 'date'] },
    // A list without a sort is in insertion order, the nursery's own.
    { name: 'trolley_movements_nursery_seq', on: ['nursery', 'seq'] },
    // A run's stop is booked out at most once (docs/decisions/038), and its counts back come in at
    // most once, with its drop (docs/decisions/042).
    { name: 'trolley_movements_run_stop', on: ['run', 'stop', 'kind'], unique: true, where: "run != ''" },
    // A transfer's two halves (docs/decisions/079): one per kind, found from either.
    { name: 'trolley_movements_transfer', on: ['nursery', 'transfer', 'kind'], unique: true, where: "transfer != ''" },
  ],
  // "Yes, below zero" (docs/decisions/065): a confirmation, not a field of the movement; its reason is the note.
  bodyOnly: { belowZero: 'always' },
  refine: movementRules,
  // History of every change, and Deleted instead of gone (docs/decisions/034).
  trail: true,
});

/** One movement of a customer's trolleys, shelves and extensions (collection `trolley_movements`). */
export type TrolleyMovementRecord = RecordOf<typeof trolleyMovements>;
