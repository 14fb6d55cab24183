import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { LEDGER_API } from '#domain/ledger/ledger-api';
import { requireUser } from '../auth/auth-context';
import { requireRole } from '../auth/require-access';
import { discardUnread } from '../files/multipart-body';
import { bodyOf, paramsOf, useRouteSchemas } from '../plugins/route-schemas';
import type { TransferService } from './transfer-service';

/** A transfer books trolleys out to a customer: office staff's and admins', as any delivery (docs/decisions/038, 079). */
export const TRANSFER_EDITORS_ONLY =
  "Only office staff and admins can record a haulier's transfer, since it books trolleys out to a customer. Ask one of them.";

/** The transfer's fields (readTransfer reads them); a multipart body is read after the role check, so the schema sees `{}` for it. */
const TransferBody = bodyOf({}, 'A haulier handing trolleys on to a customer (docs/decisions/079)');

/**
 * The haulier's transfer routes (docs/decisions/079), recording one and deleting one whole, thin over TransferService. Registered after the
 * multipart parser, as the records routes are.
 */
export async function transferRoutes(fastify: FastifyInstance, { transfers }: { transfers: TransferService }): Promise<void> {
  useRouteSchemas(fastify);
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const editors = requireRole(['admin', 'office'], TRANSFER_EDITORS_ONLY);
  app.post(
    LEDGER_API.transfers,
    {
      schema: { body: TransferBody },
      // Refused before the body is read (docs/decisions/052).
      onError: (request, _reply, _error, done) => {
        discardUnread(request);
        done();
      },
      preHandler: editors,
    },
    async (request) => transfers.fromRequest(requireUser(request.auth), request, request.body as Record<string, unknown>),
  );
  app.delete(LEDGER_API.transferRoute, { schema: { params: paramsOf('transfer') }, preHandler: editors }, async (request) =>
    transfers.remove(requireUser(request.auth), request.params.transfer),
  );
}
