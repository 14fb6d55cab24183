import type { FastifyInstance } from 'fastify';
import { RefusedBody } from '../errors';

/** Largest request body the server reads (docs/decisions/010); a week's board of orders is a few kilobytes. */
export const BODY_LIMIT_BYTES = 2 * 1024 * 1024;
/** Deepest nesting of arrays and objects a body may have; our records are at most 4 deep. */
export const MAX_JSON_DEPTH = 20;
/**
 * Most names one object of a body may have (docs/decisions/054). A record has a few dozen fields
 * and its JSON fields fewer names still; lists of rows are arrays, which this does not bound.
 */
export const MAX_JSON_NAMES = 1000;

/**
 * The pocketbase SDK sends `Content-Type: application/json` on every request, body or not
 * (STACK.md); an empty body therefore means `{}` instead of Fastify's default 400. Bodies nested
 * deeper than MAX_JSON_DEPTH, or with an object of more than MAX_JSON_NAMES names, are refused
 * before parsing, in one pass over the text, so no later code walks them (docs/decisions/010, 054).
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    const shape = jsonShape(text);
    if (shape.depth > MAX_JSON_DEPTH) {
      return done(
        new RefusedBody(`The submitted data is nested too deeply (more than ${MAX_JSON_DEPTH} levels of lists and objects).`),
        undefined,
      );
    }
    if (shape.names > MAX_JSON_NAMES) {
      return done(
        new RefusedBody(`The submitted data has an object with more than ${MAX_JSON_NAMES} names; no record has that many fields.`),
        undefined,
      );
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new RefusedBody('Failed to load the submitted data due to invalid formatting.'), undefined);
    }
  });
}

/**
 * The nesting depth of JSON text and the most names any one of its objects has (a name is a
 * string followed by `:`, so counted at each `:` outside strings), in one pass that reads each
 * character once and stops as soon as either is past its limit. Malformed text gets some numbers:
 * JSON.parse refuses it next.
 */
export function jsonShape(text: string, maxDepth = MAX_JSON_DEPTH, maxNames = MAX_JSON_NAMES): { depth: number; names: number } {
  // names[d]: the names counted so far in the object open at depth d (arrays count none).
  const names = new Uint32Array(maxDepth + 2);
  let depth = 0;
  let deepest = 0;
  let most = 0;
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
        if (deepest > maxDepth) return { depth: deepest, names: most };
      }
      names[depth] = 0;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      if (depth > 0) depth -= 1;
    } else if (c === 0x3a /* : */ && depth > 0) {
      const count = (names[depth] ?? 0) + 1;
      names[depth] = count;
      if (count > most) {
        most = count;
        if (most > maxNames) return { depth: deepest, names: most };
      }
    }
  }
  return { depth: deepest, names: most };
}
