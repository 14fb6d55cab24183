import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { ApiError, forbidden, notFound, validationFailed } from '../errors';
import type { EventBus } from '../realtime/event-bus';
import type { Collection, CollectionDeps } from './collection';
import type { ListCache } from './list-cache';
import { formatTimestamp, newRecordId, nextTimestamp } from './ids';
import { parseFieldsParam, parseListQuery, pickFields } from './list-query';
import type { Row } from './record-store';

export interface RecordRoutesOptions extends CollectionDeps {
  collections: Collection[];
  events: EventBus;
  deletePassword: string;
  /** Serialised list answers with ETags (list-cache.ts); without it every list is queried. */
  listCache?: ListCache;
  now?: () => Date;
}

type Params = { collection: string; id?: string };
type Query = Record<string, string | string[] | undefined>;

/** PocketBase's records API for our collections, over the collection definitions. */
export async function recordRoutes(app: FastifyInstance, options: RecordRoutesOptions): Promise<void> {
  const { store, events, collections } = options;
  const now = options.now ?? (() => new Date());
  const byName = new Map(collections.map((c) => [c.name, c]));

  const collectionOf = (request: FastifyRequest): Collection => {
    const name = (request.params as Params).collection;
    const collection = byName.get(name) ?? collections.find((c) => c.id === name);
    if (!collection) throw new ApiError(404, 'Missing collection context.');
    return collection;
  };

  /** The record if this caller may see it; 404 otherwise, so ids of others' records stay hidden. */
  const findVisible = async (collection: Collection, id: string, request: FastifyRequest): Promise<Row> => {
    const scope = collection.readScope(request.auth);
    const where = [sql<SqlBool>`${sql.ref('id')} = ${id}`];
    if (scope) where.push(scope);
    const { rows } = await store.list(collection.table, { where, sort: [], page: 1, perPage: 1, skipTotal: true });
    const row = rows[0];
    if (!row) throw notFound();
    return row;
  };

  const fieldsOf = (request: FastifyRequest) => {
    const raw = (request.query as Query).fields;
    return parseFieldsParam(Array.isArray(raw) ? raw[raw.length - 1] : raw);
  };

  app.get('/api/collections/:collection/records', async (request, reply) => {
    const collection = collectionOf(request);
    const scope = collection.readScope(request.auth);
    if (!options.listCache) return listRecords(collection, scope, request);
    return options.listCache.reply(request, reply, collection.name, scope, () => listRecords(collection, scope, request));
  });

  const listRecords = async (collection: Collection, scope: RawBuilder<SqlBool> | null, request: FastifyRequest) => {
    const query = parseListQuery(request.query as Query, collection.fields, options.dialect);
    const where = [scope, query.filter].filter((w): w is NonNullable<typeof w> => w !== null);
    const { rows, totalItems } = await store.list(collection.table, {
      where,
      sort: query.sort,
      page: query.page,
      perPage: query.perPage,
      skipTotal: query.skipTotal,
    });
    return {
      page: query.page,
      perPage: query.perPage,
      totalItems,
      totalPages: query.skipTotal ? -1 : Math.ceil(totalItems / query.perPage),
      items: rows.map((row) => pickFields(collection.toRecord(row), query.fields)),
    };
  };

  app.get('/api/collections/:collection/records/:id', async (request) => {
    const collection = collectionOf(request);
    const row = await findVisible(collection, String((request.params as Params).id), request);
    return pickFields(collection.toRecord(row), fieldsOf(request));
  });

  app.post('/api/collections/:collection/records', async (request) => {
    const collection = collectionOf(request);
    const values = await collection.prepareCreate(request.body, request.auth, options);
    const stamp = formatTimestamp(now());
    const row: Row = { ...values, id: newRecordId(), created: stamp, updated: stamp };
    try {
      await store.insert(collection.table, row);
    } catch (error) {
      const conflict = isUniqueViolation(error) ? collection.describeConflict?.(error) : null;
      if (conflict) throw validationFailed(conflict);
      throw error;
    }
    const record = collection.toRecord(row);
    events.committed({ collection: collection.name, action: 'create', record });
    return pickFields(record, fieldsOf(request));
  });

  app.patch('/api/collections/:collection/records/:id', async (request) => {
    const collection = collectionOf(request);
    const existing = await findVisible(collection, String((request.params as Params).id), request);
    const expected = readIfMatch(request);
    if (expected !== undefined && expected !== existing.updated) throw changedMeanwhile();
    const changes = await collection.prepareUpdate(request.body ?? {}, existing, request.auth, options);
    const updated = nextTimestamp(now(), String(existing.updated));
    try {
      // Compare-and-set on `updated`: if someone saved in between, nothing is written (D10).
      const written = await store.update(collection.table, String(existing.id), { ...changes, updated }, String(existing.updated));
      if (!written) throw changedMeanwhile();
    } catch (error) {
      const conflict = isUniqueViolation(error) ? collection.describeConflict?.(error) : null;
      if (conflict) throw validationFailed(conflict);
      throw error;
    }
    const record = collection.toRecord({ ...existing, ...changes, updated });
    events.committed({ collection: collection.name, action: 'update', record });
    return pickFields(record, fieldsOf(request));
  });

  app.delete('/api/collections/:collection/records/:id', async (request, reply) => {
    const collection = collectionOf(request);
    collection.authorizeDelete(request.auth);
    if (collection.needsDeletePassword && !isDeletePassword(request.headers['x-confirm-password'], options.deletePassword)) {
      throw forbidden('Incorrect password.');
    }
    const existing = await findVisible(collection, String((request.params as Params).id), request);
    if (!(await store.delete(collection.table, String(existing.id)))) throw notFound();
    events.committed({ collection: collection.name, action: 'delete', record: collection.toRecord(existing) });
    return reply.code(204).send();
  });
}

function changedMeanwhile(): ApiError {
  return new ApiError(
    412,
    'Someone else changed this record since you opened it. Reload to see the latest version, then make your change again.',
  );
}

/** `If-Match: "<updated>"`; also accepts the bare value and a weak `W/` prefix. */
function readIfMatch(request: FastifyRequest): string | undefined {
  const raw = request.headers['if-match'];
  if (typeof raw !== 'string' || raw.trim() === '' || raw.trim() === '*') return undefined;
  return raw
    .trim()
    .replace(/^W\//, '')
    .replace(/^"(.*)"$/, '$1');
}

/** Case-insensitive, constant-time comparison of the typed deletion password (D4). */
export function isDeletePassword(typed: string | string[] | undefined, expected: string): boolean {
  if (typeof typed !== 'string' || typed === '' || expected === '') return false;
  const a = Buffer.from(typed.trim().toLowerCase());
  const b = Buffer.from(expected.trim().toLowerCase());
  return a.length === b.length && timingSafeEqual(a, b);
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  return e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === '23505' || /UNIQUE constraint failed/.test(String(e?.message ?? ''));
}
