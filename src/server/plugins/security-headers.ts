import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
// helmet itself (what @fastify/helmet wraps; installed with it): @fastify/helmet builds a new
// helmet middleware from the options and re-parses the CSP for every request, ~30 µs each,
// a large share of a cached board answer (issue 9's board_rps_vs_bare_node).
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet sets for `options`: the same for every request (no CSP nonces here). */
export function securityHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}

/** Sends helmet's headers with every reply, computed once at start-up. */
export function installSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
