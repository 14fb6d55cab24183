import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { PLAN_API } from '#domain/plan/plan-api';
import { PLANNER_ROLES, PLANNERS_ONLY } from '#domain/plan/plan-access';
import { requireUser } from '../auth/auth-context';
import { requireAccess, requireRole } from '../auth/require-access';
import { useRouteSchemas } from '../plugins/route-schemas';
import { MEMBER } from '../records/access-rules';
import { CreateRunsBodySchema, CustomerParams, DayPlanQuerySchema, RoundParams } from './plan-schemas';
import type { PlanService } from './plan-service';

/**
 * Planning the day (docs/decisions/076); thin: the service does the work. Office staff and admins
 * plan a day and create its runs; every member reads a round's learned order and a customer's
 * suggested round, as they read the rounds.
 */
export async function planRoutes(fastify: FastifyInstance, { plan }: { plan: PlanService }): Promise<void> {
  useRouteSchemas(fastify);
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const planners = requireRole(PLANNER_ROLES, PLANNERS_ONLY);
  const members = requireAccess(MEMBER, 'plan reads');

  app.get(PLAN_API.day, { schema: { querystring: DayPlanQuerySchema }, preHandler: planners }, async (request) =>
    plan.day(requireUser(request.auth), request.query),
  );
  app.post(PLAN_API.createRuns, { schema: { body: CreateRunsBodySchema }, preHandler: planners }, async (request) =>
    plan.createRuns(requireUser(request.auth), request.body),
  );
  app.get(PLAN_API.roundOrderRoute, { schema: { params: RoundParams }, preHandler: members }, async (request) =>
    plan.roundOrder(requireUser(request.auth), request.params.round),
  );
  app.get(PLAN_API.roundSuggestionRoute, { schema: { params: CustomerParams }, preHandler: members }, async (request) =>
    plan.roundSuggestion(requireUser(request.auth), request.params.customer),
  );
}
