import type { Kysely } from 'kysely';
import type { Throttles } from '../auth/throttles';
import type { Database, ScopedLinkColumns, UsersTable } from '../db/schema';
import { ApiError, notFound } from '../errors';
import { newRecordId } from '../records/ids';
import { credentialHash, linkSecret, type LinkPurpose } from './scoped-link-codes';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Wrong codes or secrets one address may send per window before it waits (as the login throttle). */
export const MAX_WRONG_SECRETS = 10;
const WRONG_SECRET_WINDOW_MS = 15 * 60 * 1000;
/** Longer than any code or secret: a longer value is not looked up. */
const MAX_SECRET_LENGTH = 200;

type LinkTable = 'driver_links' | 'balance_links';
/** The column naming what a link opens: a driver's run, a customer's balance. */
type ScopeColumn = 'run' | 'customer';

/** What sets one kind of link apart; its sentences are what the person holding it is told. */
export interface ScopedLinkKind {
  table: LinkTable;
  scope: ScopeColumn;
  purpose: LinkPurpose;
  days: number;
  /** What a wrong code or secret is counted under, with the address after it. */
  throttleKey: string;
  revoked: string;
  expired: string;
  throttled: string;
}

export interface ScopedLinksDeps {
  db: Kysely<Database>;
  throttles: Throttles;
  tokenSecret: string;
  now: () => Date;
}

/**
 * A link that opens one thing of one nursery to whoever holds its secret, with no sign-in: a
 * driver's run (docs/decisions/044), a customer's balance (docs/decisions/078). Office staff make,
 * list and revoke them; each expires; only the secret's hash is stored. What a link opens, and how
 * it is made, stays with its service.
 */
export class ScopedLinks<Row extends ScopedLinkColumns> {
  constructor(
    private readonly deps: ScopedLinksDeps,
    private readonly kind: ScopedLinkKind,
  ) {}

  /** Both link tables seen as one shape: `kind` names the real table and scope column. */
  private get db() {
    // A cast, not a check: the two tables share ScopedLinkColumns's columns, and kind.scope names the one they do not share.
    return this.deps.db as unknown as Kysely<Record<LinkTable, ScopedLinkColumns & Record<ScopeColumn, string>>>;
  }

  /** The secret the link's address carries. */
  secretOf(linkId: string): string {
    return linkSecret(this.deps.tokenSecret, this.kind.purpose, linkId);
  }

  /** When a link made or renewed now stops working. */
  expiresFrom(now: Date): string {
    return new Date(now.getTime() + this.kind.days * DAY_MS).toISOString();
  }

  /** A new working link's common columns (not yet stored). */
  fresh(nursery: string, createdBy: string, id: string = newRecordId()): ScopedLinkColumns {
    const now = this.deps.now();
    return {
      id,
      nursery,
      secretHash: credentialHash(this.secretOf(id)),
      expires: this.expiresFrom(now),
      revokedAt: '',
      revokedBy: '',
      createdBy,
      created: now.toISOString(),
    };
  }

  async insert(row: Row): Promise<Row> {
    await this.db
      .insertInto(this.kind.table)
      .values(row as unknown as ScopedLinkColumns & Record<ScopeColumn, string>)
      .execute();
    return row;
  }

  /** The links to one run or customer of the nursery, newest first. */
  async list(nursery: string, scopeId: string): Promise<Row[]> {
    const rows = await this.db
      .selectFrom(this.kind.table)
      .selectAll()
      .where('nursery', '=', nursery)
      .where(this.kind.scope, '=', scopeId)
      .orderBy('created', 'desc')
      .orderBy('id')
      .execute();
    return rows as unknown as Row[];
  }

  /** Revokes a link of the caller's nursery; revoking it again changes nothing. */
  async revoke(user: UsersTable, linkId: string): Promise<Row> {
    const row = (await this.db
      .selectFrom(this.kind.table)
      .selectAll()
      .where('id', '=', linkId)
      .where('nursery', '=', user.nursery)
      .executeTakeFirst()) as Row | undefined;
    // Another nursery's link is answered as one that does not exist (docs/decisions/036).
    if (!row || user.nursery === '') throw notFound();
    if (row.revokedAt !== '') return row;
    const revoked = { revokedAt: this.deps.now().toISOString(), revokedBy: user.id };
    await this.db.updateTable(this.kind.table).set(revoked).where('id', '=', linkId).where('revokedAt', '=', '').execute();
    return { ...row, ...revoked };
  }

  /** The link a secret belongs to, whether or not it still works; nothing for a value that is no secret. */
  async bySecret(secret: unknown): Promise<Row | undefined> {
    if (typeof secret !== 'string' || secret === '' || secret.length > MAX_SECRET_LENGTH) return undefined;
    return (await this.db.selectFrom(this.kind.table).selectAll().where('secretHash', '=', credentialHash(secret)).executeTakeFirst()) as
      Row | undefined;
  }

  isActive(row: ScopedLinkColumns): boolean {
    return row.revokedAt === '' && Date.parse(row.expires) > this.deps.now().getTime();
  }

  /** Throws the sentence why a known link no longer works. */
  assertUsable(row: ScopedLinkColumns): void {
    if (row.revokedAt !== '') throw new ApiError(403, this.kind.revoked);
    if (Date.parse(row.expires) <= this.deps.now().getTime()) throw new ApiError(403, this.kind.expired);
  }

  /**
   * Runs `find` unless the address has sent too many wrong codes or secrets lately; a miss counts
   * against it, so codes and secrets cannot be tried one after another.
   */
  async throttled<T>(ip: string, find: () => Promise<T | undefined>): Promise<T | undefined> {
    const key = `${this.kind.throttleKey}|${ip}`;
    if ((await this.deps.throttles.count(key)) >= MAX_WRONG_SECRETS) throw new ApiError(429, this.kind.throttled);
    const found = await find();
    if (found === undefined) await this.deps.throttles.hit(key, WRONG_SECRET_WINDOW_MS);
    return found;
  }
}
