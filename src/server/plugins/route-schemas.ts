import { Type, type Static, type TProperties, type TSchema, type TString } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { FastifyInstance } from 'fastify';
import type { FastifyRouteSchemaDef, FastifyValidationResult } from 'fastify/types/schema';
import { isPlainObject } from '#domain/validation';
import { badRequest } from '../errors';
import { lazyValidator } from './lazy-validation';

// The schemas of our own routes (the feature routes beside the records API, docs/decisions/061).
// Each route declares its params, query string and body; the handler gets them typed and never
// reads `unknown`. A body's values stay `unknown` where the route answers a wrong one with its own
// sentence (a field's message, the `data` map): the service reads them as it always has, after the
// route's role check, so a caller who may not do something is told that first, whatever they sent.

/** A value of a body that the service reads and, when wrong, refuses with the route's own sentence. */
export const Given = Type.Optional(Type.Unknown());

/** A query string value the service reads: sent once, or repeated. */
export const QueryText = Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())]));

/**
 * A JSON body holding these names. Other names pass (they are ignored, as before), and a body that
 * is no object (`null`, a list, a number) reaches the service as `{}`, which is how every service
 * read one: its "choose ..." sentence answers it.
 */
export function bodyOf<P extends TProperties>(properties: P, description: string) {
  return Type.Object(properties, { additionalProperties: true, description });
}

/** A path's `:name` parameters, each a text (an id, a token). */
export function paramsOf<K extends string>(...names: K[]) {
  return Type.Object(Object.fromEntries(names.map((name) => [name, Type.String()])) as { [N in K]: TString });
}

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * A response schema for answers of type `T` (a domain interface), refused by the compiler unless its
 * type is exactly `T`: fast-json-stringify leaves out a property its schema lacks, so a property
 * added to `T` and not here would otherwise vanish from the answer without a word. Declare its
 * properties in the order the service builds them, so the bytes stay those JSON.stringify sent.
 */
export function answerSchema<T>() {
  return <S extends TSchema>(
    schema: S,
    ..._exactly: Same<Static<S>, T> extends true ? [] : ['the schema is not exactly the answer type']
  ): S => schema;
}

const INVALID = 'Failed to load the submitted data due to invalid formatting.';

/**
 * The validator of a plugin's routes: TypeBox's compiled check, which never converts a value (Fastify's
 * default would turn a number into the text a schema wants), with a body that is no object read as `{}`.
 */
function routeValidator<S>({ schema, httpPart }: FastifyRouteSchemaDef<S>): FastifyValidationResult {
  // Compiled on the route's first request, not while the server starts (docs/decisions/073).
  return lazyValidator(() => {
    const check = TypeCompiler.Compile(schema as unknown as TSchema);
    return (data: unknown) => {
      const value = httpPart === 'body' && !isPlainObject(data) ? {} : data;
      return check.Check(value) ? { value } : { error: badRequest(INVALID) };
    };
  });
}

/** Makes `app`'s routes (one plugin's, as Fastify scopes it) validate their schemas as above. */
export function useRouteSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(routeValidator);
}
