import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { LINK_ORDERS_API } from '#domain/customers/link-orders-api';
import { requireUser } from '../auth/auth-context';
import { requireRole } from '../auth/require-access';
import { useRouteSchemas } from '../plugins/route-schemas';
import { CUSTOMER_EDITORS_ONLY } from '../records/collections/customers';
import { LinkGroupBody, MakeCustomersBody } from './link-orders-schemas';
import type { LinkOrdersService } from './link-orders-service';

/** The linking assistant's routes (docs/decisions/066), for office staff and admins; thin: the service does the work. */
export async function linkOrdersRoutes(fastify: FastifyInstance, { linking }: { linking: LinkOrdersService }): Promise<void> {
  useRouteSchemas(fastify);
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const editors = requireRole(['admin', 'office'], CUSTOMER_EDITORS_ONLY);

  app.get(LINK_ORDERS_API.withoutCustomer, { preHandler: editors }, async (request) => linking.withoutCustomer(requireUser(request.auth)));
  app.get(LINK_ORDERS_API.plan, { preHandler: editors }, async (request) => linking.plan(requireUser(request.auth)));
  app.post(LINK_ORDERS_API.linkGroup, { schema: { body: LinkGroupBody }, preHandler: editors }, async (request) =>
    linking.linkGroup(requireUser(request.auth), request.body),
  );
  app.post(LINK_ORDERS_API.makeCustomers, { schema: { body: MakeCustomersBody }, preHandler: editors }, async (request) =>
    linking.makeCustomers(requireUser(request.auth), request.body),
  );
}
