import type { UsersTable } from '../db/schema';
import type { UsersRepository } from '../users/users-repository';
import { USERS_COLLECTION_ID } from '#domain/collections/users';
import { peekToken, signingKey, signToken, verifyToken, type TokenType } from './tokens';

/** Issues and checks the three kinds of user token against the user's current row. */
export class TokenService {
  constructor(
    private readonly users: UsersRepository,
    private readonly secret: string,
  ) {}

  private keyFor(type: TokenType, user: UsersTable): Uint8Array {
    // A file token dies with the user's sign-ins (the token key rotates on a password reset).
    if (type === 'auth' || type === 'file') return signingKey(this.secret, type, [user.tokenKey]);
    if (type === 'verification') return signingKey(this.secret, type, [user.tokenKey, user.email]);
    return signingKey(this.secret, type, [user.tokenKey, user.passwordHash]);
  }

  issue(type: TokenType, user: UsersTable, ttlSeconds: number): Promise<string> {
    const payload =
      type === 'auth'
        ? { id: user.id, collectionId: USERS_COLLECTION_ID, type, refreshable: true }
        : type === 'file'
          ? { id: user.id, collectionId: USERS_COLLECTION_ID, type }
          : { id: user.id, collectionId: USERS_COLLECTION_ID, type, email: user.email };
    return signToken(payload, this.keyFor(type, user), ttlSeconds);
  }

  /** The user a token belongs to, if its signature, kind and expiry hold against the user as stored now. */
  async userOf(token: unknown, type: TokenType): Promise<UsersTable | null> {
    if (typeof token !== 'string' || token === '') return null;
    const claims = peekToken(token);
    if (!claims?.id || claims.type !== type || claims.collectionId !== USERS_COLLECTION_ID) return null;
    const user = await this.users.findById(claims.id);
    if (!user) return null;
    return (await verifyToken(token, this.keyFor(type, user), type)) ? user : null;
  }
}
