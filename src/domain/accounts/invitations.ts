// Invitations to join a nursery (docs/decisions/035): an admin invites an e-mail address with a
// role; the mailed link holds a token that works once, for seven days, unless an admin withdraws it.

/** How long an invitation's link works. */
export const INVITATION_DAYS = 7;

/** Where an invitation stands: only an `open` one lets someone join. */
export type InvitationState = 'open' | 'used' | 'expired' | 'revoked';

/** What of a stored invitation decides its state (timestamps in PocketBase's form, '' for none). */
export interface InvitationStatusFields {
  /** When it was used to join ('' while unused). */
  used: string;
  revoked: boolean;
  expires: string;
}

/** PocketBase's timestamp form (`2026-03-02 08:00:00.000Z`) or an ISO date-time, as a time in ms; NaN when unreadable. */
export function timestampMs(stamp: string): number {
  return Date.parse(stamp.includes('T') ? stamp : stamp.replace(' ', 'T'));
}

/** When an invitation made at `now` stops working. */
export function invitationExpiry(now: Date): Date {
  return new Date(now.getTime() + INVITATION_DAYS * 24 * 3600 * 1000);
}

/**
 * The state of an invitation at `now`. A withdrawn one is `revoked` whatever else holds, then a
 * used one `used`; an unreadable expiry counts as expired (never as open).
 */
export function invitationState(invitation: InvitationStatusFields, now: Date): InvitationState {
  if (invitation.revoked) return 'revoked';
  if (invitation.used !== '') return 'used';
  const expires = timestampMs(invitation.expires);
  if (!Number.isFinite(expires) || now.getTime() >= expires) return 'expired';
  return 'open';
}

/** Every refusal says what happened and what to do: ask an admin for a new invitation. */
const ASK_AGAIN = 'Ask an admin of the nursery to invite you again.';

/** The sentence for a link that cannot be used (`unknown`: no invitation has this token). */
export function invitationRefusal(state: Exclude<InvitationState, 'open'> | 'unknown'): string {
  switch (state) {
    case 'used':
      return 'This invitation has already been used. Sign in with the account that accepted it, or ask an admin of the nursery for a new invitation.';
    case 'expired':
      return `This invitation has expired (a link works for ${INVITATION_DAYS} days). ${ASK_AGAIN}`;
    case 'revoked':
      return `This invitation was withdrawn by an admin of the nursery. ${ASK_AGAIN}`;
    case 'unknown':
      return `This invitation link is not valid: check that the whole link was copied from the e-mail. ${ASK_AGAIN}`;
  }
}

/**
 * What the invitation's link shows before anyone signs up or accepts
 * (GET /api/trolleyboard/invitations/{token}): which nursery, for which address and role, from whom.
 */
export interface InvitationPreview {
  nurseryName: string;
  email: string;
  role: string;
  /** Who invited them, as teammates see that person (display name, else username). */
  invitedBy: string;
  /** When the link stops working (PocketBase's timestamp form). */
  expires: string;
}

/** Where the team's own routes live (those the records API cannot express, docs/decisions/035). */
export const TEAM_API = {
  invitation: (token: string) => `/api/trolleyboard/invitations/${encodeURIComponent(token)}`,
  acceptInvitation: (token: string) => `/api/trolleyboard/invitations/${encodeURIComponent(token)}/accept`,
  yardAccounts: '/api/trolleyboard/team/yard-accounts',
  member: (id: string) => `/api/trolleyboard/team/members/${encodeURIComponent(id)}`,
  temporaryPassword: (id: string) => `/api/trolleyboard/team/members/${encodeURIComponent(id)}/temporary-password`,
} as const;
