import type { Kysely } from 'kysely';
import type { AuthContext } from '../auth/auth-context';
import type { DeletePasswordCheck } from '../auth/delete-password';
import { LoginThrottle } from '../auth/login-throttle';
import type { Throttles } from '../auth/throttles';
import type { Config } from '../config';
import type { ClientReads } from '../db/client-reads';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import type { FileStore } from '../files/file-store';
import type { MailMessage } from '../mail/mailer';
import type { Outbox } from '../mail/outbox';
import type { EventBus } from '../realtime/event-bus';
import type { UsersRepository } from '../users/users-repository';
import { accessOf, type CollectionAccess } from './access-rules';
import type { Collection, CollectionDeps, WriteContext } from './collection';
import type { SqlDialect } from './filter/field-map';
import { RecordStore } from './record-store';

export interface RecordServiceOptions {
  db: Kysely<Database>;
  /**
   * Where systemBatch's transactions run (DatabaseHandle.batches, docs/decisions/053): on SQLite a
   * connection that pauses long batches for the event loop; without it, `db`.
   */
  batches?: Kysely<Database>;
  dialect: SqlDialect;
  events: EventBus;
  users: UsersRepository;
  config: Config;
  collections: Collection[];
  /** Checks the typed deletion password (docs/decisions/020), throttling wrong guesses. */
  checkDeletePassword: DeletePasswordCheck;
  /** The database-kept throttles (docs/decisions/028): a change of one's own password is throttled like sign-in. */
  throttles: Throttles;
  /** Sends every mail, within the mail limits; a process that sends no mail (the operator CLI) leaves it out. */
  outbox?: Pick<Outbox, 'send' | 'sendQuietly'>;
  now: () => Date;
  /** Where client lists run (off the event loop, time-limited); without it, on `db`. */
  reads?: ClientReads;
  /** How history names a change made without a signed-in caller (default "operator (CLI)"). */
  systemActorName?: string;
  /** Where files' bytes live (docs/decisions/043); without it, a write with files is refused. */
  files?: FileStore;
}

/** Who a change made by the server itself (auth flows, CLI, seed, batches) is made as. */
export const SYSTEM: AuthContext = { user: null };

/** What a process that sends no mail (the operator CLI) throws if a write would mail someone: a bug. */
function noMail(message: MailMessage): Error {
  return new Error(`RecordService: this process sends no mail ("${message.subject}")`);
}

/**
 * What every part of the RecordService shares (reads, writes, the write path, history and
 * Deleted, files): its options, the collections by name and id with their compiled access rules,
 * and the record stores.
 */
export class RecordContext {
  readonly store: RecordStore;
  /** Client lists and searches: off the event loop, within the read time limit (docs/decisions/017). */
  readonly clientStore: RecordStore;
  private readonly byName: Map<string, Collection>;
  private readonly deps: CollectionDeps;

  constructor(readonly options: RecordServiceOptions) {
    this.byName = new Map(options.collections.map((c) => [c.name, c]));
    this.store = new RecordStore(options.db, options.dialect);
    this.clientStore = new RecordStore(options.db, options.dialect, options.reads);
    this.deps = {
      store: this.store,
      users: options.users,
      dialect: options.dialect,
      config: options.config,
      now: options.now,
      passwordHashCost: options.config.passwordHashCost ?? 'default',
      loginThrottle: new LoginThrottle(options.throttles),
      outbox: options.outbox ?? {
        send: (message) => Promise.reject(noMail(message)),
        sendQuietly: (message) => {
          throw noMail(message);
        },
      },
    };
    // Compile every rule now, so a broken rule stops the server at start-up rather than on a request.
    for (const collection of options.collections) accessOf(collection, options.dialect);
  }

  /** A collection by name or id; 404 as PocketBase answers for an unknown one. */
  collection(nameOrId: string): Collection {
    const found = this.find(nameOrId);
    if (!found) throw new ApiError(404, 'Missing collection context.');
    return found;
  }

  /** A collection by name or id, if there is one. */
  find(nameOrId: string): Collection | undefined {
    return this.byName.get(nameOrId) ?? this.options.collections.find((c) => c.id === nameOrId);
  }

  /** A collection by name only (a relation names its collection so). */
  named(name: string): Collection | undefined {
    return this.byName.get(name);
  }

  access(collection: Collection): CollectionAccess {
    return accessOf(collection, this.options.dialect);
  }

  /** What a collection's validation gets besides the body: who writes, and the server's parts. */
  writeContext(auth: AuthContext, system: boolean, address = ''): WriteContext {
    return { auth, system, address, deps: this.deps };
  }
}
