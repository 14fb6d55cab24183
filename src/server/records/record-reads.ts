import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { AuthContext } from '../auth/auth-context';
import { ReadRefused } from '../db/client-reads';
import { ApiError, notFound } from '../errors';
import type { Action, FieldVisibility } from './access-rules';
import type { Collection } from './collection';
import { expandRecords, parseExpandParam, planExpand, type ExpandNode } from './expand';
import type { ListQuery } from './list-query';
import type { RecordContext } from './record-context';
import type { ApiRecord } from './record-mapping';
import type { Row } from './record-store';

export interface ListPage {
  items: ApiRecord[];
  /** -1 when the query asked to skip the count. */
  totalItems: number;
}

export interface ReadOptions {
  /** PocketBase's `expand` parameter: the relations to put into the answer (expand.ts). */
  expand?: string;
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

/** Code of a list stopped at its time limit, in the answer's `data.filter`. */
export const READ_TIME_LIMIT_CODE = 'validation_filter_too_slow';

/**
 * Clients' reads: a list within the caller's list rule (off the event loop, time-limited,
 * docs/decisions/017), a record within their view rule, each with what they asked to expand and
 * without the fields hidden from them. The writes read through `findFor` and `shown` too.
 */
export class RecordReads {
  constructor(private readonly context: RecordContext) {}

  /**
   * Decides once whether `auth` may list `collection` (401/403 otherwise) and what they see: the
   * scope every list of theirs runs in, also what the list cache keys answers by.
   */
  listScope(collection: Collection, auth: AuthContext, options: ReadOptions = {}): ListScope {
    const access = this.context.access(collection);
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
      ({ rows, totalItems } = await this.context.clientStore.list(collection.table, {
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
    await expandRecords(items, scope.expand, this.context.store);
    return { items, totalItems };
  }

  async view(collection: Collection, auth: AuthContext, id: string, options: ReadOptions = {}): Promise<ApiRecord> {
    this.context.access(collection).authorize('view', auth);
    const expand = this.planExpand(collection, auth, options.expand);
    return this.expanded(this.shown(collection, auth, await this.findFor('view', collection, auth, id)), expand);
  }

  /** The record if this caller's rule for `action` lets them at it; 404 otherwise, so others' ids stay hidden. */
  async findFor(action: Action, collection: Collection, auth: AuthContext, id: string): Promise<Row> {
    const scope = this.context.access(collection).sqlScope(action, auth);
    const where = [sql<SqlBool>`${sql.ref('id')} = ${id}`];
    if (scope) where.push(scope);
    const { rows } = await this.context.store.list(collection.table, { where, sort: [], page: 1, perPage: 1, skipTotal: true });
    const row = rows[0];
    if (!row) throw notFound();
    return row;
  }

  /** The relations `auth` asked to expand (PocketBase's `expand`), as the related collections' view rules let them. */
  planExpand(collection: Collection, auth: AuthContext, expand: string | undefined): ExpandNode[] {
    const paths = parseExpandParam(expand);
    if (paths.length === 0) return [];
    return planExpand(collection, paths, auth, (name) => this.context.named(name), this.context.options.dialect);
  }

  async expanded(record: ApiRecord, expand: readonly ExpandNode[]): Promise<ApiRecord> {
    await expandRecords([record], expand, this.context.store);
    return record;
  }

  /** A stored row as `auth` may see it: without the fields the collection's field rules hide from them. */
  shown(collection: Collection, auth: AuthContext, row: Row): ApiRecord {
    const visibility = this.context.access(collection).fieldVisibility(auth);
    const record = collection.toRecord(row);
    return visibility ? visibility.hide(record) : record;
  }
}

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
