import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, RefusedBody } from '../errors';
import { EMAIL_TAKEN } from '../records/collections/users';
import type { RouteHooks } from '../records/records-routes';
import type { Throttles } from './throttles';

const HOUR_MS = 60 * 60 * 1000;
const counted = Symbol('signupThrottleKey');
const keepsSlot = Symbol('signupKeepsSlot');

type CountedRequest = FastifyRequest & { [counted]?: string; [keepsSlot]?: boolean };

/**
 * The hooks of the sign-up route (`POST /api/collections/users/records`, records-routes.ts
 * `createHooks`): per address, at most `perHour` attempts an hour that got as far as the e-mail
 * address (1,000 accounts were made in 10 s before; later, 100
 * addresses were tested in 0.2 s). Each attempt takes a slot up front, so a burst in parallel
 * cannot slip past the count. An answered sign-up keeps its slot, whether it made an account or
 * was answered alike for an address that already had one (docs/decisions/018), and so does the
 * refusal of two sign-ups racing with one new address: each can tell something about an address.
 * So does a body no sign-up form sends (fields nobody may set, more names than a record has, not
 * JSON: `RefusedBody`), which would otherwise cost the server its work again and again for free
 * (docs/decisions/054). The slot is taken before the body is read, so such a body counts even
 * when the parser refuses it, and a client over the limit is answered before its body is read.
 * Any other refusal (a bad field, a taken username) came before the address was looked up and
 * gives its slot back, so typing mistakes don't lock anyone out.
 */
export function signupThrottle(throttles: Throttles, perHour: number): RouteHooks {
  return {
    onRequest: async (request: CountedRequest) => {
      const key = `signup|${request.ip}`;
      const { count } = await throttles.hit(key, HOUR_MS);
      request[counted] = key;
      if (count > perHour)
        throw new ApiError(
          429,
          'Too many new accounts from this network. Please wait an hour and try again, or ask a colleague who already has an account.',
        );
    },
    onError: async (request: CountedRequest, _reply: FastifyReply, error: Error) => {
      if (request[counted] && (error instanceof RefusedBody || (error instanceof ApiError && error.data.email === EMAIL_TAKEN)))
        request[keepsSlot] = true;
    },
    onResponse: async (request: CountedRequest, reply: FastifyReply) => {
      const key = request[counted];
      if (key && !request[keepsSlot] && reply.statusCode >= 400 && reply.statusCode < 500 && reply.statusCode !== 429)
        await throttles.refund(key);
    },
  };
}

interface RateLimitResult {
  current: number;
  ttl: number;
}

/**
 * A store for @fastify/rate-limit (the per-address limit on each auth endpoint) kept in the
 * `throttles` table, so every instance on one database shares one budget (docs/decisions/028).
 */
export function throttleRateLimitStore(throttles: Throttles, now: () => number) {
  return class ThrottleRateLimitStore {
    private readonly prefix: string;

    // The plugin passes its merged settings, whose `routeInfo` names the route (its typings say otherwise).
    constructor(params: object = {}) {
      const route = (params as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      this.prefix = `rate|${[route?.method ?? ''].flat().join(',')} ${route?.url ?? ''}|`;
    }

    incr(key: string, callback: (error: Error | null, result?: RateLimitResult) => void, timeWindow: number): void {
      throttles.hit(this.prefix + key, timeWindow).then(
        ({ count, resetsAt }) => callback(null, { current: count, ttl: Math.max(0, resetsAt - now()) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: object) {
      return new ThrottleRateLimitStore(routeOptions);
    }
  };
}
