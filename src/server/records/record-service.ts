import { sql, type Kysely, type SqlBool } from 'kysely';
import type { AuthContext } from '../auth/auth-context';
import type { DeletePasswordCheck } from '../auth/delete-password';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { ApiError, notFound, validationFailed } from '../errors';
import type { EventBus, RecordChange } from '../realtime/event-bus';
import type { UsersRepository } from '../users/users-repository';
import { accessOf, canRead, type Action, type CollectionAccess, type ReadAction } from './access-rules';
import type { Collection, CollectionDeps, WriteContext } from './collection';
import type { SqlDialect } from './filter/field-map';
import { formatTimestamp, newRecordId, nextTimestamp } from './ids';
import type { ListQuery } from './list-query';
import { RecordStore, type Row } from './record-store';

export interface RecordServiceOptions {
  db: Kysely<Database>;
  dialect: SqlDialect;
  events: EventBus;
  users: UsersRepository;
  config: Config;
  collections: Collection[];
  /** Checks the typed deletion password (docs/decisions/020), throttling wrong guesses. */
  checkDeletePassword: DeletePasswordCheck;
  now: () => Date;
}

export type ApiRecord = Record<string, unknown>;

export interface ListPage {
  items: ApiRecord[];
  /** -1 when the query asked to skip the count. */
  totalItems: number;
}

export interface WriteOptions {
  /** The `updated` value the client started from (`If-Match`, docs/decisions/025); undefined = no condition. */
  ifMatch?: string;
}

export interface DeleteOptions extends WriteOptions {
  /** The typed deletion password (`X-Confirm-Password`, docs/decisions/020). */
  confirmPassword?: string | string[];
  /** The caller's address, for the deletion password throttle. */
  address?: string;
}

const SYSTEM: AuthContext = { user: null };

export function changedMeanwhile(): ApiError {
  return new ApiError(
    412,
    'Someone else changed this record since you opened it. Reload to see the latest version, then make your change again.',
  );
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
  private readonly deps: CollectionDeps;

  constructor(private readonly options: RecordServiceOptions) {
    this.byName = new Map(options.collections.map((c) => [c.name, c]));
    this.store = new RecordStore(options.db, options.dialect);
    this.deps = {
      store: this.store,
      users: options.users,
      dialect: options.dialect,
      config: options.config,
      now: options.now,
      passwordHashCost: options.config.passwordHashCost ?? 'default',
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

  access(collection: Collection): CollectionAccess {
    return accessOf(collection, this.options.dialect);
  }

  /**
   * Whether `auth` may see `record` (as the API shows it, e.g. a RecordChange's record) through
   * `action` of the collection named `collectionName`: the realtime check of each event.
   */
  canRead(collectionName: string, action: ReadAction, auth: AuthContext, record: ApiRecord): boolean {
    return canRead(this.collection(collectionName), action, auth, record, this.options.dialect);
  }

  // ---- reads (clients) ----

  async list(collection: Collection, auth: AuthContext, query: Omit<ListQuery, 'fields'>): Promise<ListPage> {
    const access = this.access(collection);
    access.authorize('list', auth);
    const where = [access.sqlScope('list', auth), query.filter].filter((w) => w !== null);
    const { rows, totalItems } = await this.store.list(collection.table, {
      where,
      sort: query.sort,
      page: query.page,
      perPage: query.perPage,
      skipTotal: query.skipTotal,
    });
    return { items: rows.map((row) => collection.toRecord(row)), totalItems };
  }

  async view(collection: Collection, auth: AuthContext, id: string): Promise<ApiRecord> {
    this.access(collection).authorize('view', auth);
    return collection.toRecord(await this.findFor('view', collection, auth, id));
  }

  // ---- writes (clients) ----

  async create(collection: Collection, auth: AuthContext, body: unknown): Promise<ApiRecord> {
    this.access(collection).authorize('create', auth);
    const values = await collection.prepareCreate(body, this.context(auth, false));
    return collection.toRecord(await this.insert(collection, values));
  }

  async update(collection: Collection, auth: AuthContext, id: string, body: unknown, options: WriteOptions = {}): Promise<ApiRecord> {
    this.access(collection).authorize('update', auth);
    const existing = await this.findFor('update', collection, auth, id);
    if (options.ifMatch !== undefined && options.ifMatch !== existing.updated) throw changedMeanwhile();
    const changes = await collection.prepareUpdate(body ?? {}, existing, this.context(auth, false));
    return collection.toRecord(await this.write(collection, existing, changes));
  }

  async delete(collection: Collection, auth: AuthContext, id: string, options: DeleteOptions = {}): Promise<void> {
    this.access(collection).authorize('delete', auth);
    if (collection.needsDeletePassword) {
      await this.options.checkDeletePassword({
        userId: auth.user?.id ?? null,
        address: options.address ?? '',
        typed: options.confirmPassword,
      });
    }
    const existing = await this.findFor('delete', collection, auth, id);
    if (options.ifMatch !== undefined && options.ifMatch !== existing.updated) throw changedMeanwhile();
    await this.remove(collection, existing);
  }

  // ---- writes (trusted callers: auth flows, operator CLI, demo seed) ----

  /**
   * Creates a record as the server itself: the collection's validation runs on `body`, then
   * `trusted` columns (e.g. `verified`, `passwordHash`) are set as given. Returns the stored row.
   */
  async systemCreate(collectionName: string, body: unknown, trusted: Row = {}): Promise<Row> {
    const collection = this.collection(collectionName);
    const values = await collection.prepareCreate(body, this.context(SYSTEM, true));
    return this.insert(collection, { ...values, ...trusted });
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
    return this.write(collection, existing, changes);
  }

  // ---- the write path ----

  private context(auth: AuthContext, system: boolean): WriteContext {
    return { auth, system, deps: this.deps };
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

  private async insert(collection: Collection, values: Row): Promise<Row> {
    const stamp = formatTimestamp(this.options.now());
    const row: Row = { ...values, id: newRecordId(), created: stamp, updated: stamp };
    await this.transaction(collection, { collection: collection.name, action: 'create', record: collection.toRecord(row) }, (store) =>
      store.insert(collection.table, row),
    );
    return row;
  }

  private async write(collection: Collection, existing: Row, changes: Row): Promise<Row> {
    const updated = nextTimestamp(this.options.now(), String(existing.updated));
    const row: Row = { ...existing, ...changes, updated };
    await this.transaction(
      collection,
      { collection: collection.name, action: 'update', record: collection.toRecord(row) },
      async (store) => {
        // Compare-and-set in the database: if anyone saved since `existing` was read, nothing is written (docs/decisions/025).
        const written = await store.update(collection.table, String(existing.id), { ...changes, updated }, String(existing.updated));
        if (!written) throw changedMeanwhile();
      },
    );
    return row;
  }

  private async remove(collection: Collection, existing: Row): Promise<void> {
    const change: RecordChange = { collection: collection.name, action: 'delete', record: collection.toRecord(existing) };
    await this.transaction(collection, change, async (store) => {
      if (await store.delete(collection.table, String(existing.id), String(existing.updated))) return;
      // Nothing deleted: gone already (404), or changed since it was read (412), as for updates.
      throw (await store.findById(collection.table, String(existing.id))) ? changedMeanwhile() : notFound();
    });
  }

  /** Runs `work` and stages `change` in one transaction; publishes `change` only after the commit. */
  private async transaction(collection: Collection, change: RecordChange, work: (store: RecordStore) => Promise<void>): Promise<void> {
    try {
      await this.options.db.transaction().execute(async (trx) => {
        await work(new RecordStore(trx, this.options.dialect));
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

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  return e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === '23505' || /UNIQUE constraint failed/.test(String(e?.message ?? ''));
}
