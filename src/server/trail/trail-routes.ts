import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';
import { parsePaging } from '../records/list-query';
import type { RecordService } from '../records/record-service';

// History and Deleted (docs/decisions/034), beside PocketBase's records API and in its list
// shape, for the SDK's `pb.send(...)`. Each handler is one RecordService call, which asks the
// collection's own rules: a record's history is shown to whoever may view the record, Deleted
// lists what each caller's list rule lets them see.

const Text = Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())]));
const Paging = Type.Object({ page: Text, perPage: Text }, { additionalProperties: true });
const DeletedQuery = Type.Object({ page: Text, perPage: Text, collection: Text }, { additionalProperties: true });
const RecordParams = Type.Object({ collection: Type.String(), id: Type.String() });

export interface TrailRoutesOptions {
  records: RecordService;
}

export async function trailRoutes(fastify: FastifyInstance, { records }: TrailRoutesOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/collections/:collection/records/:id/history',
    { schema: { params: RecordParams, querystring: Paging } },
    async (request) => {
      const { page, perPage } = parsePaging(request.query);
      return records.history(records.collection(request.params.collection), request.auth, request.params.id, page, perPage);
    },
  );

  app.get('/api/deleted', { schema: { querystring: DeletedQuery } }, async (request) => {
    const { page, perPage } = parsePaging(request.query);
    const raw = request.query.collection;
    if (Array.isArray(raw)) throw new ApiError(400, 'The "collection" query parameter was given more than once; send it once.');
    const collection = raw === undefined || raw === '' ? undefined : records.collection(raw).name;
    return records.listDeleted(request.auth, { collection, page, perPage });
  });

  app.post('/api/deleted/:collection/:id/restore', { schema: { params: RecordParams } }, async (request) =>
    records.restore(records.collection(request.params.collection), request.auth, request.params.id),
  );

  app.delete('/api/deleted/:collection/:id', { schema: { params: RecordParams } }, async (request, reply) => {
    await records.purge(records.collection(request.params.collection), request.auth, request.params.id);
    return reply.code(204).send();
  });
}
