import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors';

/**
 * The pocketbase SDK sends `Content-Type: application/json` on every request, body or not
 * (STACK.md); an empty body therefore means `{}` instead of Fastify's default 400.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(badRequest('Failed to load the submitted data due to invalid formatting.'), undefined);
    }
  });
}
