import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { isDiskFull } from '../db/storage-errors';

export interface ThrottleCount {
  /** Hits in the current window, this one included. */
  count: number;
  /** When the window ends, ms since the epoch. */
  resetsAt: number;
}

interface ThrottleLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * Keys counted in memory at most while the disk is full; past this the oldest key is forgotten.
 * ~100 bytes a key: about 1 MB, whatever a client sends.
 */
export const MAX_KEYS_IN_MEMORY = 10_000;

/**
 * Fixed-window counters in the `throttles` table, shared by every instance on one database (docs/decisions/028).
 * A hit is one atomic upsert (the same SQL on SQLite and PostgreSQL), so two instances counting the
 * same key at once never lose a hit.
 *
 * When the disk is full a hit cannot be stored, yet a throttle must neither refuse a correct
 * sign-in nor vanish while the server is in trouble (guessing would then be unlimited). So a hit
 * the database refuses is counted in memory on this instance, on top of what the table already
 * holds, until its window ends; clearing and refunds that cannot be written are skipped. The
 * table is tried again on every hit, so it takes over as soon as there is space.
 * (docs/decisions/019-operating-faults-and-cors.md)
 */
export class Throttles {
  private hits = 0;
  /** Hits the database could not store (disk full), by key. */
  private readonly unstored = new Map<string, ThrottleCount>();
  private countingInMemory = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
    private readonly log?: ThrottleLog,
  ) {}

  /** Counts one hit on `key`; a window that ended starts again at 1. */
  async hit(key: string, windowMs: number): Promise<ThrottleCount> {
    const now = this.now();
    let row: { count: number | string; resetsAt: number | string } | undefined;
    try {
      const result = await sql<{ count: number | string; resetsAt: number | string }>`
        INSERT INTO throttles (key, count, "resetsAt") VALUES (${key}, 1, ${now + windowMs})
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN throttles."resetsAt" <= ${now} THEN 1 ELSE throttles.count + 1 END,
          "resetsAt" = CASE WHEN throttles."resetsAt" <= ${now} THEN excluded."resetsAt" ELSE throttles."resetsAt" END
        RETURNING count, "resetsAt"`.execute(this.db);
      row = result.rows[0];
    } catch (error) {
      if (!isDiskFull(error)) throw error;
      return this.hitInMemory(key, windowMs, now, error);
    }
    if (this.countingInMemory) {
      this.countingInMemory = false;
      this.log?.info({}, 'Throttles are stored in the database again (there is disk space again)');
    }
    if (++this.hits % 200 === 0) await this.sweep(now);
    const stored = { count: Number(row?.count ?? 1), resetsAt: Number(row?.resetsAt ?? now + windowMs) };
    const extra = this.inMemory(key, now);
    return extra ? { count: stored.count + extra.count, resetsAt: stored.resetsAt } : stored;
  }

  /** Hits on `key` in its current window (0 when none or the window ended). */
  async count(key: string): Promise<number> {
    return (await this.storedCount(key)) + (this.inMemory(key, this.now())?.count ?? 0);
  }

  /** The current window of `key` without counting a hit; undefined when none is open. */
  async peek(key: string): Promise<ThrottleCount | undefined> {
    const now = this.now();
    const row = await this.db
      .selectFrom('throttles')
      .select(['count', 'resetsAt'])
      .where('key', '=', key)
      .where('resetsAt', '>', now)
      .executeTakeFirst();
    const extra = this.inMemory(key, now);
    if (!row && !extra) return undefined;
    return { count: Number(row?.count ?? 0) + (extra?.count ?? 0), resetsAt: Number(row?.resetsAt ?? extra?.resetsAt) };
  }

  /** Gives back one hit (a request that was counted up front and turned out not to count). */
  async refund(key: string): Promise<void> {
    const extra = this.inMemory(key, this.now());
    if (extra && extra.count > 0) {
      extra.count--;
      return;
    }
    await this.unlessDiskFull(() =>
      this.db
        .updateTable('throttles')
        .set({ count: sql`count - 1` })
        .where('key', '=', key)
        .where('count', '>', 0)
        .execute(),
    );
  }

  async clear(key: string): Promise<void> {
    this.unstored.delete(key);
    await this.unlessDiskFull(() => this.db.deleteFrom('throttles').where('key', '=', key).execute());
  }

  /** Clears every key starting with `prefix` (which must not contain LIKE wildcards). */
  async clearPrefix(prefix: string): Promise<void> {
    if (/[%_\\]/.test(prefix)) throw new Error(`throttle prefix must not contain LIKE wildcards: ${prefix}`);
    for (const key of this.unstored.keys()) if (key.startsWith(prefix)) this.unstored.delete(key);
    await this.unlessDiskFull(() => this.db.deleteFrom('throttles').where('key', 'like', `${prefix}%`).execute());
  }

  private async storedCount(key: string): Promise<number> {
    const row = await this.db
      .selectFrom('throttles')
      .select('count')
      .where('key', '=', key)
      .where('resetsAt', '>', this.now())
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  /** The in-memory count of `key`, if its window is still open. */
  private inMemory(key: string, now: number): ThrottleCount | undefined {
    if (this.unstored.size === 0) return undefined;
    const entry = this.unstored.get(key);
    if (entry && entry.resetsAt <= now) {
      this.unstored.delete(key);
      return undefined;
    }
    return entry;
  }

  private async hitInMemory(key: string, windowMs: number, now: number, error: unknown): Promise<ThrottleCount> {
    if (!this.countingInMemory) {
      this.countingInMemory = true;
      this.log?.warn({ err: error }, 'The disk is full: throttles are counted in memory until there is space again');
    }
    let entry = this.inMemory(key, now);
    if (!entry) {
      this.makeRoom(now);
      entry = { count: 0, resetsAt: now + windowMs };
      this.unstored.set(key, entry);
    }
    entry.count++;
    // Reading still works on a full disk: what the table holds for this window counts too.
    const stored = await this.storedCount(key);
    return { count: stored + entry.count, resetsAt: entry.resetsAt };
  }

  private makeRoom(now: number): void {
    if (this.unstored.size < MAX_KEYS_IN_MEMORY) return;
    for (const [key, entry] of this.unstored) if (entry.resetsAt <= now) this.unstored.delete(key);
    // Still full: the oldest key goes (Map keeps insertion order).
    while (this.unstored.size >= MAX_KEYS_IN_MEMORY) {
      const oldest = this.unstored.keys().next().value;
      if (oldest === undefined) break;
      this.unstored.delete(oldest);
    }
  }

  /** Bookkeeping that only lowers a count is skipped when the disk is full: it must not fail a request. */
  private async unlessDiskFull(write: () => Promise<unknown>): Promise<void> {
    try {
      await write();
    } catch (error) {
      if (!isDiskFull(error)) throw error;
      this.log?.warn({ err: error }, 'The disk is full: a throttle count could not be lowered');
    }
  }

  private async sweep(now: number): Promise<void> {
    await this.unlessDiskFull(() => this.db.deleteFrom('throttles').where('resetsAt', '<=', now).execute());
  }
}
