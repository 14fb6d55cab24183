import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseFieldsParam, parseListQuery, pickFields } from './list-query';
import type { ListCache } from './list-cache';
import type { RecordService } from './record-service';

export interface RecordRoutesOptions {
  records: RecordService;
  /** Serialised list answers with ETags (list-cache.ts, decision 012); without it every list is queried. */
  listCache?: ListCache;
}

// Route schemas: the shapes the SDK sends. Values stay text here; list-query.ts reads them with
// PocketBase's rules and answers 400 with a sentence when one is unusable.
const CollectionParams = Type.Object({ collection: Type.String() });
const RecordParams = Type.Object({ collection: Type.String(), id: Type.String() });
const Text = Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())]));
const ListQuerystring = Type.Object(
  { page: Text, perPage: Text, sort: Text, filter: Text, skipTotal: Text, fields: Text, expand: Text },
  { additionalProperties: true },
);
const RecordQuerystring = Type.Object({ fields: Text, expand: Text }, { additionalProperties: true });
const RecordBody = Type.Object({}, { additionalProperties: true });

type Querystring = Static<typeof ListQuerystring>;

const lastOf = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[value.length - 1] : value);

/** PocketBase's records API for our collections: each handler is one RecordService call. */
export async function recordRoutes(fastify: FastifyInstance, options: RecordRoutesOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { records } = options;
  const base = '/api/collections/:collection/records';

  app.get(base, { schema: { params: CollectionParams, querystring: ListQuerystring } }, async (request, reply) => {
    const collection = records.collection(request.params.collection);
    const list = async () => {
      const query = parseListQuery(request.query as Querystring, collection.fields, records.dialect);
      const { items, totalItems } = await records.list(collection, request.auth, query);
      return {
        page: query.page,
        perPage: query.perPage,
        totalItems,
        totalPages: query.skipTotal ? -1 : Math.ceil(totalItems / query.perPage),
        items: items.map((record) => pickFields(record, query.fields)),
      };
    };
    if (!options.listCache) return list();
    // The caller's rule runs on every request; its SQL scope is part of the cache key.
    const access = records.access(collection);
    access.authorize('list', request.auth);
    return options.listCache.reply(request, reply, collection.name, access.sqlScope('list', request.auth), list);
  });

  app.get(`${base}/:id`, { schema: { params: RecordParams, querystring: RecordQuerystring } }, async (request) => {
    const record = await records.view(records.collection(request.params.collection), request.auth, request.params.id);
    return pickFields(record, parseFieldsParam(lastOf(request.query.fields)));
  });

  app.post(base, { schema: { params: CollectionParams, querystring: RecordQuerystring, body: RecordBody } }, async (request) => {
    const record = await records.create(records.collection(request.params.collection), request.auth, request.body);
    return pickFields(record, parseFieldsParam(lastOf(request.query.fields)));
  });

  app.patch(`${base}/:id`, { schema: { params: RecordParams, querystring: RecordQuerystring, body: RecordBody } }, async (request) => {
    const collection = records.collection(request.params.collection);
    const record = await records.update(collection, request.auth, request.params.id, request.body, {
      ifMatch: readIfMatch(request),
      address: request.ip,
    });
    return pickFields(record, parseFieldsParam(lastOf(request.query.fields)));
  });

  app.delete(`${base}/:id`, { schema: { params: RecordParams } }, async (request, reply) => {
    await records.delete(records.collection(request.params.collection), request.auth, request.params.id, {
      ifMatch: readIfMatch(request),
      confirmPassword: request.headers['x-confirm-password'],
      address: request.ip,
    });
    return reply.code(204).send();
  });
}

/** `If-Match: "<updated>"` (docs/decisions/025); also accepts the bare value and a weak `W/` prefix; `*` means any version. */
function readIfMatch(request: FastifyRequest): string | undefined {
  const raw = request.headers['if-match'];
  if (typeof raw !== 'string' || raw.trim() === '' || raw.trim() === '*') return undefined;
  return raw
    .trim()
    .replace(/^W\//, '')
    .replace(/^"(.*)"$/, '$1');
}
