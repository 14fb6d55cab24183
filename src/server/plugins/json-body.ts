import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors';

/** Largest request body the server reads (docs/decisions/010); a week's board of orders is a few kilobytes. */
export const BODY_LIMIT_BYTES = 2 * 1024 * 1024;
/** Deepest nesting of arrays and objects a body may have; our records are at most 4 deep. */
export const MAX_JSON_DEPTH = 20;

/**
 * The pocketbase SDK sends `Content-Type: application/json` on every request, body or not
 * (STACK.md); an empty body therefore means `{}` instead of Fastify's default 400. Bodies nested
 * deeper than MAX_JSON_DEPTH are refused before parsing, so no later code walks them (docs/decisions/010).
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      return done(
        badRequest(`The submitted data is nested too deeply (more than ${MAX_JSON_DEPTH} levels of lists and objects).`),
        undefined,
      );
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      done(badRequest('Failed to load the submitted data due to invalid formatting.'), undefined);
    }
  });
}

/**
 * How deeply arrays and objects nest in JSON text, counting brackets outside strings; stops
 * early once past `stopAbove`. Malformed text gets some number: JSON.parse refuses it next.
 */
export function jsonDepth(text: string, stopAbove: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i += 1;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      depth += 1;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > stopAbove) return deepest;
      }
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth -= 1;
    }
  }
  return deepest;
}
