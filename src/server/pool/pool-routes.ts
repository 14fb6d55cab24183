import type { FastifyInstance } from 'fastify';
import { POOL_API } from '#domain/ledger/pool-statement';
import { requireAccess, requireRole } from '../auth/require-access';
import { MEMBER } from '../records/access-rules';
import { POOL_IMPORTERS_ONLY } from '../records/collections/pool-statements';
import type { PoolService } from './pool-service';

/** The pool check's routes (docs/decisions/040); thin: the service does the work. */
export async function poolRoutes(app: FastifyInstance, { pool }: { pool: PoolService }): Promise<void> {
  app.post(POOL_API.import, { preHandler: requireRole(['admin', 'office'], POOL_IMPORTERS_ONLY) }, async (request) =>
    pool.importCsv(request.auth, request.body),
  );

  app.get<{ Params: { id: string } }>(
    '/api/trolleyboard/pool-statements/:id/comparison',
    { preHandler: requireAccess(MEMBER, 'pool comparison') },
    async (request) => pool.comparison(request.auth, request.params.id),
  );
}
