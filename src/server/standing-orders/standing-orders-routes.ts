import type { FastifyInstance } from 'fastify';
import { STANDING_API } from '#domain/standing-orders/requests';
import { requireUser } from '../auth/auth-context';
import { requireRole } from '../auth/require-access';
import { STANDING_EDITORS_ONLY } from '../records/collections/standing-orders';
import type { StandingOrdersService } from './standing-orders-service';

/** The orders' writes the records API cannot say in one call: Fill week and Copy to another week (docs/decisions/039). */
export async function standingOrdersRoutes(app: FastifyInstance, { standing }: { standing: StandingOrdersService }): Promise<void> {
  const editors = requireRole(['admin', 'office'], STANDING_EDITORS_ONLY);
  // Copying makes new orders: whoever may add orders may copy them.
  const orderMakers = requireRole(['admin', 'office', 'staff'], 'Viewers can look but not change orders.');

  app.get(STANDING_API.fillWeek, { preHandler: editors }, async (request) =>
    standing.previewFill(requireUser(request.auth), request.query),
  );
  app.post(STANDING_API.fillWeek, { preHandler: editors }, async (request) => standing.fill(requireUser(request.auth), request.body));
  app.post(STANDING_API.copyPreview, { preHandler: orderMakers }, async (request) =>
    standing.previewCopy(requireUser(request.auth), request.body),
  );
  app.post(STANDING_API.copy, { preHandler: orderMakers }, async (request) => standing.copy(requireUser(request.auth), request.body));
}
