import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { RUNS_API } from '#domain/runs/runs-api';
import { requireUser } from '../auth/auth-context';
import { requireAccess } from '../auth/require-access';
import { useRouteSchemas } from '../plugins/route-schemas';
import { membersWithRole, MEMBER, PASSWORD_CHOSEN } from '../records/access-rules';
import { actorOfUser, type RunLifecycleService } from './run-lifecycle-service';
import { DeliveredMarksQuery, DeliveredMarksSchema, DropBody, MoveBody, RunParams } from './run-schemas';

/** Viewers' answer for recording a drop. */
export const VIEWERS_CANNOT_RECORD_DROPS = 'Viewers can look but not record drops. Ask a member of staff to record it.';

/**
 * A run's steps and drops (docs/decisions/042); thin: the service does the work. Who may make
 * each step is the service's (it depends on the step); a drop is recorded by staff, office staff
 * and admins (the office for a driver who phones in), and by a driver's link on its own route.
 */
export async function runRoutes(fastify: FastifyInstance, { runs }: { runs: RunLifecycleService }): Promise<void> {
  useRouteSchemas(fastify);
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    RUNS_API.stateRoute,
    { schema: { params: RunParams, body: MoveBody }, preHandler: requireAccess([...MEMBER, PASSWORD_CHOSEN], 'run state') },
    async (request) => runs.move(requireUser(request.auth), request.params.run, request.body),
  );

  app.get(
    RUNS_API.deliveredMarks,
    {
      schema: { querystring: DeliveredMarksQuery, response: { 200: DeliveredMarksSchema } },
      preHandler: requireAccess(MEMBER, 'delivered marks'),
    },
    async (request) => runs.deliveredMarks(requireUser(request.auth), request.query),
  );

  app.post(
    RUNS_API.dropsRoute,
    {
      schema: { params: RunParams, body: DropBody },
      preHandler: requireAccess(membersWithRole(['admin', 'office', 'staff'], VIEWERS_CANNOT_RECORD_DROPS), 'run drops'),
    },
    async (request) => runs.recordDrop(actorOfUser(requireUser(request.auth)), request.params.run, request.body),
  );
}
