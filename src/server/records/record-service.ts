import type { FileField } from '#domain/collections/fields';
import type { AuthContext } from '../auth/auth-context';
import type { Upload } from '../files/file-changes';
import type { FileStore } from '../files/file-store';
import type { HistoryPage } from '../trail/history-store';
import type { Collection } from './collection';
import type { SqlDialect } from './filter/field-map';
import type { ListQuery } from './list-query';
import { RecordContext, SYSTEM, type RecordServiceOptions } from './record-context';
import { RecordFiles } from './record-files';
import { RecordHistory, type DeletedPage, type PurgeRun } from './record-history';
import type { RecordBody } from './record-body';
import type { ApiRecord } from './record-mapping';
import { RecordReads, type ListPage, type ListScope, type ReadOptions } from './record-reads';
import type { Row } from './record-store';
import { RecordWrites, type CreateOptions, type DeleteOptions, type WriteOptions } from './record-writes';
import type { WriteBatch } from './write-batch';
import { WritePath } from './write-path';

// The names RecordService's callers import with it (its answers, its batches, a batch's unique
// violation), so that they need not know which module declares each.
export type { PurgeRun } from './record-history';
export type { ApiRecord } from './record-mapping';
export { READ_TIME_LIMIT_CODE } from './record-reads';
export type { WriteBatch } from './write-batch';
export { isUniqueViolation } from './write-path';

/**
 * The one place records are read for clients and written by anyone (src/server/README.md): routes,
 * auth flows, the operator CLI and the demo seed. Each method is one call into the module of its
 * concern:
 * - record-reads.ts: lists and views, within the caller's rules;
 * - record-writes.ts: creates, updates and deletes, with their checks, for clients and trusted callers;
 * - write-path.ts: the transaction every write goes through (stamp, compare-and-set, history and
 *   Deleted, staged on the event bus, published after the commit), one change or a batch;
 * - record-history.ts: a record's history, Deleted, restore and purge;
 * - record-files.ts: records' files, stored around the writes and served.
 */
export class RecordService {
  readonly #context: RecordContext;
  readonly #reads: RecordReads;
  readonly #writes: RecordWrites;
  readonly #path: WritePath;
  readonly #history: RecordHistory;
  readonly #files: RecordFiles;

  constructor(options: RecordServiceOptions) {
    this.#context = new RecordContext(options);
    this.#reads = new RecordReads(this.#context);
    this.#files = new RecordFiles(this.#context);
    this.#path = new WritePath(this.#context);
    this.#writes = new RecordWrites(this.#context, this.#reads, this.#files, this.#path);
    this.#history = new RecordHistory(this.#context, this.#reads, this.#files, this.#path);
  }

  get dialect(): SqlDialect {
    return this.#context.options.dialect;
  }

  /** A collection by name or id; 404 as PocketBase answers for an unknown one. */
  collection(nameOrId: string): Collection {
    return this.#context.collection(nameOrId);
  }

  // ---- reads (clients): record-reads.ts ----

  /** Whether `auth` may list `collection`, and what they see: decided once for the list and its cache. */
  listScope(collection: Collection, auth: AuthContext, options: ReadOptions = {}): ListScope {
    return this.#reads.listScope(collection, auth, options);
  }

  /** One page of a list, within a scope from listScope. */
  list(scope: ListScope, query: Omit<ListQuery, 'fields'>): Promise<ListPage> {
    return this.#reads.list(scope, query);
  }

  view(collection: Collection, auth: AuthContext, id: string, options: ReadOptions = {}): Promise<ApiRecord> {
    return this.#reads.view(collection, auth, id, options);
  }

  // ---- writes (clients): record-writes.ts ----

  create(collection: Collection, auth: AuthContext, body: RecordBody, options: CreateOptions = {}): Promise<ApiRecord> {
    return this.#writes.create(collection, auth, body, options);
  }

  /** A client's create checked, not written: the row for a feature service's batch (record-writes.ts). */
  prepareClientCreate(collection: Collection, auth: AuthContext, body: RecordBody): Promise<Row> {
    return this.#writes.prepareClientCreate(collection, auth, body);
  }

  /** What can be decided of a create or update before its body is read (docs/decisions/052). */
  refuseBeforeBody(
    collection: Collection,
    auth: AuthContext,
    write: { action: 'create' } | { action: 'update'; id: string; ifMatch?: string },
  ): Promise<void> {
    return this.#writes.refuseBeforeBody(collection, auth, write);
  }

  update(collection: Collection, auth: AuthContext, id: string, body: RecordBody, options: WriteOptions = {}): Promise<ApiRecord> {
    return this.#writes.update(collection, auth, id, body, options);
  }

  delete(collection: Collection, auth: AuthContext, id: string, options: DeleteOptions = {}): Promise<void> {
    return this.#writes.delete(collection, auth, id, options);
  }

  // ---- history and Deleted (collections with a trail, docs/decisions/034): record-history.ts ----

  history(collection: Collection, auth: AuthContext, id: string, page: number, perPage: number): Promise<HistoryPage> {
    return this.#history.history(collection, auth, id, page, perPage);
  }

  listDeleted(auth: AuthContext, query: { collection?: string; page: number; perPage: number }): Promise<DeletedPage> {
    return this.#history.listDeleted(auth, query);
  }

  restore(collection: Collection, auth: AuthContext, id: string): Promise<ApiRecord> {
    return this.#history.restore(collection, auth, id);
  }

  purge(collection: Collection, auth: AuthContext, id: string): Promise<void> {
    return this.#history.purge(collection, auth, id);
  }

  purgeExpired(instance: string, everyMs: number): Promise<PurgeRun> {
    return this.#history.purgeExpired(instance, everyMs);
  }

  // ---- files (docs/decisions/043): record-files.ts ----

  /** Where files' bytes live; throws when this process has no file store. */
  get files(): FileStore {
    return this.#files.store;
  }

  /** A stored file of a record, for `GET /api/files/...`, if `auth` may have it. */
  fileFor(collectionIdOrName: string, recordId: string, name: string, auth: AuthContext): Promise<{ field: FileField; bytes: Uint8Array }> {
    return this.#files.fileFor(collectionIdOrName, recordId, name, auth);
  }

  /** A trusted write of a record with files (a driver link's signature and photo on a drop). */
  writeWithFiles<T>(
    collectionName: string,
    recordId: string,
    current: ApiRecord | null,
    body: RecordBody,
    uploads: readonly Upload[],
    write: (input: { body: RecordBody; columns: Row }) => Promise<T>,
  ): Promise<T> {
    return this.#files.writeWithFiles(collectionName, recordId, current, body, uploads, write);
  }

  // ---- writes (trusted callers: auth flows, operator CLI, demo seed, feature services) ----

  /** Creates a record as the server itself (record-writes.ts). */
  systemCreate(collectionName: string, body: RecordBody, trusted: Row = {}): Promise<Row> {
    return this.#writes.systemCreate(collectionName, body, trusted);
  }

  /** Sets columns of one record as the server itself (record-writes.ts). */
  systemUpdate(collectionName: string, id: string, changes: Row, options: WriteOptions = {}): Promise<Row> {
    return this.#writes.systemUpdate(collectionName, id, changes, options);
  }

  /** Brings a record back from Deleted as the operator (record-history.ts). */
  systemRestore(collectionName: string, id: string): Promise<ApiRecord> {
    return this.#history.systemRestore(collectionName, id);
  }

  /** Everything in Deleted, as the operator sees it (record-history.ts). */
  systemListDeleted(): Promise<Array<{ collection: string; id: string; deleted: string; deletedByName: string; row: Row }>> {
    return this.#history.systemListDeleted();
  }

  /** Trusted writes that must hold together, in one transaction of the write path (write-path.ts). */
  systemBatch<T>(work: (batch: WriteBatch) => Promise<T>, by: AuthContext = SYSTEM): Promise<T> {
    return this.#path.batch(work, by);
  }
}
