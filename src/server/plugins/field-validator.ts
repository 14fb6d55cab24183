import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { FastifyRouteSchemaDef, FastifyValidationResult } from 'fastify/types/schema';
import type { FieldError } from '#domain/validation';
import { validationFailed } from '../errors';

/**
 * A route's body schema checker that answers as PocketBase does, with the field each problem is
 * on: `messages` says, for each field of the body, what a client who sent it wrong is told (a body
 * that is no object is wrong in every field). Checks every field, so two wrong fields are both
 * named, and never changes the body (no type coercion: 123 is not a text).
 *
 * Use as the route's `validatorCompiler`, with `schema.body` a TypeBox object.
 */
export function fieldValidator(messages: Readonly<Record<string, FieldError>>) {
  // Generic, so it fits any route's schema type; the route's body schema is a TypeBox one.
  return <S>({ schema }: FastifyRouteSchemaDef<S>): FastifyValidationResult => {
    const check = TypeCompiler.Compile(schema as unknown as TSchema);
    return (data: unknown) => {
      if (check.Check(data)) return { value: data };
      const wrong = new Set<string>();
      for (const error of check.Errors(data)) {
        const field = error.path.split('/')[1];
        if (field === undefined) Object.keys(messages).forEach((name) => wrong.add(name));
        else wrong.add(field);
      }
      const fields: Record<string, FieldError> = {};
      for (const [field, message] of Object.entries(messages)) if (wrong.has(field)) fields[field] = message;
      return { error: validationFailed(fields) };
    };
  };
}
