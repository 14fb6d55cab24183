import { decodeJwt, jwtVerify, SignJWT } from 'jose';

/**
 * `file`: PocketBase's short-lived token for protected files (`?token=`, docs/decisions/043);
 * `emailChange`: the mailed link that adds an address to an account without one (docs/decisions/056).
 */
export type TokenType = 'auth' | 'verification' | 'passwordReset' | 'file' | 'emailChange';

export interface TokenPayload {
  id: string;
  collectionId: string;
  type: TokenType;
  email?: string;
  /** The address an `emailChange` token adds. */
  newEmail?: string;
  refreshable?: boolean;
}

const encoder = new TextEncoder();

/**
 * Signing key of one user's tokens of one kind. Auth tokens include the user's token key (rotated
 * on password reset, so earlier tokens die); verification tokens include the e-mail; reset tokens
 * include the password hash, so a reset link works once.
 */
export function signingKey(secret: string, type: TokenType, parts: string[]): Uint8Array {
  return encoder.encode([secret, type, ...parts].join('|'));
}

export function signToken(payload: TokenPayload, key: Uint8Array, ttlSeconds: number): Promise<string> {
  return new SignJWT({ ...payload })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(key);
}

/** Reads the claims without trusting them, to find whose key verifies the token. */
export function peekToken(token: string): Partial<TokenPayload> | null {
  try {
    const claims = decodeJwt(token);
    return typeof claims.id === 'string' && typeof claims.type === 'string' ? (claims as Partial<TokenPayload>) : null;
  } catch {
    return null;
  }
}

export async function verifyToken(token: string, key: Uint8Array, type: TokenType): Promise<TokenPayload | null> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    return payload.type === type ? (payload as unknown as TokenPayload) : null;
  } catch {
    return null;
  }
}
