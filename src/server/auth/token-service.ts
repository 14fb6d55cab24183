import type { UsersTable } from '../db/schema';
import type { UsersRepository } from '../users/users-repository';
import { USERS_COLLECTION_ID } from '#domain/collections/users';
import { peekToken, signingKey, signToken, verifyToken, type TokenPayload, type TokenType } from './tokens';

/** Issues and checks the kinds of user token against the user's current row. */
export class TokenService {
  constructor(
    private readonly users: UsersRepository,
    private readonly secret: string,
  ) {}

  private keyFor(type: TokenType, user: UsersTable): Uint8Array {
    // A file token dies with the user's sign-ins (the token key rotates on a password reset).
    if (type === 'auth' || type === 'file') return signingKey(this.secret, type, [user.tokenKey]);
    // An e-mail change link dies once the account has an address (it works once).
    if (type === 'verification' || type === 'emailChange') return signingKey(this.secret, type, [user.tokenKey, user.email]);
    return signingKey(this.secret, type, [user.tokenKey, user.passwordHash]);
  }

  /** `newEmail`: the address an `emailChange` token adds (signed with it, so it can be trusted once verified). */
  issue(type: TokenType, user: UsersTable, ttlSeconds: number, newEmail?: string): Promise<string> {
    const payload =
      type === 'auth'
        ? { id: user.id, collectionId: USERS_COLLECTION_ID, type, refreshable: true }
        : type === 'file'
          ? { id: user.id, collectionId: USERS_COLLECTION_ID, type }
          : { id: user.id, collectionId: USERS_COLLECTION_ID, type, email: user.email, ...(newEmail === undefined ? {} : { newEmail }) };
    return signToken(payload, this.keyFor(type, user), ttlSeconds);
  }

  /** The user a token belongs to, if its signature, kind and expiry hold against the user as stored now. */
  async userOf(token: unknown, type: TokenType): Promise<UsersTable | null> {
    return (await this.claimsOf(token, type))?.user ?? null;
  }

  /** As userOf, with the token's verified claims. */
  async claimsOf(token: unknown, type: TokenType): Promise<{ user: UsersTable; claims: TokenPayload } | null> {
    if (typeof token !== 'string' || token === '') return null;
    const peeked = peekToken(token);
    if (!peeked?.id || peeked.type !== type || peeked.collectionId !== USERS_COLLECTION_ID) return null;
    const user = await this.users.findById(peeked.id);
    if (!user) return null;
    const claims = await verifyToken(token, this.keyFor(type, user), type);
    return claims ? { user, claims } : null;
  }
}
