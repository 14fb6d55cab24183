import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';
import type { ServerMetrics } from './server-metrics';

export interface MetricsRoutesOptions {
  metrics: ServerMetrics;
  /** METRICS_TOKEN: the scraper sends it as `Authorization: Bearer <token>`. */
  token: string;
}

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/**
 * Whether `header` carries `token`. Both sides are hashed first, so the comparison takes the same
 * time whatever the guess and whatever its length: a wrong token teaches the caller nothing.
 */
export function bearerMatches(header: unknown, token: string): boolean {
  if (typeof header !== 'string') return false;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return timingSafeEqual(digest(match?.[1] ?? ''), digest(token)) && match !== null;
}

/** GET /api/metrics in Prometheus' text format, for the operator's scraper only (docs/decisions/049). */
export async function metricsRoutes(app: FastifyInstance, options: MetricsRoutesOptions): Promise<void> {
  app.get('/api/metrics', async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, options.token))
      throw new ApiError(401, 'The metrics need the METRICS_TOKEN as "Authorization: Bearer <token>".');
    const text = await options.metrics.text();
    return reply.header('cache-control', 'no-store').type(options.metrics.contentType).send(text);
  });
}
