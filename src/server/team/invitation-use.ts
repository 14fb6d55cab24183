import { invitationRefusal, invitationState } from '#domain/accounts/invitations';
import { ROLES, type Role } from '#domain/records';
import { ApiError } from '../errors';
import { formatTimestamp } from '../records/ids';
import type { WriteBatch } from '../records/record-service';
import type { RecordStore, Row } from '../records/record-store';
import { invitationTokenHash } from './invitation-tokens';

/** 400 with the invitation's sentence, as the message and on `invite` (the sign-up field). */
export function invitationRefused(message: string): ApiError {
  return new ApiError(400, message, { invite: { code: 'validation_invalid_invite', message } });
}

/** What a sign-up or an acceptance takes from an invitation that may be used. */
export interface OpenInvitation {
  id: string;
  nursery: string;
  email: string;
  role: Role;
  invitedBy: string;
  expires: string;
}

/**
 * The invitation a token opens, if it may be used at `now`; else the 400 that says why not (used,
 * expired, withdrawn, or no such invitation). Tokens are looked up by their hash only.
 */
export async function openInvitation(store: RecordStore, token: string, now: Date): Promise<OpenInvitation> {
  const row = token === '' || token.length > 200 ? undefined : await store.findOne('invitations', 'tokenHash', invitationTokenHash(token));
  if (!row) throw invitationRefused(invitationRefusal('unknown'));
  const state = invitationState({ used: String(row.used), revoked: Boolean(row.revoked), expires: String(row.expires) }, now);
  if (state !== 'open') throw invitationRefused(invitationRefusal(state));
  const role = ROLES.find((r) => r === row.role) ?? 'viewer';
  return {
    id: String(row.id),
    nursery: String(row.nursery),
    email: String(row.email),
    role,
    invitedBy: String(row.invitedBy),
    expires: String(row.expires),
  };
}

/**
 * Marks the invitation used by `userId`, within `batch`, only if nobody used or withdrew it
 * meanwhile (read again inside the transaction, written compare-and-set): of two people using one
 * link at once, one joins and the other is told it was used.
 */
export async function useInvitation(batch: WriteBatch, invitationId: string, userId: string, now: Date): Promise<void> {
  const stored: Row | undefined = await batch.store.findById('invitations', invitationId);
  if (!stored || String(stored.used) !== '') throw invitationRefused(invitationRefusal('used'));
  if (stored.revoked) throw invitationRefused(invitationRefusal('revoked'));
  await batch.update('invitations', stored, { used: formatTimestamp(now), usedBy: userId });
}
