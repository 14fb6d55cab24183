import type { FastifyRequest } from 'fastify';
import { Gate, SIGNED_IN, type GateCheck } from '../records/access-rules';

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
 * A route only callers of one of `roles` may use: signed in (401 otherwise), then
 * `@request.auth.role` one of them (403). Users have no role yet: until `role` is one of the
 * caller's values in `authValues` (access-rules.ts), building this hook throws, as any rule over an
 * unknown `@request.auth` name does.
 */
export function requireRole(roles: readonly string[], message = ROLE_REFUSED): AccessHook {
  if (roles.length === 0) throw new Error('requireRole: name at least one role');
  const rule = roles.map((role) => `@request.auth.role = ${JSON.stringify(role)}`).join(' || ');
  return requireAccess([...SIGNED_IN, { rule, status: 403, message }], `requireRole(${roles.join(', ')})`);
}
