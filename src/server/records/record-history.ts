import { sql } from 'kysely';
import type { DeletedEntry } from '#domain/history/record-history';
import { canPurge, canRestore, PURGE_REFUSED, RESTORE_REFUSED } from '#domain/history/trail-permissions';
import type { AuthContext } from '../auth/auth-context';
import { ApiError, forbidden, notFound } from '../errors';
import { hasFiles } from '../files/file-changes';
import { deletedRow, DeletedStore } from '../trail/deleted-store';
import { historyEntryOf, HistoryStore, type HistoryPage } from '../trail/history-store';
import { claimJob } from '../trail/job-claims';
import type { Collection } from './collection';
import { formatTimestamp, nextTimestamp } from './ids';
import { SYSTEM, type RecordContext } from './record-context';
import type { RecordFiles } from './record-files';
import type { ApiRecord } from './record-mapping';
import type { RecordReads } from './record-reads';
import type { Row } from './record-store';
import { isUniqueViolation, type WritePath } from './write-path';

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

/**
 * History and Deleted of the collections with a trail (docs/decisions/034), as callers read and
 * undo them: a record's history, the records in Deleted, restoring and purging one, the automatic
 * purge, and the operator's own list and restore. The entries themselves are written by the
 * write path (write-path.ts), in each change's transaction.
 */
export class RecordHistory {
  constructor(
    private readonly context: RecordContext,
    private readonly reads: RecordReads,
    private readonly files: RecordFiles,
    private readonly path: WritePath,
  ) {}

  /**
   * One record's history, oldest first, for a caller who may view the record: as it is, or as it
   * was when deleted (its view rule over the record kept in Deleted). 404 otherwise.
   */
  async history(collection: Collection, auth: AuthContext, id: string, page: number, perPage: number): Promise<HistoryPage> {
    const { db } = this.context.options;
    const access = this.context.access(collection);
    access.authorize('view', auth);
    if (!collection.declaration.trail) throw notFound();
    const live = await this.reads.findFor('view', collection, auth, id).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    });
    if (!live) {
      const entry = await new DeletedStore(db).find(collection.name, id);
      if (!entry || !access.allows('view', auth, collection.toRecord(deletedRow(entry)))) throw notFound();
    }
    const { rows, totalItems } = await new HistoryStore(db).page(collection.name, id, page, perPage);
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
    const { options } = this.context;
    const collections = options.collections.filter((c) => c.declaration.trail && (query.collection ?? c.name) === c.name);
    if (query.collection !== undefined && collections.length === 0) throw notFound();
    const checks = new Map(
      collections.map((collection) => {
        const access = this.context.access(collection);
        access.authorize('list', auth);
        return [collection.name, { collection, check: access.recordCheck('list', auth) }] as const;
      }),
    );
    const first = (query.page - 1) * query.perPage;
    const shown: Array<{ collection: Collection; entry: { deleted: string; deleted_by: string; deleted_by_name: string }; row: Row }> = [];
    let totalItems = 0;
    const readable = [...checks.values()].filter(({ check }) => check !== false).map(({ collection }) => collection.name);
    // The caller's nursery's entries only (an index leads with it); the rule decides each of those.
    for await (const entry of new DeletedStore(options.db).newestFirst(readable, auth.user?.nursery ?? '')) {
      const found = checks.get(entry.collection);
      if (!found) continue;
      const row = deletedRow(entry);
      const { check } = found;
      if (check !== true && !(check !== false && check(found.collection.toRecord(row)))) continue;
      if (totalItems >= first && shown.length < query.perPage) shown.push({ collection: found.collection, entry, row });
      totalItems++;
    }
    const names = await this.usernames(shown.map(({ entry }) => entry.deleted_by));
    const keepMs = options.config.deletedKeepDays * DAY_MS;
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
    const access = this.context.access(collection);
    access.authorize('create', auth);
    if (!canRestore(auth.user)) throw forbidden(RESTORE_REFUSED);
    return this.putBack(collection, auth, id, (record) => access.allows('view', auth, record));
  }

  /** Purges a record in Deleted for good, its history too, for a caller who may purge (canPurge) and may view it. */
  async purge(collection: Collection, auth: AuthContext, id: string): Promise<void> {
    const { db } = this.context.options;
    const access = this.context.access(collection);
    access.authorize('delete', auth);
    if (!canPurge(auth.user)) throw forbidden(PURGE_REFUSED);
    if (!collection.declaration.trail) throw notFound();
    const entry = await new DeletedStore(db).find(collection.name, id);
    if (!entry || !access.allows('view', auth, collection.toRecord(deletedRow(entry)))) throw notFound();
    await db.transaction().execute(async (trx) => {
      if (!(await new DeletedStore(trx).remove(collection.name, id))) throw notFound();
      await new HistoryStore(trx).removeFor(collection.name, [id]);
    });
    await this.files.removeRecordFiles(collection, id);
  }

  /**
   * Purges what has been in Deleted longer than DELETED_KEEP_DAYS, with its history, when this
   * instance claims the job (at most once per `everyMs` among every instance on the database).
   */
  async purgeExpired(instance: string, everyMs: number): Promise<PurgeRun> {
    const { options } = this.context;
    const nowMs = options.now().getTime();
    const cutoff = formatTimestamp(new Date(nowMs - options.config.deletedKeepDays * DAY_MS));
    const withFiles = options.collections.filter((c) => c.declaration.trail && hasFiles(c.declaration)).map((c) => c.name);
    let purgedWithFiles: Array<{ collection: string; id: string }> = [];
    const run = await options.db.transaction().execute(async (trx) => {
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
    for (const { collection, id } of purgedWithFiles) await this.files.removeRecordFiles(this.context.collection(collection), id);
    return run;
  }

  /** Brings a record back from Deleted as the operator (`npm run admin -- undelete`), named so in its history. */
  async systemRestore(collectionName: string, id: string): Promise<ApiRecord> {
    return this.putBack(this.context.collection(collectionName), SYSTEM, id, () => true);
  }

  /** Everything in Deleted, as the operator sees it. */
  async systemListDeleted(): Promise<Array<{ collection: string; id: string; deleted: string; deletedByName: string; row: Row }>> {
    const { options } = this.context;
    const names = options.collections.filter((c) => c.declaration.trail).map((c) => c.name);
    const entries = [];
    for await (const entry of new DeletedStore(options.db).newestFirst(names, null))
      entries.push({
        collection: entry.collection,
        id: entry.id,
        deleted: entry.deleted,
        deletedByName: entry.deleted_by_name,
        row: deletedRow(entry),
      });
    return entries;
  }

  /** Today's usernames of the people (ids) still here. */
  private async usernames(ids: readonly string[]): Promise<Map<string, string>> {
    const wanted = [...new Set(ids.filter((id) => id !== ''))];
    if (wanted.length === 0) return new Map();
    return new Map((await this.context.options.users.findByIds(wanted)).map((user) => [user.id, user.username]));
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
    const { options, store } = this.context;
    if (!collection.declaration.trail) throw notFound();
    const entry = await new DeletedStore(options.db).find(collection.name, id);
    const stored = entry ? deletedRow(entry) : null;
    if (!entry || !stored || !visible(collection.toRecord(stored))) throw notFound();
    const noun = collection.declaration.noun;
    const taken = new ApiError(
      409,
      `A${/^[aeiou]/.test(noun) ? 'n' : ''} ${noun} with the same id is back already, so this one cannot be restored.`,
    );
    if (await store.findById(collection.table, id)) throw taken;
    const clash = await collection.restoreConflict?.(stored, store);
    if (clash) throw new ApiError(409, clash);
    const latest = String(stored.updated) > entry.deleted ? String(stored.updated) : entry.deleted;
    const updated = nextTimestamp(options.now(), latest);
    const row: Row = { ...stored, updated, updated_by: this.path.actorOf(auth).id };
    const record = collection.toRecord(row);
    try {
      // Through the write path, as every write: stamped, its history written, published after the commit.
      await this.path.transaction(collection, { collection: collection.name, action: 'create', record }, async (tx) => {
        // Restored or purged by someone else meanwhile: nothing to bring back.
        if (!(await tx.deleted.remove(collection.name, id))) throw notFound();
        await tx.store.insert(collection.table, row);
        await this.path.addHistory(tx, collection, 'restore', auth, updated, null, record);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw taken;
      throw error;
    }
    return record;
  }
}
