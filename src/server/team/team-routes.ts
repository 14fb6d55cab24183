import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../auth/auth-context';
import { requireAccess, requireRole } from '../auth/require-access';
import { useRouteSchemas } from '../plugins/route-schemas';
import { SIGNED_IN } from '../records/access-rules';
import { MemberChangeBody, MemberParams, TemporaryPasswordBody, TokenParams, YardAccountBody } from './team-schemas';
import type { TeamService } from './team-service';

export interface TeamRoutesOptions {
  team: TeamService;
  /** Requests per minute one address may make to the invitation link's routes (as the auth endpoints). */
  rateLimitPerMinute: number;
}

/** The team's own routes, where the records API cannot say it (docs/decisions/035); thin: the TeamService does the work. */
export async function teamRoutes(fastify: FastifyInstance, { team, rateLimitPerMinute }: TeamRoutesOptions): Promise<void> {
  useRouteSchemas(fastify);
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // A token is a secret: guessing at request speed is throttled like sign-in.
  const limited = { rateLimit: { max: rateLimitPerMinute, timeWindow: '1 minute' } };
  const admins = requireRole(['admin'], 'Only admins of your nursery can manage its people.');

  app.get('/api/trolleyboard/invitations/:token', { schema: { params: TokenParams }, config: limited }, async (request) =>
    team.preview(request.params.token),
  );

  app.post(
    '/api/trolleyboard/invitations/:token/accept',
    { schema: { params: TokenParams }, config: limited, preHandler: requireAccess(SIGNED_IN, 'accept invitation') },
    async (request) => ({ record: await team.accept(requireUser(request.auth), request.params.token) }),
  );

  app.post('/api/trolleyboard/team/yard-accounts', { schema: { body: YardAccountBody }, preHandler: admins }, async (request) =>
    team.createYardAccount(requireUser(request.auth), request.body),
  );

  app.patch(
    '/api/trolleyboard/team/members/:id',
    { schema: { params: MemberParams, body: MemberChangeBody }, preHandler: admins },
    async (request) => team.change(requireUser(request.auth), request.params.id, request.body),
  );

  app.post(
    '/api/trolleyboard/team/members/:id/temporary-password',
    { schema: { params: MemberParams, body: TemporaryPasswordBody }, preHandler: admins },
    async (request) => team.setTemporaryPassword(requireUser(request.auth), request.params.id, request.body),
  );

  app.delete('/api/trolleyboard/team/members/:id', { schema: { params: MemberParams }, preHandler: admins }, async (request, reply) => {
    await team.remove(requireUser(request.auth), request.params.id);
    return reply.code(204).send();
  });
}
