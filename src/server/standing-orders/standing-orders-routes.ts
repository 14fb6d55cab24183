import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { STANDING_API } from '#domain/standing-orders/requests';
import { requireUser } from '../auth/auth-context';
import { requireRole } from '../auth/require-access';
import { useRouteSchemas } from '../plugins/route-schemas';
import { STANDING_EDITORS_ONLY } from '../records/collections/standing-orders';
import { CopyBody, FillWeekBody, FillWeekQuery } from './standing-orders-schemas';
import type { StandingOrdersService } from './standing-orders-service';

/** The orders' writes the records API cannot say in one call: Fill week and Copy to another week (docs/decisions/039). */
export async function standingOrdersRoutes(fastify: FastifyInstance, { standing }: { standing: StandingOrdersService }): Promise<void> {
  useRouteSchemas(fastify);
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const editors = requireRole(['admin', 'office'], STANDING_EDITORS_ONLY);
  // Copying makes new orders: whoever may add orders may copy them.
  const orderMakers = requireRole(['admin', 'office', 'staff'], 'Viewers can look but not change orders.');

  app.get(STANDING_API.fillWeek, { schema: { querystring: FillWeekQuery }, preHandler: editors }, async (request) =>
    standing.previewFill(requireUser(request.auth), request.query),
  );
  app.post(STANDING_API.fillWeek, { schema: { body: FillWeekBody }, preHandler: editors }, async (request) =>
    standing.fill(requireUser(request.auth), request.body),
  );
  app.post(STANDING_API.copyPreview, { schema: { body: CopyBody }, preHandler: orderMakers }, async (request) =>
    standing.previewCopy(requireUser(request.auth), request.body),
  );
  app.post(STANDING_API.copy, { schema: { body: CopyBody }, preHandler: orderMakers }, async (request) =>
    standing.copy(requireUser(request.auth), request.body),
  );
}
