import { createHash, randomBytes } from 'node:crypto';

/** The token of an invitation's link: 32 random bytes, URL-safe. Only the mail ever holds it. */
export function newInvitationToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token (SHA-256, hex): enough to find the invitation, useless as a link. */
export function invitationTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
