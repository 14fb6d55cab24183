import type { FastifyInstance } from 'fastify';

/**
 * One log line per request that went wrong (4xx, 5xx) or took long, instead of Fastify's two lines
 * for every request: at hundreds of board polls a second, logging each one cost more than
 * answering it (the 5xx details come from the error handler).
 */
export function installRequestLog(app: FastifyInstance, slowMs = 1000): void {
  // Callback style, not async: no promise per request for a hook that almost always does nothing.
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const ms = Math.round(reply.elapsedTime);
    if (status >= 400 || ms >= slowMs) {
      const line = `${request.method} ${request.url} -> ${status} in ${ms} ms`;
      if (status >= 500 || ms >= slowMs) request.log.warn(line);
      else request.log.info(line);
    }
    done();
  });
}
