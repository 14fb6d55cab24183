import { validatePasswordPair } from '#domain/accounts/validate-signup';
import { TERMS_VERSION, type Role } from '#domain/records';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/database';
import type { NurseriesTable, UsersTable } from '../db/schema';
import { ApiError } from '../errors';
import { hashPassword } from '../auth/passwords';
import { Throttles } from '../auth/throttles';
import { InProcessEventBus, type EventBus } from '../realtime/event-bus';
import { ALL_COLLECTIONS } from '../records/collections/all-collections';
import { newTokenKey } from '../records/collections/users';
import { RecordService } from '../records/record-service';
import { NurseriesRepository } from '../users/nurseries-repository';
import { fileStoreFor } from '../files/file-store';
import { UsersRepository } from '../users/users-repository';

/** A problem the operator can fix, printed without a stack trace. */
export class AdminError extends Error {}

function describe(error: unknown): never {
  if (error instanceof ApiError) {
    const fields = Object.entries(error.data).map(([field, e]) => `  ${field}: ${e.message}`);
    throw new AdminError([error.message, ...fields].join('\n'));
  }
  throw error;
}

export interface NewAccount {
  username: string;
  email: string;
  password: string;
  verified: boolean;
  acceptTerms: boolean;
  /**
   * The nursery the account joins (its id) with `role` (default staff); without it, the account
   * makes a new nursery (named `nurseryName`, else after the person) and is its admin, as a
   * sign-up does.
   */
  nursery?: string;
  role?: Role;
  nurseryName?: string;
}

export interface AccountAdminOptions {
  /** Where changes are published (the server's bus in tests; on PostgreSQL, the NOTIFY bus). */
  events?: EventBus;
  now?: () => Date;
}

/**
 * Where a process that is not the server (CLI, seed) publishes its changes. On PostgreSQL they are
 * NOTIFYed like the servers' own, so every instance's list cache and live streams hear of them at
 * once (not after the cache's 60 s backstop). An SQLite server notices another process's commits
 * through `PRAGMA data_version` (app.ts), so nothing needs sending there.
 */
export async function standaloneEvents(database: DatabaseHandle): Promise<EventBus> {
  if (database.dialect !== 'postgres') return new InProcessEventBus();
  // Loaded only here: an SQLite installation never loads pg (decision 008).
  const { PostgresChangePublisher } = await import('../realtime/postgres-event-bus');
  return PostgresChangePublisher.start(database.db);
}

/**
 * The one write path for a process that is not the server (CLI, seed): no deletes, so no deletion
 * password; its changes are the operator's ("operator (CLI)" in a record's history).
 */
export function standaloneRecordService(database: DatabaseHandle, config: Config, options: AccountAdminOptions = {}): RecordService {
  return new RecordService({
    db: database.db,
    dialect: database.dialect,
    events: options.events ?? new InProcessEventBus(),
    users: new UsersRepository(database.db),
    config,
    collections: [...ALL_COLLECTIONS],
    // Operator commands never delete records.
    checkDeletePassword: () => Promise.reject(new Error('standaloneRecordService: deleting needs the server')),
    throttles: new Throttles(database.db),
    now: options.now ?? (() => new Date()),
    // Where an import's attached files go (docs/decisions/048), the server's own store.
    files: fileStoreFor(database, config.dataDir, options.now),
  });
}

/**
 * Operator-side account tasks (npm run admin), also used by the tests to make accounts. They go
 * through the same validation as sign-up and the same write path as every other change.
 */
export class AccountAdmin {
  readonly users: UsersRepository;
  readonly nurseries: NurseriesRepository;
  /** The one write path, as the operator (history names its changes "operator (CLI)"). */
  readonly records: RecordService;
  private readonly now: () => Date;

  constructor(
    database: DatabaseHandle,
    private readonly config: Config,
    options: AccountAdminOptions & { records?: RecordService } = {},
  ) {
    this.users = new UsersRepository(database.db);
    this.nurseries = new NurseriesRepository(database.db);
    this.records = options.records ?? standaloneRecordService(database, config, options);
    this.now = options.now ?? (() => new Date());
  }

  /** A nursery by its id or its name (which must then be unambiguous). */
  async findNursery(idOrName: string): Promise<NurseriesTable> {
    const byId = await this.nurseries.findById(idOrName.trim());
    if (byId) return byId;
    const named = await this.nurseries.findByName(idOrName);
    if (named.length === 1 && named[0]) return named[0];
    if (named.length === 0) throw new AdminError(`No nursery has the id or name "${idOrName}".`);
    throw new AdminError(`Several nurseries are named "${idOrName}"; give its id instead: ${named.map((n) => n.id).join(', ')}.`);
  }

  async findUser(identity: string): Promise<UsersTable> {
    const user = await this.users.findByIdentity(identity.trim());
    if (!user) throw new AdminError(`No account has the username or email "${identity}".`);
    return user;
  }

  async createUser(account: NewAccount): Promise<UsersTable> {
    const body = {
      username: account.username,
      email: account.email,
      password: account.password,
      passwordConfirm: account.password,
      // The server stamps its own time on the agreement; this one only has to be well-formed.
      termsAgreement: { agreed: true, version: TERMS_VERSION, timestamp: this.now().toISOString() },
      ...(account.nursery ? { nursery: account.nursery, role: account.role ?? 'staff' } : { nurseryName: account.nurseryName ?? '' }),
    };
    // Validated as a sign-up; then the operator's choices for the columns clients never set.
    const row = await this.records
      .systemCreate(
        'users',
        body,
        account.acceptTerms ? { verified: account.verified } : { verified: account.verified, termsAgreement: '' },
      )
      .catch(describe);
    const created = await this.users.findById(String(row.id));
    if (!created) throw new Error(`createUser: the account ${String(row.id)} just created cannot be read back`);
    return created;
  }

  /** Records the user's agreement to terms `version` at the server's time (tests: an older version). */
  async agreeToTerms(id: string, version: string): Promise<void> {
    const user = await this.users.findById(id);
    if (!user) throw new AdminError(`No account has the id "${id}".`);
    const termsAgreement = JSON.stringify({ agreed: true, version, timestamp: this.now().toISOString() });
    await this.records.systemUpdate('users', id, { termsAgreement }, { ifMatch: user.updated }).catch(describe);
  }

  async verifyUser(identity: string): Promise<UsersTable> {
    const user = await this.findUser(identity);
    if (!user.verified) await this.records.systemUpdate('users', user.id, { verified: true }, { ifMatch: user.updated }).catch(describe);
    return user;
  }

  /** Sets a new password and signs the user out everywhere. */
  async setPassword(identity: string, password: string): Promise<UsersTable> {
    const user = await this.findUser(identity);
    const pair = validatePasswordPair(password, password);
    if (!pair.ok)
      throw new AdminError(
        Object.values(pair.errors)
          .map((e) => e.message)
          .join(' '),
      );
    await this.records
      .systemUpdate(
        'users',
        user.id,
        { passwordHash: await hashPassword(pair.value.password, this.config.passwordHashCost), tokenKey: newTokenKey() },
        { ifMatch: user.updated },
      )
      .catch(describe);
    return user;
  }
}
