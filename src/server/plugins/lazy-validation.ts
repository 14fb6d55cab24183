import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';
import type { FastifyRouteSchemaDef, FastifyValidationResult } from 'fastify/types/schema';

// Route validators compiled when a route is first asked, not at start-up (docs/decisions/073).
// Fastify compiles every route's schemas with Ajv while it starts: ~50 routes × params, query and
// body took ~0.3 s of the start and held their generated code in memory, though most routes (the
// records API of collections a nursery may never use) are not asked for hours. Each validator is
// now compiled on its route's first request, with the very compiler Fastify would have used, so
// what a request is told is unchanged; the first request of a route pays a few milliseconds.

type Compile = (route: FastifyRouteSchemaDef<unknown>) => FastifyValidationResult;
type SchemaControllerOptions = NonNullable<FastifyServerOptions['schemaController']>;
type ValidatorFactory = NonNullable<NonNullable<SchemaControllerOptions['compilersFactory']>['buildValidator']>;
type BuildValidator = (externalSchemas: unknown, ajvOptions: unknown) => Compile;

/** A validator that compiles itself on its first call; Fastify reads `.errors` off it after a `false`. */
export function lazyValidator(compile: () => FastifyValidationResult): FastifyValidationResult {
  let compiled: FastifyValidationResult | null = null;
  const validate = ((data: unknown) => {
    compiled ??= compile();
    const result = compiled(data);
    // Ajv's validators answer `false` and leave their reasons on the function itself.
    (validate as { errors?: unknown }).errors = (compiled as { errors?: unknown }).errors;
    return result;
  }) as FastifyValidationResult;
  return validate;
}

/**
 * Fastify's own default validator builder (@fastify/ajv-compiler, as Fastify itself requires it),
 * each route's compile deferred to its first request. Resolved from Fastify's folder so it is the
 * copy and version Fastify would load.
 */
function lazyAjvBuilder(): BuildValidator {
  const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
  const selector = fromFastify('@fastify/ajv-compiler') as () => BuildValidator;
  const build = selector();
  return (externalSchemas, ajvOptions) => {
    let compile: Compile | null = null;
    return (route) => lazyValidator(() => (compile ??= build(externalSchemas, ajvOptions))(route));
  };
}

/**
 * The `schemaController` option that makes Fastify's default (Ajv) validation lazy. It marks the
 * compiler "custom", which only changes how a `headers` schema is read; no route has one.
 */
export function lazySchemaController(): SchemaControllerOptions {
  // Fastify names the builder's type after @fastify/ajv-compiler's, which this package does not import.
  return { compilersFactory: { buildValidator: lazyAjvBuilder() as unknown as ValidatorFactory } };
}
