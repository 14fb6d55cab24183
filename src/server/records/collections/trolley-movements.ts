import { sql, type SqlBool } from 'kysely';
import { trolleyMovements } from '#domain/collections/trolley-movements';
import { ApiError } from '../../errors';
import { IN_NURSERY, MEMBER, membersWithRole, type AccessRules } from '../access-rules';
import { serverCollection } from '../collection';

/** Viewers' answer for recording anything. */
export const VIEWERS_CANNOT_RECORD = 'Viewers can look but not record trolleys. Ask a member of staff to record it.';
/** Staff's answer for anything but a return. */
export const STAFF_RECORD_RETURNS_ONLY =
  'Staff can record returns only. Ask office staff or an admin to book trolleys out or adjust a balance.';
/** Staff's and viewers' answer for changing or deleting a movement. */
export const LEDGER_EDITORS_ONLY = 'Only office staff and admins can change or delete trolley movements. Ask one of them to correct it.';

const EDITORS = membersWithRole(['admin', 'office'], LEDGER_EDITORS_ONLY);

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
  describeConflict(error) {
    const { message, constraint } = (error ?? {}) as { message?: unknown; constraint?: unknown };
    // SQLite names the columns, PostgreSQL the index.
    return /trolley_movements_run_stop|trolley_movements\.run/.test(`${String(message)} ${String(constraint)}`)
      ? { stop: STOP_BOOKED }
      : null;
  },
  async restoreConflict(row, store) {
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
