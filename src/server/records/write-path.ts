import type { Kysely } from 'kysely';
import { fieldChanges, OPERATOR_NAME, type HistoryAction } from '#domain/history/record-history';
import type { AuthContext } from '../auth/auth-context';
import type { Database } from '../db/schema';
import { ApiError, notFound, validationFailed } from '../errors';
import type { RecordChange } from '../realtime/event-bus';
import { Slicer } from '../slices';
import { DeletedStore } from '../trail/deleted-store';
import { HistoryStore, type Actor, type HistoryWrite } from '../trail/history-store';
import { CreateWith, type Collection, type DecidedInWrite } from './collection';
import { formatTimestamp, newRecordId, nextTimestamp } from './ids';
import type { ApiRecord } from './record-mapping';
import { SYSTEM, type RecordContext } from './record-context';
import { RecordStore, type Row } from './record-store';
import type { WriteBatch } from './write-batch';

// The one write path (src/server/README.md): every write, whoever makes it (a client's create,
// update or delete, a restore from Deleted, an auth flow, the CLI, the seed, a batch of a feature
// service), is stamped `created`/`updated` from the injected clock, compare-and-sets `updated` in
// the database (docs/decisions/025), writes the history and Deleted of a collection with a trail
// in its own transaction (docs/decisions/034), maps unique violations to field errors, and stages
// its change on the event bus in that transaction; the change is published only after the commit.

/** A change as its history entry tells it: what was done, by whom, when, the record before and after. */
type HistoryChange = [action: HistoryAction, auth: AuthContext, at: string, before: ApiRecord | null, after: ApiRecord | null];

/** A check run inside a write's transaction once its row is written; throwing undoes the write (Collection.checkWritten). */
export type WrittenCheck = (trx: Kysely<Database>, before: Row | null, after: Row) => Promise<void>;

/** The connection and tables a write's transaction works on. */
export interface Transaction {
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

/** Whether a write broke a unique index (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  return e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === '23505' || /UNIQUE constraint failed/.test(String(e?.message ?? ''));
}

export interface BatchOptions {
  /**
   * A batch of a few writes, as short as one client write (an order and its new customer): run on
   * the connection client writes use, not the one that pauses long batches for the event loop.
   */
  short?: boolean;
}

/** Changes staged at once at the end of a batch; the event loop gets a turn between parts (docs/decisions/053). */
const STAGED_PER_CALL = 500;

/** The transactions every write runs in: one change at a time, or a batch of them (`batch`). */
export class WritePath {
  constructor(private readonly context: RecordContext) {}

  /** A new row: a fresh id (unless one was chosen for it), `created` and `updated` from the injected clock. */
  stamped(values: Row, keepTimes = false): Row {
    const stamp = formatTimestamp(this.context.options.now());
    const id = typeof values.id === 'string' ? values.id : newRecordId();
    if (keepTimes && typeof values.created === 'string' && typeof values.updated === 'string') return { ...values, id };
    return { ...values, id, created: stamp, updated: stamp };
  }

  /**
   * Inserts a new record and its history; one that needs records made first and things written
   * with it (CreateWith: a sign-up's new nursery, the invitation it uses) goes in one batch.
   */
  async insert(
    collection: Collection,
    values: Row | CreateWith,
    auth: AuthContext,
    digest: string | null = null,
    check?: WrittenCheck,
  ): Promise<Row> {
    if (values instanceof CreateWith) {
      const withFirst = values;
      return this.batch(async (batch) => {
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
      await check?.(tx.trx, null, row);
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
   * Inserts a new record whose last columns are decided in its own transaction (DecidedInWrite:
   * an order's customer, docs/decisions/062), with whatever records deciding made, as one batch
   * written in the name of `auth`.
   */
  async insertDeciding(collection: Collection, values: DecidedInWrite, auth: AuthContext, digest: string | null = null): Promise<Row> {
    return this.batch(
      async (batch) => {
        const decided = await values.decide(batch);
        const row = await batch.insert(collection.name, { ...values.row, ...decided });
        if (digest !== null)
          await batch.db
            .insertInto('chosen_ids')
            .values({ collection: collection.name, id: String(row.id), digest })
            // Left by a record since purged, whose id is free again.
            .onConflict((conflict) => conflict.columns(['collection', 'id']).doUpdateSet({ digest }))
            .execute();
        return row;
      },
      auth,
      { short: true },
    );
  }

  /** Changes a record as `update` does, with columns decided in the same transaction (DecidedInWrite). */
  async updateDeciding(collection: Collection, existing: Row, changes: DecidedInWrite, auth: AuthContext): Promise<Row> {
    return this.batch(
      async (batch) => batch.update(collection.name, existing, { ...changes.row, ...(await changes.decide(batch)) }),
      auth,
      { short: true },
    );
  }

  /** Changes a record, compare-and-set against `existing.updated` (412 when changed meanwhile). */
  async update(collection: Collection, existing: Row, changes: Row, auth: AuthContext, check?: WrittenCheck): Promise<Row> {
    const updated = nextTimestamp(this.context.options.now(), String(existing.updated));
    const row: Row = { ...existing, ...changes, updated };
    const record = collection.toRecord(row);
    await this.transaction(collection, { collection: collection.name, action: 'update', record }, async (tx) => {
      // Compare-and-set in the database: if anyone saved since `existing` was read, nothing is written (docs/decisions/025).
      const written = await tx.store.update(collection.table, String(existing.id), { ...changes, updated }, String(existing.updated));
      if (!written) throw changedMeanwhile();
      await check?.(tx.trx, existing, row);
      await this.addHistory(tx, collection, 'update', auth, updated, collection.toRecord(existing), record);
    });
    return row;
  }

  /**
   * Deletes a record; one of a collection with a trail moves to Deleted whole (docs/decisions/034),
   * so it leaves every list, search, sheet and live view exactly as a record deleted for good.
   */
  async remove(collection: Collection, existing: Row, auth: AuthContext): Promise<void> {
    const record = collection.toRecord(existing);
    const change: RecordChange = { collection: collection.name, action: 'delete', record };
    await this.transaction(collection, change, async (tx) => {
      await collection.checkRemove?.(existing, tx.trx);
      if (await tx.store.delete(collection.table, String(existing.id), String(existing.updated))) {
        if (!collection.declaration.trail) return;
        const deleted = nextTimestamp(this.context.options.now(), String(existing.updated));
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
  async transaction(collection: Collection, change: RecordChange, work: (tx: Transaction) => Promise<void>): Promise<void> {
    const { options } = this.context;
    try {
      await options.db.transaction().execute(async (trx) => {
        await work({
          trx,
          store: new RecordStore(trx, options.dialect),
          history: new HistoryStore(trx),
          deleted: new DeletedStore(trx),
        });
        await options.events.stage(trx, [change]);
      });
    } catch (error) {
      const conflict = isUniqueViolation(error) ? collection.describeConflict?.(error) : null;
      if (conflict) throw validationFailed(conflict);
      throw error;
    }
    options.events.committed(change);
  }

  /**
   * Trusted writes that must hold together (docs/decisions/035: a change to a nursery's people
   * and the check that an admin remains): one transaction, each write stamped and compared as
   * every write is, each change staged in it and published after the commit. `work` may read and
   * lock through `batch.db`; an error it throws undoes every write of the batch. A collection with
   * a trail gets its history and Deleted written in the batch too, naming `by` (the person a route
   * acts for; the operator when none, docs/decisions/034).
   */
  async batch<T>(work: (batch: WriteBatch) => Promise<T>, by: AuthContext = SYSTEM, { short = false }: BatchOptions = {}): Promise<T> {
    const { options } = this.context;
    const changes: RecordChange[] = [];
    const touched = new Set<Collection>();
    // Set by a bulk write: one resync after the commit instead of an event per record.
    let resync = false;
    let result: T;
    try {
      result = await (short ? options.db : (options.batches ?? options.db)).transaction().execute(async (trx) => {
        const store = new RecordStore(trx, options.dialect);
        // A collection with a trail keeps its history and Deleted here too, named after `by`.
        const tx: Transaction = { trx, store, history: new HistoryStore(trx), deleted: new DeletedStore(trx) };
        const batch: WriteBatch = {
          db: trx,
          store,
          dialect: options.dialect,
          insert: async (name, values, insertOptions) => {
            const into = this.context.collection(name);
            touched.add(into);
            const row = this.stamped(values, insertOptions?.keepTimes);
            await store.insert(into.table, row);
            await this.addHistory(tx, into, 'create', by, String(row.updated), null, into.toRecord(row));
            changes.push({ collection: into.name, action: 'create', record: into.toRecord(row) });
            return row;
          },
          update: async (name, existing, columns) => {
            const into = this.context.collection(name);
            touched.add(into);
            const updated = nextTimestamp(options.now(), String(existing.updated));
            const row: Row = { ...existing, ...columns, updated };
            // Compare-and-set, as every update (docs/decisions/025).
            if (!(await store.update(into.table, String(existing.id), { ...columns, updated }, String(existing.updated))))
              throw changedMeanwhile();
            await this.addHistory(tx, into, 'update', by, updated, into.toRecord(existing), into.toRecord(row));
            changes.push({ collection: into.name, action: 'update', record: into.toRecord(row) });
            return row;
          },
          updateMany: async (name, existing, columns) => {
            const into = this.context.collection(name);
            touched.add(into);
            const rows = existing.map((row): Row => ({ ...row, ...columns, updated: nextTimestamp(options.now(), String(row.updated)) }));
            const stamps = rows.map((row, i) => ({
              id: String(row.id),
              expected: String(existing[i]!.updated),
              updated: String(row.updated),
            }));
            if ((await store.updateMany(into.table, columns, stamps)) !== rows.length) throw changedMeanwhile();
            // Thousands of records are minutes of CPU on a busy machine: built in slices (docs/decisions/053).
            const slicer = new Slicer();
            const history: HistoryWrite[] = [];
            for (const [i, row] of rows.entries()) {
              const record = into.toRecord(row);
              if (into.declaration.trail) {
                const entry = this.historyWrite(into, 'update', by, String(row.updated), into.toRecord(existing[i]!), record);
                if (entry.changes.length > 0) history.push(entry);
              }
              changes.push({ collection: into.name, action: 'update', record });
              await slicer.pause();
            }
            if (history.length > 0) await tx.history.addMany(history);
            return rows;
          },
          delete: async (name, existing) => {
            const into = this.context.collection(name);
            touched.add(into);
            if (!(await store.delete(into.table, String(existing.id), String(existing.updated))))
              throw (await store.findById(into.table, String(existing.id))) ? changedMeanwhile() : notFound();
            if (into.declaration.trail) {
              const deleted = nextTimestamp(options.now(), String(existing.updated));
              await tx.deleted.put(into.name, existing, deleted, this.actorOf(by));
              await this.addHistory(tx, into, 'delete', by, deleted, into.toRecord(existing), null);
            }
            changes.push({ collection: into.name, action: 'delete', record: into.toRecord(existing) });
          },
          insertMany: async (name, values, manyOptions) => {
            const into = this.context.collection(name);
            touched.add(into);
            const each = manyOptions?.announce === 'each';
            if (!each) resync = true;
            // Thousands of rows are minutes of CPU on a busy machine: built in slices (docs/decisions/053).
            const slicer = new Slicer();
            const rows: Row[] = [];
            const history: HistoryWrite[] = [];
            for (const value of values) {
              const row = this.stamped(value, manyOptions?.keepTimes);
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
            const into = this.context.collection(name);
            touched.add(into);
            resync = true;
            const gone = existing.map((row) => ({ id: String(row.id), updated: String(row.updated) }));
            if ((await store.deleteMany(into.table, gone)) !== gone.length) throw changedMeanwhile();
            if (!into.declaration.trail) return;
            const entries = existing.map((row) => ({ row, deleted: nextTimestamp(options.now(), String(row.updated)) }));
            await tx.deleted.putMany(into.name, entries, this.actorOf(by));
            await tx.history.addMany(entries.map((e) => this.historyWrite(into, 'delete', by, e.deleted, into.toRecord(e.row), null)));
          },
        };
        const answer = await work(batch);
        const slicer = new Slicer();
        for (let at = 0; at < changes.length; at += STAGED_PER_CALL) {
          await options.events.stage(trx, changes.slice(at, at + STAGED_PER_CALL));
          await slicer.pause();
        }
        if (resync) await options.events.stageResync(trx);
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
      options.events.committed(change);
      await slicer.pause();
    }
    if (resync) options.events.committedResync();
    return result;
  }

  /** Who history names for a write by `auth`: the person, or the operator. */
  actorOf(auth: AuthContext): Actor {
    return auth.user
      ? { id: auth.user.id, name: auth.user.username }
      : { id: '', name: this.context.options.systemActorName ?? OPERATOR_NAME };
  }

  /** The history entry of a change to a collection with a trail (none for others, nor for an update that changed no field). */
  async addHistory(tx: Transaction, collection: Collection, ...change: HistoryChange): Promise<void> {
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
}
