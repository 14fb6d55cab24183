import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
// helmet itself (what @fastify/helmet wraps; installed with it): @fastify/helmet builds a new
// helmet middleware from the options and re-parses the CSP for every request, ~30 µs each,
// a large share of a cached board answer (issue 9's board_rps_vs_bare_node).
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's settings for this server. Nurseries open it as `http://<office-machine>:8090` on the
 * yard Wi-Fi (docs/decisions/027): a CSP `upgrade-insecure-requests` or an HSTS header would make browsers
 * fetch every script over https://, which nothing answers, and show a blank page. Both are sent
 * only when APP_URL says the app is really served over HTTPS, as is the opener policy.
 */
export function securityHeaders(appUrl: string, scriptHashes: readonly string[] = []): HelmetOptions {
  const https = appUrl.startsWith('https://');
  return {
    contentSecurityPolicy: {
      directives: {
        // The app's own files, and the inline boot scripts of index.html by their hashes only.
        'script-src': ["'self'", ...scriptHashes],
        'img-src': ["'self'", 'data:', 'blob:'],
        'connect-src': ["'self'"],
        // Helmet adds this directive by default; null removes it.
        'upgrade-insecure-requests': https ? [] : null,
      },
    },
    hsts: https ? { maxAge: 15_552_000, includeSubDomains: false } : false,
    // Browsers ignore Cross-Origin-Opener-Policy from a plain-HTTP LAN address and log an error
    // for every page; it protects nothing there.
    crossOriginOpenerPolicy: https,
    crossOriginEmbedderPolicy: false,
  };
}

/** The bodies of a page's inline scripts; scripts with a `src` are files, allowed by 'self'. */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes = '', body = '']) => !/\bsrc\s*=/i.test(attributes) && body.trim() !== '')
    .map(([, , body = '']) => body);
}

/**
 * CSP sources (`'sha256-…'`) for the inline scripts of a page: index.html carries three boot
 * scripts, one that asks for the week's orders before the app has loaded (docs/decisions/014), one
 * that sets light or dark before the first paint (docs/decisions/050) and one that shows the board
 * kept on the device (docs/decisions/051).
 */
export function inlineScriptHashes(html: string): string[] {
  return inlineScripts(html).map((body) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
}

/** The headers helmet sets for `options`: the same for every request (no CSP nonces here). */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
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

/** Sends helmet's headers (`helmetHeaders`, computed once at start-up) with every reply. */
export function installSecurityHeaders(app: FastifyInstance, headers: Readonly<Record<string, string>>): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
