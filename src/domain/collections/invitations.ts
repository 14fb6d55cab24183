// Invitations (collection `invitations`): an admin invites an e-mail address into their nursery
// with a role; the mailed link's token works once, for seven days, unless withdrawn
// (docs/decisions/035).

import { ROLES } from '../vocabulary/role';
import { bool, date, defineCollection, relation, select, text, type RecordOf } from './fields';
import { roleLabel } from './users';

/**
 * A nursery's invitations, seen and made by its admins only. The token itself is never stored or
 * shown: the mail carries it, the table holds its hash. `expires`, `used` and `usedBy` are set by
 * the server; an admin withdraws one by setting `revoked`.
 */
export const invitations = defineCollection({
  name: 'invitations',
  id: 'pbc_invitations_01',
  noun: 'invitation',
  fields: {
    nursery: relation('nurseries', { settable: 'always', stamp: 'create', stampWith: 'nursery', default: '' }),
    email: text({ label: 'Email', settable: 'create', required: true, max: 254 }),
    role: select(ROLES, { label: 'Role', settable: 'create', default: 'staff', optionLabel: roleLabel }),
    /** The admin who sent it. */
    invitedBy: relation('users', { settable: 'always', stamp: 'create', default: '' }),
    expires: date({ settable: 'never', default: '' }),
    /** The SHA-256 of the mailed token, in hex: a stolen database holds no working link. */
    tokenHash: text({ settable: 'never', hidden: true, default: '' }),
    /** When someone joined with it ('' while unused), and who. */
    used: date({ settable: 'never', default: '' }),
    usedBy: relation('users', { settable: 'never', default: '' }),
    revoked: bool({
      label: 'Withdrawn',
      settable: 'update',
      default: false,
    }),
  },
  indexes: [
    // The link's lookup; one token, one invitation.
    { name: 'invitations_token', on: ['tokenHash'], unique: true },
    // A nursery's invitations, newest first (the Team page).
    { name: 'invitations_nursery', on: ['nursery', 'created'] },
  ],
  // Withdrawing is for good, and only of an invitation nobody used.
  refine(value, errors, { mode, existing }) {
    if (mode !== 'update' || !existing || value.revoked === undefined || value.revoked === existing.revoked) return;
    if (existing.revoked === true)
      errors.revoked = { code: 'validation_invalid_value', message: 'A withdrawn invitation stays withdrawn. Send a new one instead.' };
    else if (existing.used !== '')
      errors.revoked = { code: 'validation_invalid_value', message: 'This invitation has already been used, so it cannot be withdrawn.' };
  },
});

/** An invitation to a nursery (collection `invitations`, docs/decisions/035). */
export type InvitationRecord = RecordOf<typeof invitations>;
