import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { CollectionDeclaration } from '#domain/collections/fields';
import { validateInput } from '#domain/collections/validate-input';
import type { FieldChange } from '#domain/history/record-history';
import { isPlainObject } from '#domain/validation';
import { ApiError, validationFailed } from '../errors';
import type { RecordBody } from './record-body';
import type { ApiRecord } from './record-mapping';
import { RECORD_ID_PATTERN } from './ids';

/**
 * A create's client-chosen id (docs/decisions/047): PocketBase lets a client name the 15-character
 * id of a new record. The web app's outbox does, so that sending a queued create again after its
 * answer was lost finds the record it made instead of making a second one.
 */
export interface ChosenId {
  id: string;
  /** The body without its `id`: what the collection validates, and what a repeat must match. */
  body: RecordBody;
}

const BAD_ID = { code: 'validation_invalid_value', message: 'An id is 15 lowercase letters and digits (a to z, 0 to 9).' };

export const ID_TAKEN_MESSAGE =
  'Nothing was saved: this id already belongs to a different record. Send the same record again, or choose a new id (or none).';

/** The id a create's body names, if any; a malformed one is a 400 on the field. */
export function chosenIdOf(body: RecordBody): ChosenId | null {
  if (!Object.hasOwn(body, 'id')) return null;
  const { id, ...rest } = body;
  // PocketBase reads a blank id as "make one".
  if (id === '' || id === null || id === undefined) return { id: '', body: rest };
  if (typeof id !== 'string' || !RECORD_ID_PATTERN.test(id)) throw validationFailed({ id: BAD_ID });
  return { id, body: rest };
}

/** The 400 for a chosen id some other record (of any nursery, or in Deleted) holds. */
export function idTaken(): ApiError {
  return new ApiError(400, ID_TAKEN_MESSAGE, { id: { code: 'validation_not_unique', message: ID_TAKEN_MESSAGE } });
}

/**
 * The record as it was created: its values now with every later change of its history undone,
 * newest first (`updates`: the history's update entries, oldest first).
 */
export function asCreated(record: ApiRecord, updates: ReadonlyArray<readonly FieldChange[]>): ApiRecord {
  const created: ApiRecord = { ...record };
  for (const changes of [...updates].reverse()) for (const change of changes) created[change.field] = change.from;
  return created;
}

/** Parts of a record PocketBase clients may carry back in a body; they say nothing of the record. */
const RECORD_EXTRAS = new Set(['collectionId', 'collectionName', 'expand']);

/**
 * What a create asked for, as a digest kept with its chosen id (docs/decisions/054): the body's
 * fields as the collection's validators read them (a number sent for a text field, null for
 * blank), so a client's resend of its own body always has the same digest, whatever happened to
 * the record since. Fields the validators do not read (the stamped nursery and creator) count as
 * sent. Null when the body is not a valid create (it is refused before it is stored).
 */
export function createDigest(declaration: CollectionDeclaration, body: RecordBody): string | null {
  const read = validateInput(declaration, body, 'create');
  if (!read.ok) return null;
  const values: Readonly<Record<string, unknown>> = read.value;
  const asked = Object.keys(body)
    .filter((name) => !RECORD_EXTRAS.has(name))
    .sort()
    .map((name) => [name, canonical(Object.hasOwn(values, name) ? values[name] : body[name])]);
  return createHash('sha256').update(JSON.stringify(asked)).digest('hex');
}

/** A value with its objects' names in order, so two bodies that say the same have one digest. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  // fromEntries keeps the sorted order (JSON.stringify follows it) and a "__proto__" as a name.
  if (isPlainObject(value))
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((name) => [name, canonical(value[name])]),
    );
  return value;
}

/**
 * Whether `body` asks for the record `created` is: every field it names has the value the record
 * was created with, read as the collection's validators read it (a number sent for a text field,
 * null for blank), so a client's resend of its own body always matches.
 */
export function sameCreate(declaration: CollectionDeclaration, body: RecordBody, created: ApiRecord): boolean {
  const read = validateInput(declaration, body, 'create');
  if (!read.ok) return false;
  const values: Readonly<Record<string, unknown>> = read.value;
  return Object.entries(body).every(([name, sent]) => {
    if (RECORD_EXTRAS.has(name)) return true;
    // Fields the validators do not read (the stamped nursery and creator) are compared as sent.
    return isDeepStrictEqual(Object.hasOwn(values, name) ? values[name] : sent, created[name]);
  });
}
