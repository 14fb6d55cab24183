import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface ThrottleCount {
  /** Hits in the current window, this one included. */
  count: number;
  /** When the window ends, ms since the epoch. */
  resetsAt: number;
}

/**
 * Fixed-window counters in the `throttles` table, shared by every instance on one database (docs/decisions/028).
 * A hit is one atomic upsert (the same SQL on SQLite and PostgreSQL), so two instances counting the
 * same key at once never lose a hit.
 */
export class Throttles {
  private hits = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one hit on `key`; a window that ended starts again at 1. */
  async hit(key: string, windowMs: number): Promise<ThrottleCount> {
    const now = this.now();
    const result = await sql<{ count: number | string; resetsAt: number | string }>`
      INSERT INTO throttles (key, count, "resetsAt") VALUES (${key}, 1, ${now + windowMs})
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN throttles."resetsAt" <= ${now} THEN 1 ELSE throttles.count + 1 END,
        "resetsAt" = CASE WHEN throttles."resetsAt" <= ${now} THEN excluded."resetsAt" ELSE throttles."resetsAt" END
      RETURNING count, "resetsAt"`.execute(this.db);
    if (++this.hits % 200 === 0) await this.sweep(now);
    const row = result.rows[0];
    return { count: Number(row?.count ?? 1), resetsAt: Number(row?.resetsAt ?? now + windowMs) };
  }

  /** Hits on `key` in its current window (0 when none or the window ended). */
  async count(key: string): Promise<number> {
    const row = await this.db
      .selectFrom('throttles')
      .select('count')
      .where('key', '=', key)
      .where('resetsAt', '>', this.now())
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  /** Gives back one hit (a request that was counted up front and turned out not to count). */
  async refund(key: string): Promise<void> {
    await this.db
      .updateTable('throttles')
      .set({ count: sql`count - 1` })
      .where('key', '=', key)
      .where('count', '>', 0)
      .execute();
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('throttles').where('key', '=', key).execute();
  }

  /** Clears every key starting with `prefix` (which must not contain LIKE wildcards). */
  async clearPrefix(prefix: string): Promise<void> {
    if (/[%_\\]/.test(prefix)) throw new Error(`throttle prefix must not contain LIKE wildcards: ${prefix}`);
    await this.db.deleteFrom('throttles').where('key', 'like', `${prefix}%`).execute();
  }

  private async sweep(now: number): Promise<void> {
    await this.db.deleteFrom('throttles').where('resetsAt', '<=', now).execute();
  }
}
