// Accounts (collection `users`, PocketBase's auth collection). Sign-up, renames, password changes
// and the terms agreement have rules of their own (accounts/validate-signup.ts, accounts/terms.ts),
// which the server's users collection applies; this declaration says what is stored and shown.

import { readTermsAgreementChange } from '../accounts/terms';
import { bool, defineCollection, json, password, text } from './fields';

export const USERS_COLLECTION_ID = '_pb_users_auth_';

/**
 * Accounts. Anyone may sign up; a user sees and updates only their own record, and can never set
 * `verified` (only the mailed link does) or change their e-mail address here.
 */
export const users = defineCollection({
  name: 'users',
  id: USERS_COLLECTION_ID,
  noun: 'account details',
  fields: {
    username: text({ label: 'Username', settable: 'always', required: true, max: 50 }),
    /** Always stored lower-case; chosen once, at sign-up. */
    email: text({
      label: 'Email',
      settable: 'create',
      required: true,
      max: 254,
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
  },
  bodyOnly: { passwordConfirm: 'always', oldPassword: 'update' },
  indexes: [
    // Usernames are unique in any letter case, so "Ann" cannot sign up next to "ann".
    { name: 'users_username_unique', on: ['lower(username)'], unique: true },
    { name: 'users_email_unique', on: ['email'], unique: true },
  ],
});
