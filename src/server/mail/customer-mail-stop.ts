import { createHmac, timingSafeEqual } from 'node:crypto';
import { isCustomerMailKind, type CustomerMailKind } from '#domain/customers/customer-mail';

// The one-click stop of customer mail (docs/decisions/077): a link signed with the server's token
// secret, naming one contact and one kind of mail, so nobody can stop another address's mail by
// guessing. It does not expire: a stop link in an old mail must still work.

/** Where a stop link points: GET shows a page with one button, POST stops the mail. */
export const CUSTOMER_MAIL_STOP_PATH = '/api/customer-mail/stop/';

const ID = /^[a-z0-9]{15}$/;

function signatureOf(secret: string, contact: string, kind: CustomerMailKind): string {
  return createHmac('sha256', secret).update(`customer-mail-stop|${contact}|${kind}`).digest('base64url').slice(0, 32);
}

/** The token of a contact's stop link for one kind of mail. */
export function stopToken(secret: string, contact: string, kind: CustomerMailKind): string {
  return `${contact}.${kind}.${signatureOf(secret, contact, kind)}`;
}

/** The full address of a stop link. */
export function stopUrl(appUrl: string, secret: string, contact: string, kind: CustomerMailKind): string {
  return `${appUrl}${CUSTOMER_MAIL_STOP_PATH}${stopToken(secret, contact, kind)}`;
}

/** The contact and kind a token names when its signature is the server's; null otherwise. */
export function readStopToken(secret: string, token: string): { contact: string; kind: CustomerMailKind } | null {
  const [contact, kind, signature, ...rest] = token.split('.');
  if (rest.length > 0 || contact === undefined || signature === undefined || !ID.test(contact) || !isCustomerMailKind(kind)) return null;
  const expected = Buffer.from(signatureOf(secret, contact, kind));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { contact, kind };
}
