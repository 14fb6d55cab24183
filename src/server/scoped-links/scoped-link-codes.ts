import { createHash, createHmac } from 'node:crypto';

/** Whose links: a purpose of its own keeps a driver's and a customer's link of one id apart. */
export type LinkPurpose = 'driver-link' | 'balance-link';

/**
 * A link's credentials are derived from TOKEN_SECRET and the link's id (HMAC-SHA-256), so the
 * database stores only their hashes yet the office can be shown them again, and a run sheet or
 * mail made later carries the same link (docs/decisions/044, 078). Changing TOKEN_SECRET makes
 * every link stop working, as it ends every sign-in.
 */
export function linkMac(tokenSecret: string, purpose: LinkPurpose, part: 'code' | 'secret', linkId: string): Buffer {
  return createHmac('sha256', tokenSecret).update(`${purpose}|${part}|${linkId}`).digest();
}

/** The secret a link's address carries (256 bits). */
export function linkSecret(tokenSecret: string, purpose: LinkPurpose, linkId: string): string {
  return linkMac(tokenSecret, purpose, 'secret', linkId).toString('base64url');
}

/** What is stored and looked up instead of a code or secret. */
export function credentialHash(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
