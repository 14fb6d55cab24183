import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { AuthContext } from '../auth/auth-context';
import { ApiError } from '../errors';
import type { Upload } from '../files/file-changes';
import { discardUnread, isMultipart, readMultipartBody } from '../files/multipart-body';
import type { UploadBudget } from '../files/upload-budget';
import type { Collection } from './collection';
import { flattenExpand } from './expand';
import { parseFieldsParam, parseListQuery, pickFields } from './list-query';
import type { ListCache, ListCacheScope } from './list-cache';
import type { ListScope } from './record-reads';
import type { RecordService } from './record-service';

/** Route-level hooks one collection's route adds to the generic ones (e.g. the sign-up throttle on users' create). */
export type RouteHooks = Pick<RouteShorthandOptions, 'onRequest' | 'preHandler' | 'onError' | 'onResponse'>;

export interface RecordRoutesOptions {
  records: RecordService;
  collections: readonly Collection[];
  /** Serialised list answers with ETags (list-cache.ts, decision 012); without it every list is queried. */
  listCache?: ListCache;
  /** Hooks of one collection's create route, by collection name. */
  createHooks?: Readonly<Record<string, RouteHooks>>;
  /** The bytes of uploads all requests may hold at once (docs/decisions/052). */
  uploads: UploadBudget;
}

// Route schemas: the shapes the SDK sends. Values stay text here; list-query.ts reads them with
// PocketBase's rules and answers 400 with a sentence when one is unusable.
const CollectionParams = Type.Object({ collection: Type.String() });
const RecordParams = Type.Object({ collection: Type.String(), id: Type.String() });
const IdParams = Type.Object({ id: Type.String() });
const Text = Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())]));
const ListQuerystring = Type.Object(
  { page: Text, perPage: Text, sort: Text, filter: Text, skipTotal: Text, fields: Text, expand: Text },
  { additionalProperties: true },
);
const RecordQuerystring = Type.Object({ fields: Text, expand: Text }, { additionalProperties: true });
const AnyBody = Type.Object({}, { additionalProperties: true });

type Querystring = Static<typeof ListQuerystring>;

const lastOf = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[value.length - 1] : value);

/** What a list answer depends on (ListCacheScope): its collections and the caller's scope in each. */
function cacheScopeOf(scope: ListScope, auth: AuthContext): ListCacheScope {
  const expanded = flattenExpand(scope.expand);
  return {
    collections: [scope.collection.name, ...expanded.map(({ node }) => node.target.name)],
    scopes: [scope.where, ...expanded.map(({ node }) => node.scope)],
    hidden: [scope.visibility?.key ?? '', ...expanded.map(({ node }) => node.visibility?.key ?? '')],
    nursery: auth.user?.nursery ?? '',
  };
}

const missingCollection = () => new ApiError(404, 'Missing collection context.');

/**
 * PocketBase's records API: five routes per collection, under its name and under its id, each
 * with the body schema read from the collection's declaration and the collection's own route
 * hooks; each handler is one RecordService call. A name no collection has is answered 404, as
 * PocketBase does.
 */
export async function recordRoutes(fastify: FastifyInstance, options: RecordRoutesOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { records, listCache, uploads } = options;

  for (const collection of options.collections) {
    const hooks = options.createHooks?.[collection.name] ?? {};
    // The router decodes the path before matching, so `%75sers` reaches the `users` routes too.
    for (const base of [`/api/collections/${collection.name}/records`, `/api/collections/${collection.id}/records`]) {
      app.get(base, { schema: { querystring: ListQuerystring } }, async (request, reply) => {
        const query = request.query as Querystring;
        // The caller's rule is decided here, once: the list runs in this scope, the cache keys by it.
        const expand = lastOf(query.expand);
        const scope = records.listScope(collection, request.auth, { expand });
        const list = async () => {
          const parsed = parseListQuery(query, collection.fields, records.dialect);
          const { items, totalItems } = await records.list(scope, parsed);
          return {
            page: parsed.page,
            perPage: parsed.perPage,
            totalItems,
            totalPages: parsed.skipTotal ? -1 : Math.ceil(totalItems / parsed.perPage),
            items: items.map((record) => pickFields(record, parsed.fields)),
          };
        };
        if (!listCache) return list();
        // The same rule for the next caller of this URL, whom the fast path may answer (list-fast-path.ts).
        const scopeOf = (auth: AuthContext) => cacheScopeOf(records.listScope(collection, auth, { expand }), auth);
        return listCache.reply(request, reply, cacheScopeOf(scope, request.auth), list, scopeOf);
      });

      app.get(`${base}/:id`, { schema: { params: IdParams, querystring: RecordQuerystring } }, async (request) => {
        const record = await records.view(collection, request.auth, request.params.id, { expand: lastOf(request.query.expand) });
        return pickFields(record, parseFieldsParam(lastOf(request.query.fields)));
      });

      app.post(
        base,
        {
          schema: { querystring: RecordQuerystring, body: collection.bodySchema.create },
          ...hooks,
          preValidation: readUploads(records, uploads, collection, () => ({ action: 'create' })),
        },
        async (request) => {
          const record = await records.create(collection, request.auth, request.body, {
            expand: lastOf(request.query.expand),
            uploads: uploadsOf.get(request),
          });
          return pickFields(record, parseFieldsParam(lastOf(request.query.fields)));
        },
      );

      app.patch(
        `${base}/:id`,
        {
          schema: { params: IdParams, querystring: RecordQuerystring, body: collection.bodySchema.update },
          preValidation: readUploads(records, uploads, collection, (request) => ({
            action: 'update',
            id: (request.params as { id: string }).id,
            ifMatch: readIfMatch(request),
          })),
        },
        async (request) => {
          const record = await records.update(collection, request.auth, request.params.id, request.body, {
            uploads: uploadsOf.get(request),
            ifMatch: readIfMatch(request),
            address: request.ip,
            expand: lastOf(request.query.expand),
          });
          return pickFields(record, parseFieldsParam(lastOf(request.query.fields)));
        },
      );

      app.delete(`${base}/:id`, { schema: { params: IdParams } }, async (request, reply) => {
        await records.delete(collection, request.auth, request.params.id, {
          ifMatch: readIfMatch(request),
          confirmPassword: request.headers['x-confirm-password'],
          address: request.ip,
        });
        return reply.code(204).send();
      });
    }
  }

  // Any other collection name: the same schemas, then 404.
  const unknown = '/api/collections/:collection/records';
  app.get(unknown, { schema: { params: CollectionParams, querystring: ListQuerystring } }, async () => {
    throw missingCollection();
  });
  app.get(`${unknown}/:id`, { schema: { params: RecordParams, querystring: RecordQuerystring } }, async () => {
    throw missingCollection();
  });
  app.post(unknown, { schema: { params: CollectionParams, querystring: RecordQuerystring, body: AnyBody } }, async () => {
    throw missingCollection();
  });
  app.patch(`${unknown}/:id`, { schema: { params: RecordParams, querystring: RecordQuerystring, body: AnyBody } }, async () => {
    throw missingCollection();
  });
  app.delete(`${unknown}/:id`, { schema: { params: RecordParams } }, async () => {
    throw missingCollection();
  });
}

/** The file parts of a multipart create or update, read before the body schema runs. */
const uploadsOf = new WeakMap<FastifyRequest, Upload[]>();

/**
 * A body sent as multipart (the SDK's FormData, when it holds a file) is read here: its text and
 * `@jsonPayload` parts become the body the schema and the collection check, its files the uploads
 * (docs/decisions/043). Only once the caller may make this write (docs/decisions/052): a caller who
 * may not is answered before the body is read, and the files held count against the upload budget
 * until the answer is sent.
 */
function readUploads(
  records: RecordService,
  budget: UploadBudget,
  collection: Collection,
  write: (request: FastifyRequest) => Parameters<RecordService['refuseBeforeBody']>[2],
) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!isMultipart(request)) return;
    const share = budget.open();
    reply.raw.once('close', share.release);
    try {
      await records.refuseBeforeBody(collection, request.auth, write(request));
      const { body, uploads } = await readMultipartBody(request, collection.declaration, {
        mode: write(request).action,
        share,
      });
      request.body = body;
      uploadsOf.set(request, uploads);
    } catch (error) {
      discardUnread(request);
      throw error;
    }
  };
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
