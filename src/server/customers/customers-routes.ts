import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { CUSTOMERS_API } from '#domain/customers/matching';
import { requireUser } from '../auth/auth-context';
import { requireRole } from '../auth/require-access';
import { useRouteSchemas } from '../plugins/route-schemas';
import { CUSTOMER_EDITORS_ONLY } from '../records/collections/customers';
import { MergeBody } from './customers-schemas';
import type { CustomersService } from './customers-service';

/** The customer book's own routes, where the records API cannot say it (docs/decisions/037); thin: the service does the work. */
export async function customersRoutes(fastify: FastifyInstance, { customers }: { customers: CustomersService }): Promise<void> {
  useRouteSchemas(fastify);
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const editors = requireRole(['admin', 'office'], CUSTOMER_EDITORS_ONLY);

  app.post(CUSTOMERS_API.merge, { schema: { body: MergeBody }, preHandler: editors }, async (request) =>
    customers.merge(requireUser(request.auth), request.body),
  );

  // Reads no body: every unlinked order of the nursery is matched.
  app.post(CUSTOMERS_API.matchOrders, { preHandler: editors }, async (request) => customers.matchOrders(requireUser(request.auth)));
}
