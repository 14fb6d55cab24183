import { createHash, createHmac } from 'node:crypto';
import { SHORT_CODE_ALPHABET, SHORT_CODE_LENGTH } from '#domain/driver/driver-link';

/**
 * A link's short code and QR secret are derived from TOKEN_SECRET and the link's id (HMAC), so
 * the database stores only their hashes yet office staff can be shown them again, and the run
 * sheet printed later carries the same QR code (docs/decisions/044). Changing TOKEN_SECRET makes
 * every driver's link stop working, as it ends every sign-in.
 */
export function linkCredentials(tokenSecret: string, linkId: string): { code: string; secret: string } {
  const mac = (purpose: string) => createHmac('sha256', tokenSecret).update(`driver-link|${purpose}|${linkId}`).digest();
  const codeBytes = mac('code');
  let code = '';
  // A byte modulo 31 favours the first 8 letters by 1/256: a negligible dent in 31^8 codes.
  for (let i = 0; i < SHORT_CODE_LENGTH; i++) code += SHORT_CODE_ALPHABET[codeBytes[i]! % SHORT_CODE_ALPHABET.length];
  return { code, secret: mac('secret').toString('base64url') };
}

/** What is stored and looked up instead of a code or secret. */
export function credentialHash(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
