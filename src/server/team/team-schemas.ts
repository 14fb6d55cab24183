import type { Static } from '@sinclair/typebox';
import { bodyOf, Given, paramsOf } from '../plugins/route-schemas';

export const TokenParams = paramsOf('token');
export const MemberParams = paramsOf('id');

// Each value is read by the validators every account form uses, with their sentences (docs/decisions/035).

export const YardAccountBody = bodyOf(
  { username: Given, name: Given, role: Given, password: Given, passwordConfirm: Given },
  'A yard account: a username and password, no e-mail',
);
export type YardAccountBody = Static<typeof YardAccountBody>;

/** Either a new role or whether the account is disabled, not both. */
export const MemberChangeBody = bodyOf({ role: Given, disabled: Given }, 'A new role, or whether the account is disabled');
export type MemberChangeBody = Static<typeof MemberChangeBody>;

export const TemporaryPasswordBody = bodyOf({ password: Given, passwordConfirm: Given }, 'A temporary password, twice');
export type TemporaryPasswordBody = Static<typeof TemporaryPasswordBody>;
