// A haulier hands our trolleys on to a customer (docs/decisions/079): one movement pair written
// together — the haulier's `in` (its balance down) and the customer's `out` (its balance up), the
// same counts and day, the docket's photo and who received it. Pure: reading the request, the two
// movements it makes, and the sentence when the haulier would be left below zero.

import { MAX_MOVEMENT_COUNT } from '../collections/trolley-movements';
import { findForbiddenCharacters, type FieldError } from '../validation';
import { parseCalendarDate } from '../weeks';
import { COUNTS, type Balance, type Count } from './balance';
import { countsTakenBelowZero, readBelowZero, type MovementOfCustomer } from './below-zero';
import { countInWords } from './count-words';

/** The longest "received by" a docket carries, as a drop's. */
export const MAX_RECEIVED_BY = 100;
/** The longest note of a transfer, as a movement's. */
export const MAX_TRANSFER_NOTE = 1000;

/** A transfer as read from a request. */
export interface Transfer extends Balance {
  haulier: string;
  customer: string;
  /** yyyy-mm-dd */
  date: string;
  receivedBy: string;
  note: string;
  /** Office staff or an admin confirmed leaving the haulier below zero (the note is the reason). */
  belowZero: boolean;
}

export type TransferRead = { ok: true; transfer: Transfer } | { ok: false; errors: Record<string, FieldError> };

const RECORD_ID = /^[a-z0-9]{15}$/;

const LABELS: Readonly<Record<Count, string>> = { trolleys: 'Trolleys', shelves: 'Shelves', extensions: 'Extensions' };

/** A count as JSON or multipart sends it ("5" or 5; '' and absent are 0). */
function readCount(raw: unknown): number | null {
  if (raw === undefined || raw === null || raw === '') return 0;
  const value = typeof raw === 'string' && /^-?\d{1,6}$/.test(raw.trim()) ? Number(raw.trim()) : raw;
  return typeof value === 'number' && Number.isInteger(value) ? value : null;
}

function readText(
  raw: unknown,
  max: number,
  label: string,
  lines: 'single-line' | 'multi-line',
): { value: string } | { error: FieldError } {
  if (raw !== undefined && raw !== null && typeof raw !== 'string')
    return { error: { code: 'validation_invalid_value', message: `${label} must be text.` } };
  const value = (raw ?? '').trim();
  if (value.length > max)
    return { error: { code: 'validation_max_text_constraint', message: `${label} must be ${max} characters or fewer.` } };
  const forbidden = findForbiddenCharacters(value, lines);
  return forbidden ? { error: forbidden } : { value };
}

/**
 * Reads a transfer: the haulier and the customer (two different parties), the day, the counts
 * (whole numbers 0–999, at least one above 0), who received them (required: the docket names
 * them) and an optional note; `belowZero` confirms a haulier left below zero, with the note as
 * the reason. Whether the parties exist and are a haulier and a customer the server checks.
 */
export function readTransfer(body: Readonly<Record<string, unknown>>): TransferRead {
  const errors: Record<string, FieldError> = {};
  const id = (key: 'haulier' | 'customer', missing: string): string => {
    const value = body[key];
    if (value === undefined || value === null || value === '') errors[key] = { code: 'validation_required', message: missing };
    else if (typeof value !== 'string' || !RECORD_ID.test(value))
      errors[key] = { code: 'validation_invalid_relation', message: `Choose the ${key} from the list.` };
    return typeof value === 'string' ? value : '';
  };
  const haulier = id('haulier', 'Choose the haulier who handed the trolleys on.');
  const customer = id('customer', 'Choose the customer the haulier handed the trolleys to.');
  if (!errors.haulier && !errors.customer && haulier === customer)
    errors.customer = { code: 'validation_invalid_value', message: 'A haulier cannot hand trolleys on to itself: choose a customer.' };
  const date = typeof body.date === 'string' ? body.date.trim() : '';
  if (!parseCalendarDate(date))
    errors.date = { code: 'validation_invalid_date', message: 'Enter the day it was handed on as year-month-day, for example 2026-11-24.' };
  const counts: Balance = { trolleys: 0, shelves: 0, extensions: 0 };
  for (const count of COUNTS) {
    const value = readCount(body[count]);
    if (value === null || value < 0 || value > MAX_MOVEMENT_COUNT)
      errors[count] = {
        code:
          value === null
            ? 'validation_invalid_number'
            : value < 0
              ? 'validation_min_number_constraint'
              : 'validation_max_number_constraint',
        message: `${LABELS[count]} must be a whole number between 0 and ${MAX_MOVEMENT_COUNT}.`,
      };
    else counts[count] = value;
  }
  if (!COUNTS.some((count) => errors[count]) && COUNTS.every((count) => counts[count] === 0))
    errors.trolleys = {
      code: 'validation_required',
      message: 'Enter how many trolleys, shelves or extensions were handed on: at least one must be more than 0.',
    };
  const receivedBy = readText(body.receivedBy, MAX_RECEIVED_BY, 'Received by', 'single-line');
  if ('error' in receivedBy) errors.receivedBy = receivedBy.error;
  else if (receivedBy.value === '')
    errors.receivedBy = { code: 'validation_required', message: 'Write who received the trolleys, as the docket names them.' };
  const note = readText(body.note, MAX_TRANSFER_NOTE, 'Note', 'multi-line');
  if ('error' in note) errors.note = note.error;
  const belowZero = readBelowZero(body.belowZero);
  if (belowZero === 'invalid')
    errors.belowZero = {
      code: 'validation_invalid_value',
      message: 'Send belowZero as true to confirm a count below zero, or leave it out.',
    };
  else if (belowZero && !errors.note && 'value' in note && note.value === '')
    errors.note = {
      code: 'validation_required',
      message: 'Give the reason for recording it below zero: it is kept as the note of the transfer.',
    };
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    transfer: {
      haulier,
      customer,
      date,
      ...counts,
      receivedBy: 'value' in receivedBy ? receivedBy.value : '',
      note: 'value' in note ? note.value : '',
      belowZero: belowZero === true,
    },
  };
}

/** The two movements of a transfer: the haulier's `in`, then the customer's `out`, the same counts and day. */
export function transferMovements(
  transfer: Pick<Transfer, 'haulier' | 'customer' | 'date' | Count>,
): [MovementOfCustomer, MovementOfCustomer] {
  const moved = { date: transfer.date, trolleys: transfer.trolleys, shelves: transfer.shelves, extensions: transfer.extensions };
  return [
    { customer: transfer.haulier, kind: 'in', ...moved },
    { customer: transfer.customer, kind: 'out', ...moved },
  ];
}

/**
 * "Road Haulage Ltd holds 2 trolleys; handing on 5 would leave -3. Confirm and give a reason to
 * record it." — when the transfer takes a count of the haulier's below zero; '' when it does not.
 */
export function transferBelowZero(haulierName: string, held: Readonly<Balance>, transfer: Readonly<Balance>): string {
  const after: Balance = {
    trolleys: held.trolleys - transfer.trolleys,
    shelves: held.shelves - transfer.shelves,
    extensions: held.extensions - transfer.extensions,
  };
  const counts = countsTakenBelowZero(held, after);
  if (counts.length === 0) return '';
  const list = (values: Readonly<Balance>) =>
    counts.map((count) => (counts.length === 1 ? String(values[count]) : countInWords(values[count], count))).join(' and ');
  const heldWords = counts.map((count) => countInWords(held[count], count)).join(' and ');
  return `${haulierName || 'This haulier'} holds ${heldWords}; handing on ${list(transfer)} would leave ${list(after)}. Confirm and give a reason to record it.`;
}
