// The Team page's server data (docs/decisions/035): the nursery's people through the records API
// (their list rule shows teammates; e-mail addresses and last sign-ins to admins only), its
// invitations as records, and what the records API cannot say as the team's own routes. Kept in
// the screen's folder, not lib/: only this screen reads it, and lib/ travels in the board's file.
import { queryOptions } from '@tanstack/react-query';
import { TEAM_API } from '#domain/accounts/invitations';
import type { UserRecord } from '#domain/records';
import { pb } from '../../lib/pb';
import { queryClient } from '../../lib/query-client';
import { teamKeys } from '../../lib/query-keys';

/** An invitation as admins see it: to whom, with which role, until when; used or withdrawn. */
export interface InvitationRecord {
  id: string;
  email: string;
  role: string;
  expires: string;
  used: string;
  revoked: boolean;
  created: string;
}

export const membersQuery = () =>
  queryOptions({
    queryKey: teamKeys.members(),
    queryFn: () => pb.collection('users').getFullList<UserRecord>({ sort: 'username' }),
  });

/** Invitations still waiting: not used and not withdrawn (expired ones show as expired). */
export const invitationsQuery = () =>
  queryOptions({
    queryKey: teamKeys.invitations(),
    queryFn: () => pb.collection('invitations').getFullList<InvitationRecord>({ filter: 'used = "" && revoked = false', sort: '-created' }),
  });

/** After any change the page's lists are read again: they are short, and the server's copy is the one that counts. */
function refetchTeam(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: teamKeys.all });
}

async function andRefetch<T>(request: Promise<T>): Promise<T> {
  const answer = await request;
  await refetchTeam();
  return answer;
}

/** Sends an invitation mail (the server makes the token and the link). */
export function invite(email: string, role: string): Promise<InvitationRecord> {
  return andRefetch(pb.collection('invitations').create<InvitationRecord>({ email: email.trim(), role }));
}

export function withdrawInvitation(id: string): Promise<InvitationRecord> {
  return andRefetch(pb.collection('invitations').update<InvitationRecord>(id, { revoked: true }));
}

export interface YardAccountFields {
  username: string;
  name: string;
  role: string;
  password: string;
  passwordConfirm: string;
}

/** An account with a username and password and no e-mail address, in the admin's nursery. */
export function createYardAccount(fields: YardAccountFields): Promise<UserRecord> {
  return andRefetch(pb.send<UserRecord>(TEAM_API.yardAccounts, { method: 'POST', body: fields }));
}

/** A new role, or disabling / enabling (a disabled person is signed out everywhere at once). */
export function changeMember(id: string, change: { role: string } | { disabled: boolean }): Promise<UserRecord> {
  return andRefetch(pb.send<UserRecord>(TEAM_API.member(id), { method: 'PATCH', body: change }));
}

/** A password the person must replace at their next sign-in; their sessions end now. */
export function setTemporaryPassword(id: string, password: string, passwordConfirm: string): Promise<UserRecord> {
  return andRefetch(pb.send<UserRecord>(TEAM_API.temporaryPassword(id), { method: 'POST', body: { password, passwordConfirm } }));
}

/** Takes the person out of the nursery (a yard account is deleted). */
export function removeMember(id: string): Promise<void> {
  return andRefetch(pb.send<void>(TEAM_API.member(id), { method: 'DELETE' }));
}
