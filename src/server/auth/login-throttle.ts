import { createHash } from 'node:crypto';
import { ApiError } from '../errors';
import type { Throttles } from './throttles';

const MAX_FAILURES = 10;
const WINDOW_MS = 15 * 60 * 1000;

/**
 * Failed logins per (address, account): password guessing is slowed, while a yard full of
 * tablets behind one address keeps working for every other account (docs/decisions/005), and the account's owner
 * can lift the lock with a password reset. Kept in the database, so every instance sees it (docs/decisions/028).
 */
export class LoginThrottle {
  constructor(private readonly throttles: Throttles) {}

  /**
   * The throttle key of one account (by id, so its username and e-mail share one budget) or, for
   * a name with no account, of that name (hashed: the key length stays bounded).
   */
  private key(ip: string, userId: string | null, identity: string): string {
    const who = userId ? `user:${userId}` : `name:${createHash('sha256').update(identity.trim().toLowerCase()).digest('hex').slice(0, 32)}`;
    return `login|${who}|${ip}`;
  }

  /** Throws 429 when this address spent its failures on this account. */
  async assertOpen(ip: string, userId: string | null, identity: string): Promise<void> {
    if ((await this.throttles.count(this.key(ip, userId, identity))) >= MAX_FAILURES)
      throw new ApiError(429, 'Too many failed login attempts. Please wait 15 minutes and try again, or reset your password.');
  }

  async recordFailure(ip: string, userId: string | null, identity: string): Promise<void> {
    await this.throttles.hit(this.key(ip, userId, identity), WINDOW_MS);
  }

  async recordSuccess(ip: string, userId: string): Promise<void> {
    await this.throttles.clear(this.key(ip, userId, ''));
  }

  /** A successful password reset proves the owner: every address's lock on the account goes. */
  async clearAccount(userId: string): Promise<void> {
    await this.throttles.clearPrefix(`login|user:${userId}|`);
  }
}
