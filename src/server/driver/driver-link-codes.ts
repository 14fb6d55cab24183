import { SHORT_CODE_ALPHABET, SHORT_CODE_LENGTH } from '#domain/driver/driver-link';
import { linkMac, linkSecret } from '../scoped-links/scoped-link-codes';

/**
 * A driver's link's short code and QR secret, derived as every scoped link's secret is, so the run
 * sheet printed later carries the same QR code (docs/decisions/044).
 */
export function linkCredentials(tokenSecret: string, linkId: string): { code: string; secret: string } {
  const codeBytes = linkMac(tokenSecret, 'driver-link', 'code', linkId);
  let code = '';
  // A byte modulo 31 favours the first 8 letters by 1/256: a negligible dent in 31^8 codes.
  for (let i = 0; i < SHORT_CODE_LENGTH; i++) code += SHORT_CODE_ALPHABET[codeBytes[i]! % SHORT_CODE_ALPHABET.length];
  return { code, secret: linkSecret(tokenSecret, 'driver-link', linkId) };
}
