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
type SerializerFactory = NonNullable<NonNullable<SchemaControllerOptions['compilersFactory']>['buildSerializer']>;
type Serialize = (route: FastifyRouteSchemaDef<unknown>) => (data: unknown) => string;
type BuildSerializer = (externalSchemas: unknown, serializerOptions: unknown) => Serialize;

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

/** Requires one of Fastify's own compiler packages from Fastify's folder: the copy and version Fastify would load. */
function fromFastify(name: string): unknown {
  return createRequire(createRequire(import.meta.url).resolve('fastify'))(name);
}

/**
 * Fastify's own default validator builder (@fastify/ajv-compiler), each route's compile deferred
 * to its first request. The package itself (and Ajv with its ~90 modules, ~8 MB resident) is
 * required on that first compile too: an idle server holds none of it.
 */
function lazyAjvBuilder(): BuildValidator {
  let build: BuildValidator | null = null;
  return (externalSchemas, ajvOptions) => {
    let compile: Compile | null = null;
    return (route) =>
      lazyValidator(() => {
        build ??= (fromFastify('@fastify/ajv-compiler') as () => BuildValidator)();
        return (compile ??= build(externalSchemas, ajvOptions))(route);
      });
  };
}

/**
 * Fastify's own default serializer builder (@fastify/fast-json-stringify-compiler), deferred the
 * same way: a route's response schema is compiled on the first answer that uses it, and
 * fast-json-stringify is loaded then, not at start-up. The answers are the ones it would write.
 */
function lazySerializerBuilder(): BuildSerializer {
  let build: BuildSerializer | null = null;
  return (externalSchemas, serializerOptions) => {
    let compile: Serialize | null = null;
    return (route) => {
      let serialize: ((data: unknown) => string) | null = null;
      return (data) => {
        if (serialize === null) {
          build ??= (
            fromFastify('@fastify/fast-json-stringify-compiler') as { SerializerSelector: () => BuildSerializer }
          ).SerializerSelector();
          serialize = (compile ??= build(externalSchemas, serializerOptions))(route);
        }
        return serialize(data);
      };
    };
  };
}

/**
 * The `schemaController` option that makes Fastify's default validation (Ajv) and serialization
 * (fast-json-stringify) lazy. It marks both compilers "custom", which only changes how a
 * `headers` schema is read; no route has one.
 */
export function lazySchemaController(): SchemaControllerOptions {
  // Fastify names the builders' types after its compiler packages, which this package does not import.
  return {
    compilersFactory: {
      buildValidator: lazyAjvBuilder() as unknown as ValidatorFactory,
      buildSerializer: lazySerializerBuilder() as unknown as SerializerFactory,
    },
  };
}
