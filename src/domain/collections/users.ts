// Accounts (collection `users`, PocketBase's auth collection). Sign-up, renames, password changes
// and the terms agreement have rules of their own (accounts/validate-signup.ts, accounts/terms.ts),
// which the server's users collection applies; this declaration says what is stored and shown.

import { readTermsAgreementChange } from '../accounts/terms';
import { labelOf } from '../vocabulary/label-of';
import { ROLE_TABLE, ROLES } from '../vocabulary/role';
import { bool, date, defineCollection, json, password, relation, select, text, type RecordOf } from './fields';

export const USERS_COLLECTION_ID = '_pb_users_auth_';

/** How staff read each role (its row of vocabulary/role.ts); anything else as it is. */
export function roleLabel(role: string): string {
  return labelOf(ROLE_TABLE, role) ?? role;
}

/**
 * Accounts. Anyone may sign up (a new nursery, of which they are the admin); a user updates only
 * their own record and sees their teammates' (not their e-mail addresses, unless an admin), and
 * can never set `verified` (only the mailed link does), their nursery or role, or change their
 * e-mail address here.
 */
export const users = defineCollection({
  name: 'users',
  id: USERS_COLLECTION_ID,
  noun: 'account details',
  fields: {
    // What teammates see of each other where a record says who added or changed it.
    username: text({ label: 'Username', settable: 'always', required: true, max: 50, presentable: true }),
    /** The name teammates see next to what this person did ('' shows the username). */
    name: text({ label: 'Name', settable: 'always', max: 100, default: '', presentable: true }),
    /** Always stored lower-case; chosen once, at sign-up. */
    // Shown to its owner and the admins of their nursery only (the users collection's field rule),
    // so never a filter or a sort, which would reveal it to others.
    email: text({
      label: 'Email',
      settable: 'create',
      required: true,
      max: 254,
      filter: false,
      refusal: { code: 'validation_forbidden', message: 'Your email address cannot be changed here. Please contact support.' },
    }),
    emailVisibility: bool({ settable: 'always', default: false, filter: false }),
    verified: bool({
      settable: 'never',
      default: false,
      refusal: { code: 'validation_forbidden', message: 'Your email is verified through the link we send you.' },
    }),
    password: password({ label: 'Password', settable: 'always', hidden: true, column: 'passwordHash' }),
    /** Part of every token's signing key; changing it signs out every earlier session. */
    tokenKey: text({ settable: 'never', hidden: true }),
    /** The consent record: '' (shown as null) until the user answers. */
    termsAgreement: json(readTermsAgreementChange, { settable: 'always', default: null, filter: false }),
    /** The nursery this person belongs to: set at sign-up (a new one) or by an invitation. */
    nursery: relation('nurseries', {
      settable: 'never',
      default: '',
      refusal: { code: 'validation_forbidden', message: 'Your nursery is chosen when you sign up or accept an invitation.' },
    }),
    role: select(ROLES, {
      label: 'Role',
      settable: 'never',
      default: 'viewer',
      optionLabel: roleLabel,
      refusal: { code: 'validation_forbidden', message: 'Roles are given by an admin of your nursery.' },
    }),
    /** Set by an admin of the nursery: a disabled person cannot sign in. */
    disabled: bool({
      settable: 'never',
      default: false,
      refusal: { code: 'validation_forbidden', message: 'Only an admin of your nursery can disable or enable an account.' },
    }),
    /** Set when an admin gave a temporary password: the person chooses their own at the next sign-in. */
    mustChangePassword: bool({ settable: 'never', default: false }),
    /**
     * When the person last signed in with their password ('' never; the Team page). Shown to them
     * and their nursery's admins only, so never a filter or a sort (docs/decisions/035).
     */
    lastSignIn: date({ settable: 'never', default: '', filter: false }),
  },
  // Sign-up only: the name of the new nursery, or the invitation that joins an existing one.
  bodyOnly: { passwordConfirm: 'always', oldPassword: 'update', nurseryName: 'create', invite: 'create' },
  indexes: [
    // Usernames are unique in any letter case, so "Ann" cannot sign up next to "ann".
    { name: 'users_username_unique', on: ['lower(username)'], unique: true },
    // Addresses are unique; yard accounts have none, and several may (docs/decisions/035).
    { name: 'users_email_unique', on: ['email'], unique: true, where: "email != ''" },
    // A nursery's people (the Team page, teammates' names).
    { name: 'users_nursery', on: ['nursery'] },
  ],
});

/** An account (collection `users`): what the API shows of it. */
export type UserRecord = RecordOf<typeof users>;
