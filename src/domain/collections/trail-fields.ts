// Who added and who last changed a record, on every collection with a trail (docs/decisions/034):
// set by the server from the caller, never from a body; empty for the operator's own writes
// (the command line), whose history names "operator (CLI)" instead.

import { relation } from './fields';

const SET_BY_SERVER = {
  code: 'validation_forbidden',
  message: 'The server records who added and changed a record; it cannot be set here.',
} as const;

/** The person who added the record; '' for records the operator added, or made before it was kept. */
export const createdBy = relation('users', {
  settable: 'never',
  stamp: 'create',
  default: '',
  expandAs: 'presentable',
  refusal: SET_BY_SERVER,
});

/** The person who changed (or restored) the record last; '' until someone does, or when the operator did. */
export const updatedBy = relation('users', {
  settable: 'never',
  stamp: 'write',
  default: '',
  expandAs: 'presentable',
  refusal: SET_BY_SERVER,
});
