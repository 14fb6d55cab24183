import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import type { Throttles } from './throttles';

const HOUR_MS = 60 * 60 * 1000;
const counted = Symbol('signupThrottleKey');

type CountedRequest = FastifyRequest & { [counted]?: string };

/**
 * Sign-up (`POST /api/collections/users/records`) per address: at most `perHour` accounts an hour
 * (1,000 were made in 10 s before). Each attempt takes a slot up front, so a burst in parallel
 * cannot slip past the count; an attempt the server refuses (a taken name, a bad field) gives its
 * slot back, so typing mistakes don't lock anyone out.
 */
export function installSignupThrottle(app: FastifyInstance, throttles: Throttles, perHour: number): void {
  app.addHook('preHandler', async (request: CountedRequest) => {
    if (request.method !== 'POST' || request.routeOptions.url !== '/api/collections/:collection/records') return;
    const collection = (request.params as { collection?: string }).collection;
    if (collection !== 'users' && collection !== '_pb_users_auth_') return;
    const key = `signup|${request.ip}`;
    const { count } = await throttles.hit(key, HOUR_MS);
    request[counted] = key;
    if (count > perHour)
      throw new ApiError(
        429,
        'Too many new accounts from this network. Please wait an hour and try again, or ask a colleague who already has an account.',
      );
  });
  app.addHook('onResponse', async (request: CountedRequest, reply) => {
    const key = request[counted];
    if (key && reply.statusCode >= 400 && reply.statusCode < 500 && reply.statusCode !== 429) await throttles.refund(key);
  });
}

interface RateLimitResult {
  current: number;
  ttl: number;
}

/**
 * A store for @fastify/rate-limit (the per-address limit on each auth endpoint) kept in the
 * `throttles` table, so every instance on one database shares one budget (docs/decisions/028).
 */
export function throttleRateLimitStore(throttles: Throttles) {
  return class ThrottleRateLimitStore {
    private readonly prefix: string;

    // The plugin passes its merged settings, whose `routeInfo` names the route (its typings say otherwise).
    constructor(params: object = {}) {
      const route = (params as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      this.prefix = `rate|${[route?.method ?? ''].flat().join(',')} ${route?.url ?? ''}|`;
    }

    incr(key: string, callback: (error: Error | null, result?: RateLimitResult) => void, timeWindow: number): void {
      throttles.hit(this.prefix + key, timeWindow).then(
        ({ count, resetsAt }) => callback(null, { current: count, ttl: Math.max(0, resetsAt - Date.now()) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: object) {
      return new ThrottleRateLimitStore(routeOptions);
    }
  };
}
