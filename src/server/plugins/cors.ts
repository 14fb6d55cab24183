import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/** How long a browser may reuse a preflight answer (Chromium caps it at 2 hours). */
const PREFLIGHT_MAX_AGE_SECONDS = 3600;

/**
 * Lets web pages on the origins in CORS_ORIGINS call the API, as PocketBase does (the original
 * app's web client, a driver app, a tool on another address). With no origins nothing is
 * installed: the app's own origin needs no CORS. No credentials: sign-in travels in the
 * Authorization header, never in a cookie, so a page can only use a token it already holds.
 * A request from an origin not in the list gets no CORS header at all, and its preflight the
 * usual 404. (docs/decisions/019-operating-faults-and-cors.md)
 */
export async function installCors(app: FastifyInstance, origins: readonly string[]): Promise<void> {
  if (origins.length === 0) return;
  const anyOrigin = origins.includes('*');
  const allowed = new Set(origins);
  await app.register(cors, {
    // A function, not the list: with a list the plugin still answers a stranger's preflight
    // with the allowed methods and headers.
    origin: anyOrigin ? '*' : (origin, callback) => callback(null, origin !== undefined && allowed.has(origin) ? origin : false),
    methods: ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE'],
    // allowedHeaders unset: the headers a preflight asks for are allowed (Authorization,
    // Content-Type, X-Confirm-Password, If-Match ...), as PocketBase does.
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
    // An OPTIONS without Access-Control-Request-Method is no preflight; not worth a plain-text 400.
    strictPreflight: false,
  });
  // The realtime stream is written on the raw response (realtime/broker.ts), which never sees
  // headers set on the reply: an EventSource on another origin needs them there.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method === 'GET' && (request.url === '/api/realtime' || request.url.startsWith('/api/realtime?'))) {
      for (const name of ['access-control-allow-origin', 'vary']) {
        const value = reply.getHeader(name);
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
    }
    done();
  });
}
