import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { fieldChanges, OPERATOR_NAME, type DeletedEntry, type HistoryAction } from '#domain/history/record-history';
import { canPurge, canRestore, PURGE_REFUSED, RESTORE_REFUSED } from '#domain/history/trail-permissions';
import type { AuthContext } from '../auth/auth-context';
import type { DeletePasswordCheck } from '../auth/delete-password';
import { LoginThrottle } from '../auth/login-throttle';
import type { Throttles } from '../auth/throttles';
import type { Config } from '../config';
import { ReadRefused, type ClientReads } from '../db/client-reads';
import type { Database } from '../db/schema';
import { ApiError, forbidden, notFound, validationFailed } from '../errors';
import type { MailMessage } from '../mail/mailer';
import type { Outbox } from '../mail/outbox';
import type { EventBus, RecordChange } from '../realtime/event-bus';
import type { UsersRepository } from '../users/users-repository';
import { deletedRow, DeletedStore } from '../trail/deleted-store';
import { historyEntryOf, HistoryStore, type Actor, type HistoryPage, type HistoryWrite } from '../trail/history-store';
import { claimJob } from '../trail/job-claims';
import { accessOf, type Action, type CollectionAccess, type FieldVisibility } from './access-rules';
import { asCreated, chosenIdOf, createDigest, idTaken, sameCreate, type ChosenId } from './chosen-id';
import { fieldsRefused, refusedFields } from './client-fields';
import { CreateWith, NotStored, type Collection, type CollectionDeps, type WriteContext } from './collection';
import { expandRecords, parseExpandParam, planExpand, type ExpandNode } from './expand';
import type { SqlDialect } from './filter/field-map';
import { formatTimestamp, newRecordId, nextTimestamp } from './ids';
import type { ListQuery } from './list-query';
import type { ApiRecord } from './record-mapping';
import { RecordStore, type Row } from './record-store';
import type { FileField } from '#domain/collections/fields';
import { fileChanges, fileNamesOf, hasFiles, type FileChanges, type Upload } from '../files/file-changes';
import { storedFileName } from '../files/file-names';
import type { FileStore } from '../files/file-store';
import { Slicer } from '../slices';

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

export type { ApiRecord } from './record-mapping';

export interface ListPage {
  items: ApiRecord[];
  /** -1 when the query asked to skip the count. */
  totalItems: number;
}

export interface ReadOptions {
  /** PocketBase's `expand` parameter: the relations to put into the answer (expand.ts). */
  expand?: string;
}

/** A create's options: the file parts of a multipart body (src/server/files/multipart-body.ts). */
export interface CreateOptions extends ReadOptions {
  uploads?: readonly Upload[];
}

export interface WriteOptions extends ReadOptions {
  /** The file parts of a multipart body. */
  uploads?: readonly Upload[];
  /** The `updated` value the client started from (`If-Match`, docs/decisions/025); undefined = no condition. */
  ifMatch?: string;
  /** The caller's address, for the throttles of password checks (current and deletion password). */
  address?: string;
}

/**
 * A caller's right to list a collection, decided once (listScope): the records their list rule
 * lets them see, and the relations they asked to expand with what the related collections' view
 * rules let them see. The list cache keys its answers by it; the list runs within it.
 */
export interface ListScope {
  readonly collection: Collection;
  readonly auth: AuthContext;
  /** The list rule's condition as SQL; null when every record qualifies. */
  readonly where: RawBuilder<SqlBool> | null;
  /** The fields of the listed records this caller may not see (AccessRules.fields); null: none. */
  readonly visibility: FieldVisibility | null;
  readonly expand: readonly ExpandNode[];
}

/** The writes of one systemBatch transaction (RecordService.systemBatch). */
export interface WriteBatch {
  /** The transaction: reads and locks that must see the batch's own writes. */
  readonly db: Kysely<Database>;
  readonly store: RecordStore;
  readonly dialect: SqlDialect;
  /**
   * A new record (its id kept when one was chosen), stamped `created` and `updated`; with
   * `keepTimes`, the `created` and `updated` it brings are kept (records imported from
   * PocketBase, docs/decisions/048).
   */
  insert(collection: string, values: Row, options?: { keepTimes?: boolean }): Promise<Row>;
  /** Changes a record, compare-and-set against `existing.updated` (412 when changed meanwhile). */
  update(collection: string, existing: Row, changes: Row): Promise<Row>;
  delete(collection: string, existing: Row): Promise<void>;
  /**
   * New records in bulk (an import, docs/decisions/048), as `insert` each (ids, times, history)
   * but with multi-row INSERTs, and announced not one by one: after the commit every instance's
   * listeners resync once (EventBus.stageResync).
   */
  insertMany(collection: string, rows: readonly Row[], options?: InsertManyOptions): Promise<Row[]>;
  /** Records to Deleted in bulk, as `delete` each (compare-and-set, history), announced as insertMany's. */
  deleteMany(collection: string, existing: readonly Row[]): Promise<void>;
}

export interface InsertManyOptions {
  /** Keep the `created` and `updated` the rows bring (records imported from PocketBase). */
  keepTimes?: boolean;
  /**
   * How listeners hear of the new records: one resync of every instance's listeners (the default,
   * for an import of a whole installation), or each record as one `insert` announces it (a CSV
   * import into one nursery, whose board should not lose its live stream).
   */
  announce?: 'resync' | 'each';
}

export interface DeleteOptions extends WriteOptions {
  /** The typed deletion password (`X-Confirm-Password`, docs/decisions/020). */
  confirmPassword?: string | string[];
}

/** A page of records in Deleted, newest deleted first (docs/decisions/034). */
export interface DeletedPage {
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
  items: DeletedEntry[];
}

/** What one run of the automatic purge did: whether this instance had the job, and how many records it purged. */
export interface PurgeRun {
  claimed: boolean;
  purged: number;
}

/** The automatic purge of old deleted records, claimed by one instance at a time (job-claims.ts). */
export const PURGE_JOB = 'purge-deleted';
const DAY_MS = 24 * 60 * 60 * 1000;

const SYSTEM: AuthContext = { user: null };

/** A change as its history entry tells it: what was done, by whom, when, the record before and after. */
type HistoryChange = [action: HistoryAction, auth: AuthContext, at: string, before: ApiRecord | null, after: ApiRecord | null];

/** The connection and tables a write's transaction works on. */
interface Transaction {
  trx: Kysely<Database>;
  store: RecordStore;
  history: HistoryStore;
  deleted: DeletedStore;
}

export function changedMeanwhile(): ApiError {
  return new ApiError(
    412,
    'Someone else changed this record since you opened it. Reload to see the latest version, then make your change again.',
  );
}

/** What a process that sends no mail (the operator CLI) throws if a write would mail someone: a bug. */
function noMail(message: MailMessage): Error {
  return new Error(`RecordService: this process sends no mail ("${message.subject}")`);
}

/**
 * The one place records are read for clients and written by anyone (src/server/README.md): routes,
 * auth flows, the operator CLI and the demo seed. A write validates (the collection's rules),
 * stamps `created`/`updated` from the injected clock, compare-and-sets `updated` in the database
 * (docs/decisions/025), maps unique violations to field errors, and runs in a transaction that stages the change
 * on the event bus; the change is published only after the commit.
 */
export class RecordService {
  private readonly byName: Map<string, Collection>;
  private readonly store: RecordStore;
  /** Client lists and searches: off the event loop, within the read time limit (docs/decisions/017). */
  private readonly clientStore: RecordStore;
  private readonly deps: CollectionDeps;

  constructor(private readonly options: RecordServiceOptions) {
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

  get dialect(): SqlDialect {
    return this.options.dialect;
  }

  /** A collection by name or id; 404 as PocketBase answers for an unknown one. */
  collection(nameOrId: string): Collection {
    const found = this.byName.get(nameOrId) ?? this.options.collections.find((c) => c.id === nameOrId);
    if (!found) throw new ApiError(404, 'Missing collection context.');
    return found;
  }

  private access(collection: Collection): CollectionAccess {
    return accessOf(collection, this.options.dialect);
  }

  // ---- reads (clients) ----

  /**
   * Decides once whether `auth` may list `collection` (401/403 otherwise) and what they see: the
   * scope every list of theirs runs in, also what the list cache keys answers by.
   */
  listScope(collection: Collection, auth: AuthContext, options: ReadOptions = {}): ListScope {
    const access = this.access(collection);
    access.authorize('list', auth);
    return {
      collection,
      auth,
      where: access.sqlScope('list', auth),
      visibility: access.fieldVisibility(auth),
      expand: this.planExpand(collection, auth, options.expand),
    };
  }

  /** One page of a list, within a scope from listScope. */
  async list(scope: ListScope, query: Omit<ListQuery, 'fields'>): Promise<ListPage> {
    const { collection, auth } = scope;
    const where = [scope.where, query.filter].filter((w) => w !== null);
    let rows: Row[];
    let totalItems: number;
    try {
      ({ rows, totalItems } = await this.clientStore.list(collection.table, {
        where,
        sort: query.sort,
        page: query.page,
        perPage: query.perPage,
        skipTotal: query.skipTotal,
        caller: auth.user?.id ?? '',
      }));
    } catch (error) {
      if (error instanceof ReadRefused) throw readRefusal(error, query.filter !== null);
      throw error;
    }
    const { visibility } = scope;
    const items = rows.map((row) => (visibility ? visibility.hide(collection.toRecord(row)) : collection.toRecord(row)));
    await expandRecords(items, scope.expand, this.store);
    return { items, totalItems };
  }

  async view(collection: Collection, auth: AuthContext, id: string, options: ReadOptions = {}): Promise<ApiRecord> {
    this.access(collection).authorize('view', auth);
    const expand = this.planExpand(collection, auth, options.expand);
    return this.expanded(this.shown(collection, auth, await this.findFor('view', collection, auth, id)), expand);
  }

  // ---- writes (clients) ----

  async create(collection: Collection, auth: AuthContext, body: unknown, options: CreateOptions = {}): Promise<ApiRecord> {
    this.access(collection).authorize('create', auth);
    const expand = this.planExpand(collection, auth, options.expand);
    // A chosen id (docs/decisions/047): a resend of the same create answers the record it made.
    const chosen = collection.acceptsChosenId ? chosenIdOf(body) : null;
    if (chosen?.id) {
      const again = await this.createdBefore(collection, auth, chosen);
      if (again) return this.expanded(again, expand);
    }
    const files = this.fileChangesOf(collection, chosen ? chosen.body : body, options.uploads ?? [], null);
    this.refuseUnsettable(collection, files.body, null);
    const values = await collection.prepareCreate(files.body, this.context(auth, false));
    if (values instanceof NotStored) return collection.toRecord(this.stamped(values.row));
    if (values instanceof CreateWith) {
      if (files.added.length > 0) throw new Error(`${collection.name}: a create that makes other records first cannot take files`);
      return this.expanded(collection.toRecord(await this.insert(collection, values, auth)), expand);
    }
    const id = chosen?.id ? chosen.id : typeof values.id === 'string' ? values.id : newRecordId();
    try {
      // What the create asked for, kept with its chosen id: a resend is matched by it (docs/decisions/054).
      const digest = chosen?.id ? createDigest(collection.declaration, chosen.body) : null;
      const row = await this.storingFiles(collection, id, files, () =>
        this.insert(collection, { ...values, ...collection.toRow(files.values), id }, auth, digest),
      );
      // The answer shows what the client sent and the server set: no field is hidden from its maker.
      return this.expanded(collection.toRecord(row), expand);
    } catch (error) {
      // The same create sent twice at once: the one that lost the race answers the winner's record.
      if (!chosen?.id || !isUniqueViolation(error)) throw error;
      const again = await this.createdBefore(collection, auth, chosen);
      if (again) return this.expanded(again, expand);
      throw error;
    }
  }

  /**
   * The record a create with this chosen id made before, as `auth` sees it, when the body asks for
   * that same record (its fields as they were created, whatever was changed since); null when no
   * record has the id; 400 when another record holds it (of another nursery, one this caller may
   * not see, one in Deleted, or different values), in words that say nothing of which.
   */
  private async createdBefore(collection: Collection, auth: AuthContext, chosen: ChosenId): Promise<ApiRecord | null> {
    const row = await this.store.findById(collection.table, chosen.id);
    if (!row) {
      if (collection.declaration.trail && (await new DeletedStore(this.options.db).find(collection.name, chosen.id))) throw idTaken();
      return null;
    }
    const record = collection.toRecord(row);
    if (!this.access(collection).allows('view', auth, record)) throw idTaken();
    // One rule for every collection (docs/decisions/054): the body asks for what the first create asked for.
    const kept = await this.options.db
      .selectFrom('chosen_ids')
      .select('digest')
      .where('collection', '=', collection.name)
      .where('id', '=', chosen.id)
      .executeTakeFirst();
    if (kept) {
      if (createDigest(collection.declaration, chosen.body) !== kept.digest) throw idTaken();
      return this.shown(collection, auth, row);
    }
    // Made before digests were kept: compared with the record as created, as far as its history tells.
    const updates = collection.declaration.trail
      ? (await new HistoryStore(this.options.db).page(collection.name, chosen.id, 1, MAX_HISTORY_READ)).rows
          .filter((entry) => entry.action === 'update')
          .map((entry) => historyEntryOf(entry, new Map()).changes)
      : [];
    if (!sameCreate(collection.declaration, chosen.body, asCreated(record, updates))) throw idTaken();
    return this.shown(collection, auth, row);
  }

  /**
   * What can be decided of a create or update before its body is read (docs/decisions/052): the
   * caller's right to the action (401, 403) and, for an update, that the record is there for them
   * to change (404) and still the version they started from (412). A multipart write with files
   * asks this first, so a caller who may not write is answered before a byte of their files is held.
   */
  async refuseBeforeBody(
    collection: Collection,
    auth: AuthContext,
    write: { action: 'create' } | { action: 'update'; id: string; ifMatch?: string },
  ): Promise<void> {
    this.access(collection).authorize(write.action, auth);
    if (write.action === 'create') return;
    const existing = await this.findFor('update', collection, auth, write.id);
    if (write.ifMatch !== undefined && write.ifMatch !== existing.updated) throw changedMeanwhile();
  }

  async update(collection: Collection, auth: AuthContext, id: string, body: unknown, options: WriteOptions = {}): Promise<ApiRecord> {
    this.access(collection).authorize('update', auth);
    const expand = this.planExpand(collection, auth, options.expand);
    const existing = await this.findFor('update', collection, auth, id);
    if (options.ifMatch !== undefined && options.ifMatch !== existing.updated) throw changedMeanwhile();
    const files = this.fileChangesOf(collection, body, options.uploads ?? [], collection.toRecord(existing));
    this.refuseUnsettable(collection, files.body, collection.toRecord(existing));
    const changes = await collection.prepareUpdate(files.body ?? {}, existing, this.context(auth, false, options.address));
    const row = await this.storingFiles(collection, String(existing.id), files, () =>
      this.write(collection, existing, { ...changes, ...collection.toRow(files.values) }, auth),
    );
    return this.expanded(this.shown(collection, auth, row), expand);
  }

  async delete(collection: Collection, auth: AuthContext, id: string, options: DeleteOptions = {}): Promise<void> {
    this.access(collection).authorize('delete', auth);
    if (collection.needsDeletePassword) {
      // The caller's nursery's deletion password (docs/decisions/036); checked before the record
      // is looked up, so a wrong password says nothing about which ids exist.
      await this.options.checkDeletePassword({
        userId: auth.user?.id ?? null,
        nursery: auth.user?.nursery ?? '',
        address: options.address ?? '',
        typed: options.confirmPassword,
      });
    }
    const existing = await this.findFor('delete', collection, auth, id);
    if (options.ifMatch !== undefined && options.ifMatch !== existing.updated) throw changedMeanwhile();
    await this.remove(collection, existing, auth);
    // A record in Deleted keeps its files, so a restore brings them back; they go with the purge.
    if (!collection.declaration.trail) await this.removeRecordFiles(collection, id);
  }

  // ---- history and Deleted (collections with a trail, docs/decisions/034) ----

  /**
   * One record's history, oldest first, for a caller who may view the record: as it is, or as it
   * was when deleted (its view rule over the record kept in Deleted). 404 otherwise.
   */
  async history(collection: Collection, auth: AuthContext, id: string, page: number, perPage: number): Promise<HistoryPage> {
    const access = this.access(collection);
    access.authorize('view', auth);
    if (!collection.declaration.trail) throw notFound();
    const live = await this.findFor('view', collection, auth, id).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    });
    if (!live) {
      const entry = await new DeletedStore(this.options.db).find(collection.name, id);
      if (!entry || !access.allows('view', auth, collection.toRecord(deletedRow(entry)))) throw notFound();
    }
    const { rows, totalItems } = await new HistoryStore(this.options.db).page(collection.name, id, page, perPage);
    const names = await this.usernames(rows.map((row) => row.actor));
    return { page, perPage, totalItems, totalPages: Math.ceil(totalItems / perPage), items: rows.map((row) => historyEntryOf(row, names)) };
  }

  /**
   * The records in Deleted that this caller's list rule lets them see (of one collection, or of
   * every collection with a trail), newest deleted first. The rule is the collection's own, as a
   * predicate over each record as it was (docs/decisions/009), so what a caller saw before the
   * delete is exactly what they see here.
   */
  async listDeleted(auth: AuthContext, query: { collection?: string; page: number; perPage: number }): Promise<DeletedPage> {
    const collections = this.options.collections.filter((c) => c.declaration.trail && (query.collection ?? c.name) === c.name);
    if (query.collection !== undefined && collections.length === 0) throw notFound();
    const checks = new Map(
      collections.map((collection) => {
        const access = this.access(collection);
        access.authorize('list', auth);
        return [collection.name, { collection, check: access.recordCheck('list', auth) }] as const;
      }),
    );
    const first = (query.page - 1) * query.perPage;
    const shown: Array<{ collection: Collection; entry: { deleted: string; deleted_by: string; deleted_by_name: string }; row: Row }> = [];
    let totalItems = 0;
    const readable = [...checks.values()].filter(({ check }) => check !== false).map(({ collection }) => collection.name);
    // The caller's nursery's entries only (an index leads with it); the rule decides each of those.
    for await (const entry of new DeletedStore(this.options.db).newestFirst(readable, auth.user?.nursery ?? '')) {
      const found = checks.get(entry.collection);
      if (!found) continue;
      const row = deletedRow(entry);
      const { check } = found;
      if (check !== true && !(check !== false && check(found.collection.toRecord(row)))) continue;
      if (totalItems >= first && shown.length < query.perPage) shown.push({ collection: found.collection, entry, row });
      totalItems++;
    }
    const names = await this.usernames(shown.map(({ entry }) => entry.deleted_by));
    const keepMs = this.options.config.deletedKeepDays * DAY_MS;
    return {
      page: query.page,
      perPage: query.perPage,
      totalItems,
      totalPages: Math.ceil(totalItems / query.perPage),
      items: shown.map(({ collection, entry, row }) => ({
        collectionName: collection.name,
        record: collection.toRecord(row),
        deleted: entry.deleted,
        deletedBy: entry.deleted_by,
        deletedByName: (entry.deleted_by !== '' ? names.get(entry.deleted_by) : undefined) ?? entry.deleted_by_name,
        purgeAfter: formatTimestamp(new Date(Date.parse(entry.deleted.replace(' ', 'T')) + keepMs)),
      })),
    };
  }

  /**
   * Brings a record back from Deleted as it was, for a caller who may restore (canRestore), may
   * create records of the collection and may view this one. Its live views hear of it as a new
   * record. 409 with a sentence when it cannot come back as it is (its id or its name taken since).
   */
  async restore(collection: Collection, auth: AuthContext, id: string): Promise<ApiRecord> {
    const access = this.access(collection);
    access.authorize('create', auth);
    if (!canRestore(auth.user)) throw forbidden(RESTORE_REFUSED);
    return this.putBack(collection, auth, id, (record) => access.allows('view', auth, record));
  }

  /** Purges a record in Deleted for good, its history too, for a caller who may purge (canPurge) and may view it. */
  async purge(collection: Collection, auth: AuthContext, id: string): Promise<void> {
    const access = this.access(collection);
    access.authorize('delete', auth);
    if (!canPurge(auth.user)) throw forbidden(PURGE_REFUSED);
    if (!collection.declaration.trail) throw notFound();
    const entry = await new DeletedStore(this.options.db).find(collection.name, id);
    if (!entry || !access.allows('view', auth, collection.toRecord(deletedRow(entry)))) throw notFound();
    await this.options.db.transaction().execute(async (trx) => {
      if (!(await new DeletedStore(trx).remove(collection.name, id))) throw notFound();
      await new HistoryStore(trx).removeFor(collection.name, [id]);
    });
    await this.removeRecordFiles(collection, id);
  }

  /**
   * Purges what has been in Deleted longer than DELETED_KEEP_DAYS, with its history, when this
   * instance claims the job (at most once per `everyMs` among every instance on the database).
   */
  async purgeExpired(instance: string, everyMs: number): Promise<PurgeRun> {
    const nowMs = this.options.now().getTime();
    const cutoff = formatTimestamp(new Date(nowMs - this.options.config.deletedKeepDays * DAY_MS));
    const withFiles = this.options.collections.filter((c) => c.declaration.trail && hasFiles(c.declaration)).map((c) => c.name);
    let purgedWithFiles: Array<{ collection: string; id: string }> = [];
    const run = await this.options.db.transaction().execute(async (trx) => {
      if (!(await claimJob(trx, PURGE_JOB, nowMs, nowMs + everyMs, instance))) return { claimed: false, purged: 0 };
      if (withFiles.length > 0)
        purgedWithFiles = await trx
          .selectFrom('deleted_records')
          .select(['collection', 'id'])
          .where('deleted', '<', cutoff)
          .where('collection', 'in', withFiles)
          .execute();
      await sql`DELETE FROM record_history WHERE EXISTS (
        SELECT 1 FROM deleted_records d
        WHERE d.collection = record_history.collection AND d.id = record_history.record AND d.deleted < ${cutoff})`.execute(trx);
      const purged = await trx.deleteFrom('deleted_records').where('deleted', '<', cutoff).executeTakeFirst();
      return { claimed: true, purged: Number(purged.numDeletedRows) };
    });
    for (const { collection, id } of purgedWithFiles) await this.removeRecordFiles(this.collection(collection), id);
    return run;
  }

  // ---- files (docs/decisions/043) ----

  /** Where files' bytes live; throws when this process has no file store. */
  get files(): FileStore {
    if (!this.options.files) throw new Error('RecordService: this process has no file store');
    return this.options.files;
  }

  /**
   * A stored file of a record, for `GET /api/files/...` (files-routes.ts): 404 unless the record
   * has a file of that name, and, when its field is protected, `auth` (the file token's user) may
   * view the record — so another nursery's file, or one without a token, is not found. An
   * unprotected file is served to whoever has its address, as PocketBase does.
   */
  async fileFor(
    collectionIdOrName: string,
    recordId: string,
    name: string,
    auth: AuthContext,
  ): Promise<{ field: FileField; bytes: Uint8Array }> {
    const found = this.byName.get(collectionIdOrName) ?? this.options.collections.find((c) => c.id === collectionIdOrName);
    if (!found || !hasFiles(found.declaration) || !this.options.files) throw notFound();
    const row = await this.store.findById(found.table, recordId);
    if (!row) throw notFound();
    const record = found.toRecord(row);
    const named = fileNamesOf(found.declaration, record).find((file) => file.name === name);
    const field = named ? found.declaration.fields[named.field] : undefined;
    if (!named || field?.kind !== 'file') throw notFound();
    if (field.protected && !this.access(found).allows('view', auth, record)) throw notFound();
    const bytes = await this.options.files.get({ collection: found.id, record: recordId, name });
    if (!bytes) throw notFound();
    return { field, bytes };
  }

  /**
   * A trusted write of a record with files (a driver link's signature and photo on a drop):
   * reads the file keys of `body` and the `uploads` as a client's write would (400 with a
   * sentence for a file too large or of a type not accepted), stores the new files, then runs
   * `write` with the body left and the file fields' new column values to put in the row. If
   * `write` throws, the new files are removed again; once it returns, the files the change
   * dropped are removed. `current` is the record as the API shows it, null for a new one whose
   * id (`recordId`) the caller chose.
   */
  async writeWithFiles<T>(
    collectionName: string,
    recordId: string,
    current: ApiRecord | null,
    body: unknown,
    uploads: readonly Upload[],
    write: (input: { body: unknown; columns: Row }) => Promise<T>,
  ): Promise<T> {
    const collection = this.collection(collectionName);
    const files = this.fileChangesOf(collection, body, uploads, current);
    return this.storingFiles(collection, recordId, files, () => write({ body: files.body, columns: collection.toRow(files.values) }));
  }

  private fileChangesOf(collection: Collection, body: unknown, uploads: readonly Upload[], current: ApiRecord | null): FileChanges {
    if (uploads.length === 0 && !hasFiles(collection.declaration)) return { body, values: {}, added: [], removed: [] };
    const result = fileChanges(collection.declaration, body, uploads, current, (original) => storedFileName(original));
    if (!result.ok) throw validationFailed(result.errors);
    return result.changes;
  }

  private async storingFiles<T>(collection: Collection, recordId: string, files: FileChanges, write: () => Promise<T>): Promise<T> {
    if (files.added.length === 0 && files.removed.length === 0) return write();
    const store = this.files;
    const added: string[] = [];
    let result: T;
    try {
      for (const file of files.added) {
        await store.put({ collection: collection.id, record: recordId, name: file.name }, file.bytes);
        added.push(file.name);
      }
      result = await write();
    } catch (error) {
      await store.remove(collection.id, recordId, added).catch(() => undefined);
      throw error;
    }
    // After the commit: a file the record no longer names is gone for good (as PocketBase does).
    await store.remove(collection.id, recordId, files.removed);
    return result;
  }

  private async removeRecordFiles(collection: Collection, id: string): Promise<void> {
    if (!this.options.files || !hasFiles(collection.declaration)) return;
    await this.options.files.removeRecord(collection.id, id);
  }

  // ---- writes (trusted callers: auth flows, operator CLI, demo seed) ----

  /**
   * Creates a record as the server itself: the collection's validation runs on `body`, then
   * `trusted` columns (e.g. `verified`, `passwordHash`) are set as given. Returns the stored row.
   */
  async systemCreate(collectionName: string, body: unknown, trusted: Row = {}): Promise<Row> {
    const collection = this.collection(collectionName);
    const values = await collection.prepareCreate(body, this.context(SYSTEM, true));
    if (values instanceof NotStored) throw new Error(`systemCreate: ${collection.name} answered a trusted create with NotStored`);
    if (values instanceof CreateWith)
      return this.insert(collection, new CreateWith({ ...values.row, ...trusted }, values.first, values.within), SYSTEM);
    return this.insert(collection, { ...values, ...trusted }, SYSTEM);
  }

  /**
   * Sets columns of one record as the server itself (`verified`, `passwordHash`, `tokenKey` ...),
   * stamped, compare-and-set against `ifMatch` (or the `updated` it reads) and published.
   */
  async systemUpdate(collectionName: string, id: string, changes: Row, options: WriteOptions = {}): Promise<Row> {
    const collection = this.collection(collectionName);
    const existing = await this.store.findById(collection.table, id);
    if (!existing) throw notFound();
    if (options.ifMatch !== undefined && options.ifMatch !== existing.updated) throw changedMeanwhile();
    return this.write(collection, existing, changes, SYSTEM);
  }

  /** Brings a record back from Deleted as the operator (`npm run admin -- undelete`), named so in its history. */
  async systemRestore(collectionName: string, id: string): Promise<ApiRecord> {
    return this.putBack(this.collection(collectionName), SYSTEM, id, () => true);
  }

  /** Everything in Deleted, as the operator sees it. */
  async systemListDeleted(): Promise<Array<{ collection: string; id: string; deleted: string; deletedByName: string; row: Row }>> {
    const names = this.options.collections.filter((c) => c.declaration.trail).map((c) => c.name);
    const entries = [];
    for await (const entry of new DeletedStore(this.options.db).newestFirst(names, null))
      entries.push({
        collection: entry.collection,
        id: entry.id,
        deleted: entry.deleted,
        deletedByName: entry.deleted_by_name,
        row: deletedRow(entry),
      });
    return entries;
  }

  // ---- expand ----

  private planExpand(collection: Collection, auth: AuthContext, expand: string | undefined): ExpandNode[] {
    const paths = parseExpandParam(expand);
    if (paths.length === 0) return [];
    return planExpand(collection, paths, auth, (name) => this.byName.get(name), this.options.dialect);
  }

  private async expanded(record: ApiRecord, expand: readonly ExpandNode[]): Promise<ApiRecord> {
    await expandRecords([record], expand, this.store);
    return record;
  }

  /** A stored row as `auth` may see it: without the fields the collection's field rules hide from them. */
  private shown(collection: Collection, auth: AuthContext, row: Row): ApiRecord {
    const visibility = this.access(collection).fieldVisibility(auth);
    const record = collection.toRecord(row);
    return visibility ? visibility.hide(record) : record;
  }

  // ---- the write path ----

  /**
   * A client's body may name only the fields its collection lets clients set (or, on update,
   * repeat a field's current value): anything else is a 400 naming it, before any other check.
   */
  private refuseUnsettable(collection: Collection, body: unknown, current: ApiRecord | null): void {
    const refused = refusedFields(
      body,
      {
        fields: collection.clientFields,
        known: collection.shownFields,
        reasons: collection.clientFieldReasons,
        relations: Object.keys(collection.relations),
      },
      current,
    );
    if (refused) throw fieldsRefused(refused);
  }

  /** Who history names for a write by `auth`: the person, or the operator. */
  private actorOf(auth: AuthContext): Actor {
    return auth.user ? { id: auth.user.id, name: auth.user.username } : { id: '', name: this.options.systemActorName ?? OPERATOR_NAME };
  }

  /** Today's usernames of the people (ids) still here. */
  private async usernames(ids: readonly string[]): Promise<Map<string, string>> {
    const wanted = [...new Set(ids.filter((id) => id !== ''))];
    if (wanted.length === 0) return new Map();
    return new Map((await this.options.users.findByIds(wanted)).map((user) => [user.id, user.username]));
  }

  /** The history entry of a change to a collection with a trail (none for others, nor for an update that changed no field). */
  private async addHistory(tx: Transaction, collection: Collection, ...change: HistoryChange): Promise<void> {
    if (!collection.declaration.trail) return;
    const entry = this.historyWrite(collection, ...change);
    if (entry.action === 'update' && entry.changes.length === 0) return;
    await tx.history.add(entry);
  }

  /** A change's history entry: what changed, when, by whom. */
  private historyWrite(collection: Collection, ...[action, auth, at, before, after]: HistoryChange): HistoryWrite {
    const changes = after && (action === 'create' || action === 'update') ? fieldChanges(collection.declaration, before, after) : [];
    return { collection: collection.name, record: String((after ?? before)?.id), action, at, actor: this.actorOf(auth), changes };
  }

  /**
   * Puts a record in Deleted back into its table as it was, changed by `auth` now, if `visible`
   * lets them see it; 404 when it is not in Deleted (any more), 409 when it cannot come back as it is.
   */
  private async putBack(
    collection: Collection,
    auth: AuthContext,
    id: string,
    visible: (record: ApiRecord) => boolean,
  ): Promise<ApiRecord> {
    if (!collection.declaration.trail) throw notFound();
    const entry = await new DeletedStore(this.options.db).find(collection.name, id);
    const stored = entry ? deletedRow(entry) : null;
    if (!entry || !stored || !visible(collection.toRecord(stored))) throw notFound();
    const noun = collection.declaration.noun;
    const taken = new ApiError(
      409,
      `A${/^[aeiou]/.test(noun) ? 'n' : ''} ${noun} with the same id is back already, so this one cannot be restored.`,
    );
    if (await this.store.findById(collection.table, id)) throw taken;
    const clash = await collection.restoreConflict?.(stored, this.store);
    if (clash) throw new ApiError(409, clash);
    const latest = String(stored.updated) > entry.deleted ? String(stored.updated) : entry.deleted;
    const updated = nextTimestamp(this.options.now(), latest);
    const row: Row = { ...stored, updated, updated_by: this.actorOf(auth).id };
    const record = collection.toRecord(row);
    try {
      await this.transaction(collection, { collection: collection.name, action: 'create', record }, async (tx) => {
        // Restored or purged by someone else meanwhile: nothing to bring back.
        if (!(await tx.deleted.remove(collection.name, id))) throw notFound();
        await tx.store.insert(collection.table, row);
        await this.addHistory(tx, collection, 'restore', auth, updated, null, record);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw taken;
      throw error;
    }
    return record;
  }

  private context(auth: AuthContext, system: boolean, address = ''): WriteContext {
    return { auth, system, address, deps: this.deps };
  }

  /** The record if this caller's rule for `action` lets them at it; 404 otherwise, so others' ids stay hidden. */
  private async findFor(action: Action, collection: Collection, auth: AuthContext, id: string): Promise<Row> {
    const scope = this.access(collection).sqlScope(action, auth);
    const where = [sql<SqlBool>`${sql.ref('id')} = ${id}`];
    if (scope) where.push(scope);
    const { rows } = await this.store.list(collection.table, { where, sort: [], page: 1, perPage: 1, skipTotal: true });
    const row = rows[0];
    if (!row) throw notFound();
    return row;
  }

  /** A new row: a fresh id (unless one was chosen for it), `created` and `updated` from the injected clock. */
  private stamped(values: Row, keepTimes = false): Row {
    const stamp = formatTimestamp(this.options.now());
    const id = typeof values.id === 'string' ? values.id : newRecordId();
    if (keepTimes && typeof values.created === 'string' && typeof values.updated === 'string') return { ...values, id };
    return { ...values, id, created: stamp, updated: stamp };
  }

  /**
   * Inserts a new record and its history; one that needs records made first and things written
   * with it (CreateWith: a sign-up's new nursery, the invitation it uses) goes in one batch.
   */
  private async insert(collection: Collection, values: Row | CreateWith, auth: AuthContext, digest: string | null = null): Promise<Row> {
    if (values instanceof CreateWith) {
      const withFirst = values;
      return this.systemBatch(async (batch) => {
        for (const first of withFirst.first) await batch.insert(first.collection, first.row);
        const row = await batch.insert(collection.name, withFirst.row);
        await withFirst.within?.(batch, row);
        return row;
      });
    }
    const row = this.stamped(values);
    const record = collection.toRecord(row);
    await this.transaction(collection, { collection: collection.name, action: 'create', record }, async (tx) => {
      await tx.store.insert(collection.table, row);
      if (digest !== null)
        await tx.trx
          .insertInto('chosen_ids')
          .values({ collection: collection.name, id: String(row.id), digest })
          // Left by a record since purged, whose id is free again.
          .onConflict((conflict) => conflict.columns(['collection', 'id']).doUpdateSet({ digest }))
          .execute();
      await this.addHistory(tx, collection, 'create', auth, String(row.updated), null, record);
    });
    return row;
  }

  /**
   * Trusted writes that must hold together (docs/decisions/035: a change to a nursery's people
   * and the check that an admin remains): one transaction, each write stamped and compared as
   * every write is, each change staged in it and published after the commit. `work` may read and
   * lock through `batch.db`; an error it throws undoes every write of the batch. A collection with
   * a trail gets its history and Deleted written in the batch too, naming `by` (the person a route
   * acts for; the operator when none, docs/decisions/034).
   */
  async systemBatch<T>(work: (batch: WriteBatch) => Promise<T>, by: AuthContext = SYSTEM): Promise<T> {
    const changes: RecordChange[] = [];
    const touched = new Set<Collection>();
    // Set by a bulk write: one resync after the commit instead of an event per record.
    let resync = false;
    let result: T;
    try {
      result = await (this.options.batches ?? this.options.db).transaction().execute(async (trx) => {
        const store = new RecordStore(trx, this.options.dialect);
        // A collection with a trail keeps its history and Deleted here too, named after `by`.
        const tx: Transaction = { trx, store, history: new HistoryStore(trx), deleted: new DeletedStore(trx) };
        const batch: WriteBatch = {
          db: trx,
          store,
          dialect: this.options.dialect,
          insert: async (name, values, options) => {
            const into = this.collection(name);
            touched.add(into);
            const row = this.stamped(values, options?.keepTimes);
            await store.insert(into.table, row);
            await this.addHistory(tx, into, 'create', by, String(row.updated), null, into.toRecord(row));
            changes.push({ collection: into.name, action: 'create', record: into.toRecord(row) });
            return row;
          },
          update: async (name, existing, columns) => {
            const into = this.collection(name);
            touched.add(into);
            const updated = nextTimestamp(this.options.now(), String(existing.updated));
            const row: Row = { ...existing, ...columns, updated };
            // Compare-and-set, as every update (docs/decisions/025).
            if (!(await store.update(into.table, String(existing.id), { ...columns, updated }, String(existing.updated))))
              throw changedMeanwhile();
            await this.addHistory(tx, into, 'update', by, updated, into.toRecord(existing), into.toRecord(row));
            changes.push({ collection: into.name, action: 'update', record: into.toRecord(row) });
            return row;
          },
          delete: async (name, existing) => {
            const into = this.collection(name);
            touched.add(into);
            if (!(await store.delete(into.table, String(existing.id), String(existing.updated))))
              throw (await store.findById(into.table, String(existing.id))) ? changedMeanwhile() : notFound();
            if (into.declaration.trail) {
              const deleted = nextTimestamp(this.options.now(), String(existing.updated));
              await tx.deleted.put(into.name, existing, deleted, this.actorOf(by));
              await this.addHistory(tx, into, 'delete', by, deleted, into.toRecord(existing), null);
            }
            changes.push({ collection: into.name, action: 'delete', record: into.toRecord(existing) });
          },
          insertMany: async (name, values, options) => {
            const into = this.collection(name);
            touched.add(into);
            const each = options?.announce === 'each';
            if (!each) resync = true;
            // Thousands of rows are minutes of CPU on a busy machine: built in slices (docs/decisions/053).
            const slicer = new Slicer();
            const rows: Row[] = [];
            const history: HistoryWrite[] = [];
            for (const value of values) {
              const row = this.stamped(value, options?.keepTimes);
              rows.push(row);
              if (into.declaration.trail || each) {
                const record = into.toRecord(row);
                if (into.declaration.trail) history.push(this.historyWrite(into, 'create', by, String(row.updated), null, record));
                if (each) changes.push({ collection: into.name, action: 'create', record });
              }
              await slicer.pause();
            }
            await store.insertMany(into.table, rows);
            if (history.length > 0) await tx.history.addMany(history);
            return rows;
          },
          deleteMany: async (name, existing) => {
            const into = this.collection(name);
            touched.add(into);
            resync = true;
            const gone = existing.map((row) => ({ id: String(row.id), updated: String(row.updated) }));
            if ((await store.deleteMany(into.table, gone)) !== gone.length) throw changedMeanwhile();
            if (!into.declaration.trail) return;
            const entries = existing.map((row) => ({ row, deleted: nextTimestamp(this.options.now(), String(row.updated)) }));
            await tx.deleted.putMany(into.name, entries, this.actorOf(by));
            await tx.history.addMany(entries.map((e) => this.historyWrite(into, 'delete', by, e.deleted, into.toRecord(e.row), null)));
          },
        };
        const answer = await work(batch);
        const slicer = new Slicer();
        for (const change of changes) {
          await this.options.events.stage(trx, change);
          await slicer.pause();
        }
        if (resync) await this.options.events.stageResync(trx);
        return answer;
      });
    } catch (error) {
      if (isUniqueViolation(error))
        for (const collection of touched) {
          const conflict = collection.describeConflict?.(error);
          if (conflict) throw validationFailed(conflict);
        }
      throw error;
    }
    // Thousands of changes (an import) are announced in slices too: the commit is made already.
    const slicer = new Slicer();
    for (const change of changes) {
      this.options.events.committed(change);
      await slicer.pause();
    }
    if (resync) this.options.events.committedResync();
    return result;
  }

  private async write(collection: Collection, existing: Row, changes: Row, auth: AuthContext): Promise<Row> {
    const updated = nextTimestamp(this.options.now(), String(existing.updated));
    const row: Row = { ...existing, ...changes, updated };
    const record = collection.toRecord(row);
    await this.transaction(collection, { collection: collection.name, action: 'update', record }, async (tx) => {
      // Compare-and-set in the database: if anyone saved since `existing` was read, nothing is written (docs/decisions/025).
      const written = await tx.store.update(collection.table, String(existing.id), { ...changes, updated }, String(existing.updated));
      if (!written) throw changedMeanwhile();
      await this.addHistory(tx, collection, 'update', auth, updated, collection.toRecord(existing), record);
    });
    return row;
  }

  /**
   * Deletes a record; one of a collection with a trail moves to Deleted whole (docs/decisions/034),
   * so it leaves every list, search, sheet and live view exactly as a record deleted for good.
   */
  private async remove(collection: Collection, existing: Row, auth: AuthContext): Promise<void> {
    const record = collection.toRecord(existing);
    const change: RecordChange = { collection: collection.name, action: 'delete', record };
    await this.transaction(collection, change, async (tx) => {
      if (await tx.store.delete(collection.table, String(existing.id), String(existing.updated))) {
        if (!collection.declaration.trail) return;
        const deleted = nextTimestamp(this.options.now(), String(existing.updated));
        await tx.deleted.put(collection.name, existing, deleted, this.actorOf(auth));
        await this.addHistory(tx, collection, 'delete', auth, deleted, record, null);
        return;
      }
      // Nothing deleted: gone already (404), or changed since it was read (412), as for updates.
      throw (await tx.store.findById(collection.table, String(existing.id))) ? changedMeanwhile() : notFound();
    });
  }

  /**
   * Runs `work` (the change, its history, its move to or from Deleted) and stages `change` in one
   * transaction; publishes `change` only after the commit.
   */
  private async transaction(collection: Collection, change: RecordChange, work: (tx: Transaction) => Promise<void>): Promise<void> {
    try {
      await this.options.db.transaction().execute(async (trx) => {
        await work({
          trx,
          store: new RecordStore(trx, this.options.dialect),
          history: new HistoryStore(trx),
          deleted: new DeletedStore(trx),
        });
        await this.options.events.stage(trx, change);
      });
    } catch (error) {
      const conflict = isUniqueViolation(error) ? collection.describeConflict?.(error) : null;
      if (conflict) throw validationFailed(conflict);
      throw error;
    }
    this.options.events.committed(change);
  }
}

/** A record's history read to undo its changes (far more than an order gathers). */
const MAX_HISTORY_READ = 1000;

/** Code of a list stopped at its time limit, in the answer's `data.filter`. */
export const READ_TIME_LIMIT_CODE = 'validation_filter_too_slow';

/**
 * The answer to a list that ran out of time (400: this request asked for too much work) or never
 * got a reader (503: others' reads were running; nothing was wrong with this one).
 */
function readRefusal(error: ReadRefused, hasFilter: boolean): ApiError {
  const seconds = (error.limitMs / 1000).toLocaleString('en-GB', { maximumFractionDigits: 3 });
  if (error.reason === 'busy') {
    return new ApiError(
      503,
      `The server is busy with other lists and could not start this one within ${seconds} s. Please try again in a moment.`,
    );
  }
  const message =
    `This list took longer than ${seconds} s to read and was stopped, so that it does not hold up everyone else. ` +
    'Narrow it: search for a longer text (three characters or more), use fewer conditions, or filter by week and year.';
  return new ApiError(400, message, hasFilter ? { filter: { code: READ_TIME_LIMIT_CODE, message } } : {});
}

/** Whether a write broke a unique index (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  return e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === '23505' || /UNIQUE constraint failed/.test(String(e?.message ?? ''));
}
