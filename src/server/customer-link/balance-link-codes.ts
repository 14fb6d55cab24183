import { createHmac } from 'node:crypto';

/**
 * A balance link's secret is derived from TOKEN_SECRET and the link's id (HMAC-SHA-256, 256 bits,
 * as the driver's QR secret), so the database stores only its hash yet the office can be shown
 * the address again, and each mail carries the same link (docs/decisions/078). A purpose of its
 * own keeps it apart from a driver's link of the same id. Changing TOKEN_SECRET ends every link.
 */
export function balanceLinkSecret(tokenSecret: string, linkId: string): string {
  return createHmac('sha256', tokenSecret).update(`balance-link|secret|${linkId}`).digest('base64url');
}
