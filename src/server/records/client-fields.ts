import { isDeepStrictEqual } from 'node:util';
import { isPlainObject, type FieldError, type FieldErrors } from '#domain/validation';
import { RefusedBody, type ApiError } from '../errors';
import type { RecordBody } from './record-body';

/** When a client may send a field: only in a new record, only in a change, or in both. */
export type Settable = 'create' | 'update' | 'always';

/**
 * The fields a client may put in a body, per collection (docs/decisions/018). A body naming any
 * other field is refused by name, never silently dropped; on update, a field of the record sent
 * back with its current value (as the SDK's `update(id, {...record, title})` does) is a no-op.
 */
export type ClientFields = Readonly<Record<string, Settable>>;

/** The parts of a record PocketBase clients may carry back besides its fields. */
const RECORD_EXTRAS: readonly string[] = ['collectionId', 'collectionName', 'expand'];

export const CANNOT_SET: FieldError = { code: 'validation_forbidden', message: 'This field cannot be set here.' };
export const UNKNOWN_FIELD: FieldError = { code: 'validation_unknown_field', message: 'There is no field of this name here.' };

export interface BodyFieldRules {
  fields: ClientFields;
  /** Names the API shows in a record (for the choice between "cannot be set" and "no such field"). */
  known: readonly string[];
  /** A sentence for a field whose refusal needs more than "cannot be set" (e.g. `verified`). */
  reasons?: Readonly<Record<string, FieldError>>;
  /** The relation fields, whose expanded records a record sent back may carry under `expand`. */
  relations?: readonly string[];
}

/** How many refused names an answer repeats, in its message and its `data` (docs/decisions/054). */
export const SHOWN_REFUSALS = 5;
/** Longest refused name an answer repeats whole; longer ones are cut, with "…". */
const NAME_LENGTH = 40;

/**
 * The fields a body may not carry, as an answer repeats them: the first SHOWN_REFUSALS names (cut
 * to NAME_LENGTH characters) with their reasons, and how many there were in all. A refusal is
 * never larger than the body it refuses (docs/decisions/054).
 */
export interface RefusedFields {
  shown: FieldErrors;
  count: number;
}

/**
 * The fields of `body` a client may not send: for a create (`current` null) anything not settable
 * on create; for an update anything not settable on update unless it repeats `current` (the record
 * as the API shows it). An update may carry back the `expand` an answer had (related records under
 * relation fields' names, docs/decisions/029); it is output only, never stored.
 * Returns null when the body is fine.
 */
export function refusedFields(body: RecordBody, rules: BodyFieldRules, current: Record<string, unknown> | null): RefusedFields | null {
  const mode: Settable = current ? 'update' : 'create';
  const shown: Array<[string, FieldError]> = [];
  let count = 0;
  for (const key of Object.keys(body)) {
    const settable = Object.hasOwn(rules.fields, key) ? rules.fields[key] : undefined;
    if (settable === 'always' || settable === mode) continue;
    if (current && isEcho(key, body[key], current, rules.relations ?? [])) continue;
    count += 1;
    // Past the shown ones only the count matters: no reason is looked up for them.
    if (shown.length === SHOWN_REFUSALS) continue;
    const reason = rules.reasons && Object.hasOwn(rules.reasons, key) ? rules.reasons[key] : undefined;
    const known = settable !== undefined || rules.known.includes(key) || RECORD_EXTRAS.includes(key);
    shown.push([shortName(key), reason ?? (known ? CANNOT_SET : UNKNOWN_FIELD)]);
  }
  // fromEntries, not assignment: a key such as "__proto__" stays a plain field name.
  return count === 0 ? null : { shown: Object.fromEntries(shown), count };
}

function shortName(name: string): string {
  return name.length > NAME_LENGTH ? `${name.slice(0, NAME_LENGTH)}…` : name;
}

function isEcho(key: string, value: unknown, current: Record<string, unknown>, relations: readonly string[]): boolean {
  if (key === 'expand') return value === null || (isPlainObject(value) && Object.keys(value).every((name) => relations.includes(name)));
  return Object.hasOwn(current, key) && isDeepStrictEqual(value, current[key]);
}

/** The 400 for a body with fields a client may not send: nothing is saved, and it says which. */
export function fieldsRefused({ shown, count }: RefusedFields): ApiError {
  const names = Object.keys(shown);
  if (count > names.length) names.push(`${count - names.length} more`);
  const list = new Intl.ListFormat('en-GB', { type: 'conjunction' }).format(names);
  const subject = count === 1 ? `the field ${list}` : `the fields ${list}`;
  return new RefusedBody(`Nothing was saved: ${subject} cannot be set here.`, shown);
}
