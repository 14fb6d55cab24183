import type { AuthContext } from '../auth/auth-context';
import { notFound } from '../errors';
import type { Upload } from '../files/file-changes';
import { DeletedStore } from '../trail/deleted-store';
import { historyEntryOf, HistoryStore } from '../trail/history-store';
import { asCreated, chosenIdOf, createDigest, idTaken, sameCreate, type ChosenId } from './chosen-id';
import { fieldsRefused, refusedFields } from './client-fields';
import { CreateWith, DecidedInWrite, NotStored, type Collection, type WriteContext } from './collection';
import { newRecordId } from './ids';
import { SYSTEM, type RecordContext } from './record-context';
import type { RecordFiles } from './record-files';
import type { RecordBody } from './record-body';
import type { ApiRecord } from './record-mapping';
import type { ReadOptions, RecordReads } from './record-reads';
import type { Row } from './record-store';
import { changedMeanwhile, isUniqueViolation, type WritePath, type WrittenCheck } from './write-path';

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

export interface DeleteOptions extends WriteOptions {
  /** The typed deletion password (`X-Confirm-Password`, docs/decisions/020). */
  confirmPassword?: string | string[];
}

/** A record's history read to undo its changes (far more than an order gathers). */
const MAX_HISTORY_READ = 1000;

/**
 * Creates, updates and deletes, with every check they need before the write path
 * (write-path.ts) makes them: a client's right to the action and to the record, the fields a
 * client may set, a chosen id, the collection's validation, files, the deletion password; and
 * the trusted creates and updates of auth flows, the operator CLI and the demo seed.
 */
export class RecordWrites {
  constructor(
    private readonly context: RecordContext,
    private readonly reads: RecordReads,
    private readonly files: RecordFiles,
    private readonly path: WritePath,
  ) {}

  // ---- clients ----

  async create(collection: Collection, auth: AuthContext, body: RecordBody, options: CreateOptions = {}): Promise<ApiRecord> {
    this.context.access(collection).authorize('create', auth);
    const expand = this.reads.planExpand(collection, auth, options.expand);
    // A chosen id (docs/decisions/047): a resend of the same create answers the record it made.
    const chosen = collection.acceptsChosenId ? chosenIdOf(body) : null;
    if (chosen?.id) {
      const again = await this.createdBefore(collection, auth, chosen);
      if (again) return this.reads.expanded(again, expand);
    }
    const files = this.files.changesOf(collection, chosen ? chosen.body : body, options.uploads ?? [], null);
    this.refuseUnsettable(collection, files.body, null);
    const writeContext = this.context.writeContext(auth, false);
    const values = await collection.prepareCreate(files.body, writeContext);
    if (values instanceof NotStored) return collection.toRecord(this.path.stamped(values.row));
    if (values instanceof CreateWith) {
      if (files.added.length > 0) throw new Error(`${collection.name}: a create that makes other records first cannot take files`);
      return this.reads.expanded(collection.toRecord(await this.path.insert(collection, values, auth)), expand);
    }
    const given = values instanceof DecidedInWrite ? values.row.id : values.id;
    const id = chosen?.id ? chosen.id : typeof given === 'string' ? given : newRecordId();
    try {
      // What the create asked for, kept with its chosen id: a resend is matched by it (docs/decisions/054).
      const digest = chosen?.id ? createDigest(collection.declaration, chosen.body) : null;
      const row = await this.files.storing(collection, id, files, () =>
        values instanceof DecidedInWrite
          ? this.path.insertDeciding(
              collection,
              new DecidedInWrite({ ...values.row, ...collection.toRow(files.values), id }, values.decide),
              auth,
              digest,
            )
          : this.path.insert(
              collection,
              { ...values, ...collection.toRow(files.values), id },
              auth,
              digest,
              this.writtenCheck(collection, files.body, writeContext),
            ),
      );
      // The answer shows what the client sent and the server set: no field is hidden from its maker.
      return this.reads.expanded(collection.toRecord(row), expand);
    } catch (error) {
      // The same create sent twice at once: the one that lost the race answers the winner's record.
      if (!chosen?.id || !isUniqueViolation(error)) throw error;
      const again = await this.createdBefore(collection, auth, chosen);
      if (again) return this.reads.expanded(again, expand);
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
    const { db } = this.context.options;
    const row = await this.context.store.findById(collection.table, chosen.id);
    if (!row) {
      if (collection.declaration.trail && (await new DeletedStore(db).find(collection.name, chosen.id))) throw idTaken();
      return null;
    }
    const record = collection.toRecord(row);
    if (!this.context.access(collection).allows('view', auth, record)) throw idTaken();
    // One rule for every collection (docs/decisions/054): the body asks for what the first create asked for.
    const kept = await db
      .selectFrom('chosen_ids')
      .select('digest')
      .where('collection', '=', collection.name)
      .where('id', '=', chosen.id)
      .executeTakeFirst();
    if (kept) {
      if (createDigest(collection.declaration, chosen.body) !== kept.digest) throw idTaken();
      return this.reads.shown(collection, auth, row);
    }
    // Made before digests were kept: compared with the record as created, as far as its history tells.
    const updates = collection.declaration.trail
      ? (await new HistoryStore(db).page(collection.name, chosen.id, 1, MAX_HISTORY_READ)).rows
          .filter((entry) => entry.action === 'update')
          .map((entry) => historyEntryOf(entry, new Map()).changes)
      : [];
    if (!sameCreate(collection.declaration, chosen.body, asCreated(record, updates))) throw idTaken();
    return this.reads.shown(collection, auth, row);
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
    this.context.access(collection).authorize(write.action, auth);
    if (write.action === 'create') return;
    const existing = await this.reads.findFor('update', collection, auth, write.id);
    if (write.ifMatch !== undefined && write.ifMatch !== existing.updated) throw changedMeanwhile();
  }

  async update(collection: Collection, auth: AuthContext, id: string, body: RecordBody, options: WriteOptions = {}): Promise<ApiRecord> {
    this.context.access(collection).authorize('update', auth);
    const expand = this.reads.planExpand(collection, auth, options.expand);
    const existing = await this.reads.findFor('update', collection, auth, id);
    if (options.ifMatch !== undefined && options.ifMatch !== existing.updated) throw changedMeanwhile();
    const files = this.files.changesOf(collection, body, options.uploads ?? [], collection.toRecord(existing));
    this.refuseUnsettable(collection, files.body, collection.toRecord(existing));
    const writeContext = this.context.writeContext(auth, false, options.address);
    const changes = await collection.prepareUpdate(files.body, existing, writeContext);
    const row = await this.files.storing(collection, String(existing.id), files, () =>
      changes instanceof DecidedInWrite
        ? this.path.updateDeciding(
            collection,
            existing,
            new DecidedInWrite({ ...changes.row, ...collection.toRow(files.values) }, changes.decide),
            auth,
          )
        : this.path.update(
            collection,
            existing,
            { ...changes, ...collection.toRow(files.values) },
            auth,
            this.writtenCheck(collection, files.body, writeContext),
          ),
    );
    return this.reads.expanded(this.reads.shown(collection, auth, row), expand);
  }

  async delete(collection: Collection, auth: AuthContext, id: string, options: DeleteOptions = {}): Promise<void> {
    this.context.access(collection).authorize('delete', auth);
    if (collection.needsDeletePassword) {
      // The caller's nursery's deletion password (docs/decisions/036); checked before the record
      // is looked up, so a wrong password says nothing about which ids exist.
      await this.context.options.checkDeletePassword({
        userId: auth.user?.id ?? null,
        nursery: auth.user?.nursery ?? '',
        address: options.address ?? '',
        typed: options.confirmPassword,
      });
    }
    const existing = await this.reads.findFor('delete', collection, auth, id);
    if (options.ifMatch !== undefined && options.ifMatch !== existing.updated) throw changedMeanwhile();
    await this.path.remove(collection, existing, auth);
    // A record in Deleted keeps its files, so a restore brings them back; they go with the purge.
    if (!collection.declaration.trail) await this.files.removeRecordFiles(collection, id);
  }

  /**
   * A client's create checked as `create` checks it (the caller's right to create, the fields a
   * client may send, the collection's validation, stamps and checks) without writing it: the row
   * a feature service inserts in a batch that makes several records in one transaction (Create
   * runs, docs/decisions/076). Only for collections whose create makes one plain row.
   */
  async prepareClientCreate(collection: Collection, auth: AuthContext, body: RecordBody): Promise<Row> {
    this.context.access(collection).authorize('create', auth);
    this.refuseUnsettable(collection, body, null);
    const values = await collection.prepareCreate(body, this.context.writeContext(auth, false));
    if (values instanceof NotStored || values instanceof CreateWith || values instanceof DecidedInWrite)
      throw new Error(`prepareClientCreate: a create of ${collection.name} makes more than one plain row`);
    return values;
  }

  /** The collection's check inside a client's write transaction, bound to its body (none for most collections). */
  private writtenCheck(collection: Collection, body: RecordBody, context: WriteContext): WrittenCheck | undefined {
    const check = collection.checkWritten;
    if (!check) return undefined;
    const { dialect } = this.context.options;
    return (db, before, after) => check({ db, dialect, before, after }, body, context);
  }

  /**
   * A client's body may name only the fields its collection lets clients set (or, on update,
   * repeat a field's current value): anything else is a 400 naming it, before any other check.
   */
  private refuseUnsettable(collection: Collection, body: RecordBody, current: ApiRecord | null): void {
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

  // ---- trusted callers: auth flows, operator CLI, demo seed ----

  /**
   * Creates a record as the server itself: the collection's validation runs on `body`, then
   * `trusted` columns (e.g. `verified`, `passwordHash`) are set as given. Returns the stored row.
   */
  async systemCreate(collectionName: string, body: RecordBody, trusted: Row = {}): Promise<Row> {
    const collection = this.context.collection(collectionName);
    const values = await collection.prepareCreate(body, this.context.writeContext(SYSTEM, true));
    if (values instanceof NotStored) throw new Error(`systemCreate: ${collection.name} answered a trusted create with NotStored`);
    if (values instanceof DecidedInWrite)
      return this.path.insertDeciding(collection, new DecidedInWrite({ ...values.row, ...trusted }, values.decide), SYSTEM);
    if (values instanceof CreateWith)
      return this.path.insert(collection, new CreateWith({ ...values.row, ...trusted }, values.first, values.within), SYSTEM);
    return this.path.insert(collection, { ...values, ...trusted }, SYSTEM);
  }

  /**
   * Sets columns of one record as the server itself (`verified`, `passwordHash`, `tokenKey` ...),
   * stamped, compare-and-set against `ifMatch` (or the `updated` it reads) and published.
   */
  async systemUpdate(collectionName: string, id: string, changes: Row, options: WriteOptions = {}): Promise<Row> {
    const collection = this.context.collection(collectionName);
    const existing = await this.context.store.findById(collection.table, id);
    if (!existing) throw notFound();
    if (options.ifMatch !== undefined && options.ifMatch !== existing.updated) throw changedMeanwhile();
    return this.path.update(collection, existing, changes, SYSTEM);
  }
}
