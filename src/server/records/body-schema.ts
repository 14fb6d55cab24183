import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import type { CollectionDeclaration, Field } from '#domain/collections/fields';

/** What each kind of field is, in words, for the schema's descriptions. */
function describe(field: Field): string {
  const what = (() => {
    switch (field.kind) {
      case 'text':
        return `text of up to ${field.max ?? 0} characters${field.lines === 'multi-line' ? ', may span lines' : ''}`;
      case 'number':
        return field.min !== undefined && field.max !== undefined ? `whole number from ${field.min} to ${field.max}` : 'whole number';
      case 'bool':
        return 'true or false';
      case 'select':
        return `one of: ${field.values.map((value) => (value === '' ? '(blank)' : value)).join(', ')}`;
      case 'json':
        return 'JSON';
      case 'relation':
        return `the id of a ${field.collection} record`;
      case 'date':
        return 'a date and time (2026-03-02 08:00:00.000Z) or blank';
      case 'password':
        return 'a password';
      case 'file':
        return field.maxSelect > 1
          ? `up to ${field.maxSelect} files (multipart), or the names to keep`
          : 'a file (multipart), or its name to keep';
    }
  })();
  return field.label ? `${field.label}: ${what}` : what;
}

/**
 * The body the records routes accept for `mode`, read from the declaration: an object naming the
 * fields a client may send then. Values are not typed here: the collection's validators read them
 * (numbers sent as text, null as blank ...) and answer with a sentence on the field, which a schema
 * failure could not (it would be one "invalid formatting" for the whole body). Other names pass the
 * schema and are refused by name (client-fields.ts, docs/decisions/018).
 */
export function bodySchemaOf(declaration: CollectionDeclaration, mode: 'create' | 'update'): TObject {
  const properties: Record<string, TSchema> = {};
  const settableNow = (settable: string) => settable === 'always' || settable === mode;
  for (const [name, field] of Object.entries(declaration.fields)) {
    if (settableNow(field.settable)) properties[name] = Type.Optional(Type.Unknown({ description: describe(field) }));
  }
  for (const [name, settable] of Object.entries(declaration.bodyOnly ?? {})) {
    if (settableNow(settable)) properties[name] = Type.Optional(Type.Unknown());
  }
  return Type.Object(properties, { additionalProperties: true, description: `A ${declaration.noun} (${declaration.name})` });
}
