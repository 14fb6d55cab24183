import type { FastifyHelmetOptions } from '@fastify/helmet';

/**
 * Helmet's settings for this server. Nurseries open it as `http://<office-machine>:8090` on the
 * yard Wi-Fi (D12): a CSP `upgrade-insecure-requests` or an HSTS header would make browsers
 * fetch every script over https://, which nothing answers, and show a blank page. Both are sent
 * only when APP_URL says the app is really served over HTTPS, as is the opener policy.
 */
export function securityHeaders(appUrl: string): FastifyHelmetOptions {
  const https = appUrl.startsWith('https://');
  return {
    contentSecurityPolicy: {
      directives: {
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
