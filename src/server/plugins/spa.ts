import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app, and index.html for every other GET that is not an API call or a file,
 * so client routes such as /edit/abc work on reload. A missing file (under /assets/, or any path
 * ending in a file extension) is a 404: index.html in its place made a browser report "MIME type
 * text/html" for a script instead of the missing file. Without a built app, unknown paths are 404s.
 */
export async function serveSpa(app: FastifyInstance, webDir: string | null): Promise<void> {
  const notFound = { status: 404, code: 404, message: "The requested resource wasn't found.", data: {} };
  if (webDir === null) {
    app.setNotFoundHandler((_request, reply) => reply.code(404).send(notFound));
    return;
  }
  const indexFile = path.join(webDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ webDir }, 'The web app is not built; serving the API only. Run `npm run build`.');
    app.setNotFoundHandler((_request, reply) => reply.code(404).send(notFound));
    return;
  }
  await app.register(fastifyStatic, {
    root: webDir,
    // One `/*` route that looks the file up when asked, not one route per built file found by a
    // glob at start-up: ~730 routes (every file, its .br and .gz, GET and HEAD) cost the start
    // ~0.5 s of globbing, routing and plugin work (docs/decisions/073). A file that is not there
    // falls through to the not-found handler below, as before.
    wildcard: true,
    // The build writes .br and .gz copies of every text asset (scripts/precompress.ts); the one
    // the browser accepts is sent as it is, with Vary: Accept-Encoding.
    preCompressed: true,
    // send's own `public, max-age=0` would win over a header set on the raw response (which is
    // how hashed assets went out uncached); cache headers are set here, on the reply, alone.
    cacheControl: false,
    setHeaders: (reply, filePath) => void reply.header('Cache-Control', cacheControlFor(webDir, filePath)),
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && !request.url.startsWith('/api/') && request.url !== '/api' && !isFilePath(request.url)) {
      return reply.header('Cache-Control', INDEX_CACHE_CONTROL).type('text/html').sendFile('index.html');
    }
    return reply.code(404).send(notFound);
  });
}

/**
 * Whether `url` names a file rather than a screen of the app: anything under /assets/, or a last
 * path segment ending in a short extension (`.js`, `.css`, `.png`, `.webmanifest`). The app's own
 * routes never do; the tokens in /auth/... links end in a 43-character signature, not an extension.
 */
export function isFilePath(url: string): boolean {
  const pathname = url.split('?', 1)[0] ?? '';
  return pathname.startsWith('/assets/') || /\.[A-Za-z0-9]{1,12}$/.test(pathname.slice(pathname.lastIndexOf('/') + 1));
}

/** The built app's index.html, or '' when there is none (an API-only server). */
export function readIndexHtml(webDir: string | null): string {
  if (webDir === null) return '';
  try {
    return fs.readFileSync(path.join(webDir, 'index.html'), 'utf8');
  } catch {
    return '';
  }
}

/** index.html names the current hashed bundles: a cached copy would keep an old app alive after an update. */
const INDEX_CACHE_CONTROL = 'no-store';

/**
 * Files under assets/ carry a content hash in their names (Vite), so they can be kept for a year;
 * index.html must never be kept; anything else (favicon, robots) is revalidated on each use.
 */
function cacheControlFor(webDir: string, filePath: string): string {
  const relative = path.relative(webDir, filePath).split(path.sep);
  if (relative[0] === 'assets') return 'public, max-age=31536000, immutable';
  if (/^index\.html(\.gz|\.br)?$/.test(relative.join('/'))) return INDEX_CACHE_CONTROL;
  return 'no-cache';
}
