import type { FastifyRequest } from 'fastify';
import type { Role } from '#domain/records';
import { Gate, membersWithRole, type GateCheck } from '../records/access-rules';

/** What a route's preHandler is given: the request, whose `auth` the onRequest hook has set. */
export type AccessHook = (request: FastifyRequest) => Promise<void>;

/**
 * A route's own access check, in the rules model: the same gate checks over `@request.auth.*` as a
 * collection's actions (access-rules.ts), parsed when the route is built (a rule over a name callers
 * do not have stops the server at start-up), answered with the first failed check's 401 or 403.
 * Use as the route's `preHandler`, so the handler never starts for a caller it is not for.
 */
export function requireAccess(checks: readonly GateCheck[], where = 'route'): AccessHook {
  const gate = new Gate(checks, where);
  return async (request) => {
    const refusal = gate.refusal(request.auth);
    if (refusal) throw refusal;
  };
}

export const ROLE_REFUSED = 'Your role does not allow this. Ask a manager if you need it.';

/**
 * A route only members of a nursery with one of `roles` may use: signed in (401 otherwise),
 * verified, terms agreed, in a nursery, then `@request.auth.role` one of them (403 with `message`).
 */
export function requireRole(roles: readonly Role[], message = ROLE_REFUSED): AccessHook {
  return requireAccess(membersWithRole(roles, message), `requireRole(${roles.join(', ')})`);
}
