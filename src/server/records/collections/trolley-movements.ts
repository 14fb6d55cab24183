import { sql, type Kysely, type SqlBool } from 'kysely';
import { trolleyMovements } from '#domain/collections/trolley-movements';
import { COUNTS, ZERO_BALANCE, type Balance } from '#domain/ledger/balance';
import {
  balanceChangesOf,
  belowZeroRefusal,
  countsTakenBelowZero,
  readBelowZero,
  type BelowZeroChange,
  type MovementOfCustomer,
} from '#domain/ledger/below-zero';
import type { Database } from '../../db/schema';
import { ApiError } from '../../errors';
import type { Row } from '../record-store';
import { IN_NURSERY, MEMBER, membersWithRole, type AccessRules } from '../access-rules';
import { serverCollection } from '../collection';

/** Viewers' answer for recording anything. */
export const VIEWERS_CANNOT_RECORD = 'Viewers can look but not record trolleys. Ask a member of staff to record it.';
/** Staff's answer for anything but a return. */
export const STAFF_RECORD_RETURNS_ONLY =
  'Staff can record returns only. Ask office staff or an admin to book trolleys out or adjust a balance.';
/** Staff's and viewers' answer for changing or deleting a movement. */
export const LEDGER_EDITORS_ONLY = 'Only office staff and admins can change or delete trolley movements. Ask one of them to correct it.';

/** Staff's answer for confirming a count below zero. */
export const BELOW_ZERO_EDITORS_ONLY =
  'Only office staff and admins can confirm a count below zero. Record the return without it, or ask one of them to check it.';

/** A change of a transfer's half (docs/decisions/079): the pair stays as the docket says. */
export const TRANSFER_KEPT_WHOLE =
  "This movement is half of a haulier's transfer, so its party, kind, day and counts stay as the docket says. Correct a mistake with an adjustment of the haulier and one of the customer.";
/** A delete of a transfer's half. */
export const TRANSFER_NOT_DELETED_BY_HALF =
  "This movement is half of a haulier's transfer and cannot be deleted on its own. Delete the whole transfer (both movements), or correct a mistake with an adjustment of the haulier and one of the customer.";
/** A restore of a deleted transfer's half: it went with its other half, and cannot come back alone. */
export const TRANSFER_NOT_RESTORED_BY_HALF =
  "This movement was half of a haulier's transfer, deleted with its other half, so it cannot come back alone. Record the transfer again with its docket.";
const TRANSFER_FIXED_FIELDS = ['customer', 'kind', 'date', ...COUNTS] as const;

const EDITORS = membersWithRole(['admin', 'office'], LEDGER_EDITORS_ONLY);
const mayConfirmBelowZero = (role: string | undefined) => role === 'admin' || role === 'office';

const movementOf = (row: Row): MovementOfCustomer => ({
  customer: String(row.customer ?? ''),
  kind: String(row.kind ?? ''),
  date: String(row.date ?? ''),
  trolleys: Number(row.trolleys ?? 0),
  shelves: Number(row.shelves ?? 0),
  extensions: Number(row.extensions ?? 0),
});

/**
 * What the customer holds now, read inside the write's transaction after the triggers of
 * migration 011 changed `trolley_balances`. On PostgreSQL the trigger's UPDATE holds the balance
 * row's lock until the commit, and waits for any other write of the same customer to commit
 * first, so this read sees every return before it: two returns at once cannot both pass zero.
 * SQLite has one writer at a time.
 */
async function heldAfterWrite(db: Kysely<Database>, nursery: string, customer: string): Promise<Balance> {
  const row = await db
    .selectFrom('trolley_balances')
    .select(['trolleys', 'shelves', 'extensions'])
    .where('nursery', '=', nursery)
    .where('customer', '=', customer)
    .executeTakeFirst();
  return row ? { trolleys: Number(row.trolleys), shelves: Number(row.shelves), extensions: Number(row.extensions) } : { ...ZERO_BALANCE };
}

/**
 * Every member reads the nursery's ledger; staff, office and admins record (staff returns only);
 * office staff and admins change and delete movements, which go to Deleted and can come back
 * (docs/decisions/038). Another nursery's movement is answered as missing (docs/decisions/036).
 */
const rules: AccessRules = {
  list: { gate: MEMBER, condition: IN_NURSERY },
  view: { gate: MEMBER, condition: IN_NURSERY },
  create: { gate: membersWithRole(['admin', 'office', 'staff'], VIEWERS_CANNOT_RECORD), condition: null },
  update: { gate: EDITORS, condition: IN_NURSERY },
  delete: { gate: EDITORS, condition: IN_NURSERY },
};

const STOP_BOOKED = {
  code: 'validation_not_unique',
  message: 'This stop of the run is booked out already.',
};

/** Trolley movements (fields: src/domain/collections/trolley-movements.ts). */
export const trolleyMovementsCollection = serverCollection(trolleyMovements, {
  rules,
  // A movement deleted by a slip goes to Deleted and can be restored; the deletion password guards
  // orders and customers, whose loss costs more than one line of a ledger.
  needsDeletePassword: false,
  async beforeCreate(values, context) {
    if (!context.system && context.auth.user?.role === 'staff' && values.kind !== 'in') throw new ApiError(403, STAFF_RECORD_RETURNS_ONLY);
    // Set only by "Book trolleys out"; shown in the answer as stored.
    return { run: values.run ?? '', stop: values.stop ?? '' };
  },
  /**
   * A return, adjustment or edit that takes a customer's count below zero (docs/decisions/065) is
   * refused unless office staff or an admin confirmed it (`belowZero: true`, the reason in the
   * note, checked by the declaration's rules). Checked after the write, inside its transaction, on
   * the balance the triggers kept; the refusal undoes the write. A driver's drop is booked by the
   * run's own batch, which does not come here: it is never lost (docs/decisions/042).
   */
  async checkWritten({ db, before, after }, body, context) {
    if (
      before &&
      String(before.transfer ?? '') !== '' &&
      TRANSFER_FIXED_FIELDS.some((field) => String(before[field]) !== String(after[field]))
    )
      throw new ApiError(400, TRANSFER_KEPT_WHOLE);
    const confirmed = readBelowZero(body.belowZero) === true;
    // Staff may record returns, but not confirm one below zero: said whether or not it would be.
    if (confirmed && !mayConfirmBelowZero(context.auth.user?.role)) throw new ApiError(403, BELOW_ZERO_EDITORS_ONLY);
    const nursery = String(after.nursery ?? '');
    for (const [customer, change] of balanceChangesOf(before ? movementOf(before) : null, movementOf(after))) {
      if (!COUNTS.some((count) => change[count] < 0)) continue;
      const now = await heldAfterWrite(db, nursery, customer);
      const was: Balance = {
        trolleys: now.trolleys - change.trolleys,
        shelves: now.shelves - change.shelves,
        extensions: now.extensions - change.extensions,
      };
      if (confirmed || countsTakenBelowZero(was, now).length === 0) continue;
      const named = await db
        .selectFrom('customers')
        .select('name')
        .where('id', '=', customer)
        .where('nursery', '=', nursery)
        .executeTakeFirst();
      const moved = movementOf(after);
      const what: BelowZeroChange =
        before === null && (moved.kind === 'in' || moved.kind === 'adjustment') ? { kind: moved.kind, moved } : { kind: 'edit' };
      const sentence = belowZeroRefusal(
        named?.name ?? '',
        was,
        now,
        what,
        mayConfirmBelowZero(context.auth.user?.role) ? 'may-confirm' : 'may-not-confirm',
      );
      throw new ApiError(400, sentence, { belowZero: { code: 'validation_below_zero', message: sentence } });
    }
  },
  // Both halves of a transfer or neither (docs/decisions/079): one half alone would leave the other party's balance wrong.
  async checkRemove(row) {
    if (String(row.transfer ?? '') !== '') throw new ApiError(400, TRANSFER_NOT_DELETED_BY_HALF);
  },
  describeConflict(error) {
    const { message, constraint } = (error ?? {}) as { message?: unknown; constraint?: unknown };
    // SQLite names the columns, PostgreSQL the index.
    return /trolley_movements_run_stop|trolley_movements\.run/.test(`${String(message)} ${String(constraint)}`)
      ? { stop: STOP_BOOKED }
      : null;
  },
  async restoreConflict(row, store) {
    if (String(row.transfer ?? '') !== '') return TRANSFER_NOT_RESTORED_BY_HALF;
    const run = String(row.run ?? '');
    if (run === '') return null;
    const { rows } = await store.list('trolley_movements', {
      where: [
        sql<SqlBool>`${sql.ref('run')} = ${run}`,
        sql<SqlBool>`${sql.ref('stop')} = ${String(row.stop ?? '')}`,
        sql<SqlBool>`${sql.ref('kind')} = ${String(row.kind ?? '')}`,
      ],
      sort: [],
      page: 1,
      perPage: 1,
      skipTotal: true,
    });
    return rows.length > 0
      ? 'This stop of the run was booked out again after this movement was deleted, so it cannot come back beside it.'
      : null;
  },
});
