import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app, and index.html for every other GET that is not an API call, so
 * client routes such as /edit/abc work on reload. Without a built app, unknown paths are 404s.
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
    wildcard: false,
    // Hashed assets never change; index.html must always be fresh.
    setHeaders: (res, filePath) => {
      res.raw.setHeader(
        'Cache-Control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && !request.url.startsWith('/api/') && request.url !== '/api') {
      return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.code(404).send(notFound);
  });
}
