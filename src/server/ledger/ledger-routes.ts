import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { LEDGER_API } from '#domain/ledger/booking';
import { requireUser } from '../auth/auth-context';
import { requireAccess, requireRole } from '../auth/require-access';
import { useRouteSchemas } from '../plugins/route-schemas';
import { MEMBER } from '../records/access-rules';
import { BalancesSchema, BookingBody, RunParams } from './ledger-schemas';
import type { LedgerService } from './ledger-service';

/** Only office staff and admins book a run's trolleys out (docs/decisions/038). */
export const BOOKING_EDITORS_ONLY = 'Only office staff and admins can book trolleys out. Ask one of them to book this run.';

/** The trolley ledger's own routes, where the records API cannot say it (docs/decisions/038); thin: the service does the work. */
export async function ledgerRoutes(fastify: FastifyInstance, { ledger }: { ledger: LedgerService }): Promise<void> {
  useRouteSchemas(fastify);
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const editors = requireRole(['admin', 'office'], BOOKING_EDITORS_ONLY);
  const booking = LEDGER_API.bookingRoute;

  app.get(
    LEDGER_API.balances,
    { schema: { response: { 200: BalancesSchema } }, preHandler: requireAccess(MEMBER, 'ledger balances') },
    async (request) => ledger.balances(requireUser(request.auth)),
  );

  app.get(booking, { schema: { params: RunParams }, preHandler: editors }, async (request) =>
    ledger.preview(requireUser(request.auth), request.params.run),
  );

  app.post(booking, { schema: { params: RunParams, body: BookingBody }, preHandler: editors }, async (request) =>
    ledger.book(requireUser(request.auth), request.params.run, request.body),
  );
}
