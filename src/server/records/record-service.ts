import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { AuthContext } from '../auth/auth-context';
import type { DeletePasswordCheck } from '../auth/delete-password';
import { LoginThrottle } from '../auth/login-throttle';
import type { Throttles } from '../auth/throttles';
import type { Config } from '../config';
import { ReadRefused, type ClientReads } from '../db/client-reads';
import type { Database } from '../db/schema';
import { ApiError, notFound, validationFailed } from '../errors';
import type { MailMessage } from '../mail/mailer';
import type { EventBus, RecordChange } from '../realtime/event-bus';
import type { UsersRepository } from '../users/users-repository';
import { accessOf, type Action, type CollectionAccess, type FieldVisibility } from './access-rules';
import { fieldsRefused, refusedFields } from './client-fields';
import { CreateWith, NotStored, type Collection, type CollectionDeps, type WriteContext } from './collection';
import { expandRecords, parseExpandParam, planExpand, type ExpandNode } from './expand';
import type { SqlDialect } from './filter/field-map';
import { formatTimestamp, newRecordId, nextTimestamp } from './ids';
import type { ListQuery } from './list-query';
import type { ApiRecord } from './record-mapping';
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
  /** The database-kept throttles (docs/decisions/028): a change of one's own password is throttled like sign-in. */
  throttles: Throttles;
  /** Sends a mail without waiting for it; a process that sends no mail (the operator CLI) leaves it out. */
  sendMail?: (message: MailMessage) => void;
  now: () => Date;
  /** Where client lists run (off the event loop, time-limited); without it, on `db`. */
  reads?: ClientReads;
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

export interface WriteOptions extends ReadOptions {
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
  /** A new record (its id kept when one was chosen), stamped `created` and `updated`. */
  insert(collection: string, values: Row): Promise<Row>;
  /** Changes a record, compare-and-set against `existing.updated` (412 when changed meanwhile). */
  update(collection: string, existing: Row, changes: Row): Promise<Row>;
  delete(collection: string, existing: Row): Promise<void>;
}

export interface DeleteOptions extends WriteOptions {
  /** The typed deletion password (`X-Confirm-Password`, docs/decisions/020). */
  confirmPassword?: string | string[];
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
      sendMail:
        options.sendMail ??
        ((message) => {
          throw new Error(`RecordService: this process sends no mail ("${message.subject}")`);
        }),
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

  async create(collection: Collection, auth: AuthContext, body: unknown, options: ReadOptions = {}): Promise<ApiRecord> {
    this.access(collection).authorize('create', auth);
    const expand = this.planExpand(collection, auth, options.expand);
    this.refuseUnsettable(collection, body, null);
    const values = await collection.prepareCreate(body, this.context(auth, false));
    if (values instanceof NotStored) return collection.toRecord(this.stamped(values.row));
    // The answer shows what the client sent and the server set: no field is hidden from its maker.
    return this.expanded(collection.toRecord(await this.insert(collection, values)), expand);
  }

  async update(collection: Collection, auth: AuthContext, id: string, body: unknown, options: WriteOptions = {}): Promise<ApiRecord> {
    this.access(collection).authorize('update', auth);
    const expand = this.planExpand(collection, auth, options.expand);
    const existing = await this.findFor('update', collection, auth, id);
    if (options.ifMatch !== undefined && options.ifMatch !== existing.updated) throw changedMeanwhile();
    this.refuseUnsettable(collection, body, collection.toRecord(existing));
    const changes = await collection.prepareUpdate(body ?? {}, existing, this.context(auth, false, options.address));
    return this.expanded(this.shown(collection, auth, await this.write(collection, existing, changes)), expand);
  }

  async delete(collection: Collection, auth: AuthContext, id: string, options: DeleteOptions = {}): Promise<void> {
    this.access(collection).authorize('delete', auth);
    if (collection.needsDeletePassword) {
      // The caller's nursery's deletion password (docs/decisions/033); checked before the record
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
    if (values instanceof NotStored) throw new Error(`systemCreate: ${collection.name} answered a trusted create with NotStored`);
    if (values instanceof CreateWith)
      return this.insert(collection, new CreateWith({ ...values.row, ...trusted }, values.first, values.within));
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
  private stamped(values: Row): Row {
    const stamp = formatTimestamp(this.options.now());
    return { ...values, id: typeof values.id === 'string' ? values.id : newRecordId(), created: stamp, updated: stamp };
  }

  /**
   * Inserts a new record, the records it needs first and what must be written with it
   * (CreateWith: a sign-up's new nursery, the invitation it uses), in one transaction.
   */
  private async insert(collection: Collection, values: Row | CreateWith): Promise<Row> {
    if (!(values instanceof CreateWith)) return this.systemBatch((batch) => batch.insert(collection.name, values));
    return this.systemBatch(async (batch) => {
      for (const first of values.first) await batch.insert(first.collection, first.row);
      const row = await batch.insert(collection.name, values.row);
      await values.within?.(batch, row);
      return row;
    });
  }

  /**
   * Trusted writes that must hold together (docs/decisions/035: a change to a nursery's people
   * and the check that an admin remains): one transaction, each write stamped and compared as
   * every write is, each change staged in it and published after the commit. `work` may read and
   * lock through `batch.db`; an error it throws undoes every write of the batch.
   */
  async systemBatch<T>(work: (batch: WriteBatch) => Promise<T>): Promise<T> {
    const changes: RecordChange[] = [];
    const touched = new Set<Collection>();
    let result: T;
    try {
      result = await this.options.db.transaction().execute(async (trx) => {
        const store = new RecordStore(trx, this.options.dialect);
        const batch: WriteBatch = {
          db: trx,
          store,
          dialect: this.options.dialect,
          insert: async (name, values) => {
            const into = this.collection(name);
            touched.add(into);
            const row = this.stamped(values);
            await store.insert(into.table, row);
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
            changes.push({ collection: into.name, action: 'update', record: into.toRecord(row) });
            return row;
          },
          delete: async (name, existing) => {
            const into = this.collection(name);
            touched.add(into);
            if (!(await store.delete(into.table, String(existing.id), String(existing.updated))))
              throw (await store.findById(into.table, String(existing.id))) ? changedMeanwhile() : notFound();
            changes.push({ collection: into.name, action: 'delete', record: into.toRecord(existing) });
          },
        };
        const answer = await work(batch);
        for (const change of changes) await this.options.events.stage(trx, change);
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
    for (const change of changes) this.options.events.committed(change);
    return result;
  }

  private async write(collection: Collection, existing: Row, changes: Row): Promise<Row> {
    const updated = nextTimestamp(this.options.now(), String(existing.updated));
    const row: Row = { ...existing, ...changes, updated };
    await this.transaction(
      collection,
      [{ collection: collection.name, action: 'update', record: collection.toRecord(row) }],
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
    await this.transaction(collection, [change], async (store) => {
      if (await store.delete(collection.table, String(existing.id), String(existing.updated))) return;
      // Nothing deleted: gone already (404), or changed since it was read (412), as for updates.
      throw (await store.findById(collection.table, String(existing.id))) ? changedMeanwhile() : notFound();
    });
  }

  /** Runs `work` and stages `changes` in one transaction; publishes them only after the commit. */
  private async transaction(
    collection: Collection,
    changes: readonly RecordChange[],
    work: (store: RecordStore) => Promise<void>,
  ): Promise<void> {
    try {
      await this.options.db.transaction().execute(async (trx) => {
        await work(new RecordStore(trx, this.options.dialect));
        for (const change of changes) await this.options.events.stage(trx, change);
      });
    } catch (error) {
      const conflict = isUniqueViolation(error) ? collection.describeConflict?.(error) : null;
      if (conflict) throw validationFailed(conflict);
      throw error;
    }
    for (const change of changes) this.options.events.committed(change);
  }
}

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

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  return e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === '23505' || /UNIQUE constraint failed/.test(String(e?.message ?? ''));
}
