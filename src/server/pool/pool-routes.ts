import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { POOL_API } from '#domain/ledger/pool-statement';
import { requireAccess, requireRole } from '../auth/require-access';
import { useRouteSchemas } from '../plugins/route-schemas';
import { MEMBER } from '../records/access-rules';
import { POOL_IMPORTERS_ONLY } from '../records/collections/pool-statements';
import { PoolImportBody, StatementParams } from './pool-schemas';
import type { PoolService } from './pool-service';

/** The pool check's routes (docs/decisions/040); thin: the service does the work. */
export async function poolRoutes(fastify: FastifyInstance, { pool }: { pool: PoolService }): Promise<void> {
  useRouteSchemas(fastify);
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    POOL_API.import,
    { schema: { body: PoolImportBody }, preHandler: requireRole(['admin', 'office'], POOL_IMPORTERS_ONLY) },
    async (request) => pool.importCsv(request.auth, request.body),
  );

  app.get(
    '/api/trolleyboard/pool-statements/:id/comparison',
    { schema: { params: StatementParams }, preHandler: requireAccess(MEMBER, 'pool comparison') },
    async (request) => pool.comparison(request.auth, request.params.id),
  );
}
