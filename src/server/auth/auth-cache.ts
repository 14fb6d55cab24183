import type { FastifyInstance } from 'fastify';
import type { UsersTable } from '../db/schema';
import type { EventBus } from '../realtime/event-bus';
import type { UsersRepository } from '../users/users-repository';
import { peekToken } from './tokens';
import type { TokenService } from './token-service';

export interface AuthCacheOptions {
  /** How long a user's row is trusted without re-reading it (changes no event told us about). */
  userTtlMs?: number;
  maxTokens?: number;
  now?: () => number;
}

interface VerifiedToken {
  userId: string;
  /** The user's token key when the signature was checked; a rotated key kills the token. */
  tokenKey: string;
  expiresAt: number;
}

/** The token of an Authorization header: the SDK sends it bare, others as `Bearer <token>`. */
export function tokenOf(header: string | string[] | undefined): string {
  return typeof header === 'string' ? header.replace(/^Bearer\s+/i, '') : '';
}

/**
 * Who is calling, cheaply: a token whose signature was checked once is remembered (token -> user
 * id, token key, expiry), and each request still compares the user's current token key, read from
 * a small users cache. That cache forgets a user on every committed change to `users` (the event
 * bus, all instances), on every write request to the users, auth or team routes of this instance
 * (a password reset rotates the key, an admin changes a role), and after `userTtlMs` at the latest (the operator CLI writing
 * from another process).
 */
export class AuthCache {
  private readonly verified = new Map<string, VerifiedToken>();
  private readonly users = new Map<string, { row: UsersTable; at: number }>();
  private readonly userTtlMs: number;
  private readonly maxTokens: number;
  private readonly now: () => number;

  constructor(
    private readonly tokens: TokenService,
    private readonly usersRepository: UsersRepository,
    options: AuthCacheOptions = {},
  ) {
    this.userTtlMs = options.userTtlMs ?? 5000;
    this.maxTokens = options.maxTokens ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** Forget users whenever they may have changed. */
  install(app: FastifyInstance, events: EventBus): void {
    events.subscribe((change) => {
      if (change.collection === 'users') this.users.delete(String(change.record.id));
    });
    app.addHook('onSend', (request, _reply, payload, done) => {
      // The users and auth routes, and the team's own (roles, disabling, temporary passwords: docs/decisions/035).
      if (request.method !== 'GET' && (request.url.startsWith('/api/collections/users/') || request.url.startsWith('/api/trolleyboard/')))
        this.users.clear();
      done(null, payload);
    });
  }

  private async user(id: string): Promise<UsersTable | null> {
    const cached = this.users.get(id);
    if (cached && this.now() - cached.at < this.userTtlMs) return cached.row;
    const row = await this.usersRepository.findById(id);
    if (!row) {
      this.users.delete(id);
      return null;
    }
    if (this.users.size >= this.maxTokens) this.users.clear();
    this.users.set(id, { row, at: this.now() });
    return row;
  }

  /**
   * The signed-in user of a token when that is known without waiting: its signature checked
   * before, not expired, and the user's row fresh in the cache with the same token key and not
   * disabled. Undefined otherwise (a visitor included): then only `userOf` may decide. The
   * fast path for cached lists (list-fast-path.ts) answers only callers known this way.
   */
  knownUser(token: string): UsersTable | undefined {
    const known = this.verified.get(token);
    if (!known || known.expiresAt <= this.now()) return undefined;
    const cached = this.users.get(known.userId);
    if (!cached || this.now() - cached.at >= this.userTtlMs) return undefined;
    const user = cached.row;
    return user.tokenKey === known.tokenKey && !user.disabled ? user : undefined;
  }

  /** The user an auth token belongs to, or null (a visitor); a disabled account is nobody's (docs/decisions/035). */
  async userOf(token: string): Promise<UsersTable | null> {
    const user = await this.signedIn(token);
    return user && !user.disabled ? user : null;
  }

  private async signedIn(token: string): Promise<UsersTable | null> {
    if (token === '') return null;
    const known = this.verified.get(token);
    if (known && known.expiresAt > this.now()) {
      const user = await this.user(known.userId);
      if (user && user.tokenKey === known.tokenKey) return user;
    }
    this.verified.delete(token);
    const user = await this.tokens.userOf(token, 'auth');
    const exp = (peekToken(token) as { exp?: unknown } | null)?.exp;
    if (user && typeof exp === 'number') {
      if (this.verified.size >= this.maxTokens) this.verified.clear();
      this.verified.set(token, { userId: user.id, tokenKey: user.tokenKey, expiresAt: exp * 1000 });
      this.users.set(user.id, { row: user, at: this.now() });
    }
    return user;
  }
}
