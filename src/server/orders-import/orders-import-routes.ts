import type { FastifyInstance } from 'fastify';
import { ORDERS_IMPORT_API } from '#domain/csv/order-import';
import { requireUser } from '../auth/auth-context';
import { requireRole } from '../auth/require-access';
import type { OrdersImportService } from './orders-import-service';

export { ORDERS_IMPORT_API };

/** Importing orders from CSV (docs/decisions/049): whoever may add orders may import them. */
export async function ordersImportRoutes(app: FastifyInstance, { importer }: { importer: OrdersImportService }): Promise<void> {
  const orderMakers = requireRole(['admin', 'office', 'staff'], 'Viewers can look but not change orders.');
  app.post(ORDERS_IMPORT_API.preview, { preHandler: orderMakers }, async (request) => importer.preview(request.body));
  app.post(ORDERS_IMPORT_API.import, { preHandler: orderMakers }, async (request) =>
    importer.import(requireUser(request.auth), request.body),
  );
}
