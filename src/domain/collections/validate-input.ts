// Checks a client's body against a collection's declaration: each editable field is read by its
// kind (text, number, select, json ...), new records get the declared defaults, required fields
// must be there, then the collection's own rules (`refine`) run on what was read. The messages are
// PocketBase's field errors, worded for the person at the screen.

import {
  BLANK,
  bodyError,
  has,
  isPlainObject,
  oneOf,
  readInteger,
  readText,
  type FieldError,
  type FieldErrors,
  type ValidationMode,
  type ValidationResult,
} from '../validation';
import { isEditable, type CollectionDeclaration, type EditableOf, type Field, type FieldRead, type NumberField } from './fields';

/** A record id as PocketBase makes them: 15 lower-case letters and digits. */
const RECORD_ID = /^[a-z0-9]{15}$/;
/** PocketBase's timestamp form. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function rangeError(field: NumberField, value: number): FieldError | null {
  const { min, max } = field;
  if ((min === undefined || value >= min) && (max === undefined || value <= max)) return null;
  const subject = field.label ?? 'The number';
  const code = min !== undefined && value < min ? 'validation_min_number_constraint' : 'validation_max_number_constraint';
  if (min !== undefined && max !== undefined) return { code, message: `${subject} must be between ${min} and ${max}.` };
  return { code, message: min !== undefined ? `${subject} must be ${min} or more.` : `${subject} must be ${max} or less.` };
}

function readNumber(field: NumberField, raw: unknown): FieldRead<number> {
  const read = readInteger(raw);
  if (read.ok === 'blank')
    return field.default !== undefined && !field.required ? { ok: true, value: field.default } : { ok: false, error: BLANK };
  if (!read.ok) return read;
  const value = field.normalize ? field.normalize(read.number) : read.number;
  const error = rangeError(field, value);
  return error ? { ok: false, error } : { ok: true, value };
}

function readBool(raw: unknown): FieldRead<boolean> {
  if (raw === undefined || raw === null || raw === false || raw === 0 || raw === '' || raw === 'false' || raw === '0')
    return { ok: true, value: false };
  if (raw === true || raw === 1 || raw === 'true' || raw === '1') return { ok: true, value: true };
  return { ok: false, error: { code: 'validation_invalid_value', message: 'Must be true or false.' } };
}

/** Reads one value a client sent for `field`, by its kind. */
export function readField(field: Field, raw: unknown): FieldRead<unknown> {
  switch (field.kind) {
    case 'text': {
      const read = readText(raw, field.max ?? 0, field.lines ?? 'single-line');
      if (!read.ok) return read;
      if (field.required && read.text.trim() === '') return { ok: false, error: BLANK };
      return { ok: true, value: read.text };
    }
    case 'number':
      return readNumber(field, raw);
    case 'bool':
      return readBool(raw);
    case 'select': {
      // PocketBase stores a null select as ''; only a select that offers '' accepts it.
      const checked = oneOf(raw ?? '', field.values);
      return checked.ok ? { ok: true, value: checked.value } : checked;
    }
    case 'json':
      return field.read(raw);
    case 'relation': {
      if (raw === undefined || raw === null || raw === '') {
        return field.required ? { ok: false, error: BLANK } : { ok: true, value: '' };
      }
      if (typeof raw === 'string' && RECORD_ID.test(raw)) return { ok: true, value: raw };
      return { ok: false, error: { code: 'validation_invalid_relation', message: 'Must be the id of a record.' } };
    }
    case 'date': {
      if (raw === undefined || raw === null || raw === '') {
        return field.required ? { ok: false, error: BLANK } : { ok: true, value: '' };
      }
      if (typeof raw === 'string' && TIMESTAMP.test(raw) && !Number.isNaN(Date.parse(raw.replace(' ', 'T'))))
        return { ok: true, value: raw };
      return {
        ok: false,
        error: { code: 'validation_invalid_date', message: 'Must be a date and time such as 2026-03-02 08:00:00.000Z.' },
      };
    }
    case 'file':
      // Files are read from the upload by the file store's helper (src/server/files), never here.
      return { ok: false, error: { code: 'validation_invalid_value', message: 'A file is sent as an upload.' } };
    case 'password':
      // Passwords are read by their collection's own rules (hashing, confirmation, the old one).
      return { ok: false, error: { code: 'validation_invalid_value', message: 'A password is checked by its own form.' } };
  }
}

/** A field missing from a new record: its default, the reader's own message (json) or "Cannot be blank.". */
function missingOnCreate(field: Field): FieldRead<unknown> | null {
  if (field.kind === 'json') return field.required ? field.read(undefined) : { ok: true, value: field.default };
  const fallback = 'default' in field ? field.default : undefined;
  if (fallback !== undefined) {
    const blankText = field.kind === 'text' && typeof fallback === 'string' && fallback.trim() === '';
    return field.required && blankText ? { ok: false, error: BLANK } : { ok: true, value: fallback };
  }
  return field.required ? { ok: false, error: BLANK } : null;
}

/**
 * Checks a client's body for `declaration`. Only the editable fields are read (the server refuses
 * any other field by name before this, docs/decisions/018, and stamps relations such as an order's
 * creator itself). On create, every editable field is in the value (sent or its default) and
 * required ones must be there; on update, only the fields sent are checked and returned.
 * `existing` is the stored record an update applies to, for the collection's own rules.
 */
export function validateInput<C extends CollectionDeclaration>(
  declaration: C,
  input: unknown,
  mode: 'create',
  existing?: Readonly<Record<string, unknown>>,
): ValidationResult<EditableOf<C>>;
export function validateInput<C extends CollectionDeclaration>(
  declaration: C,
  input: unknown,
  mode: ValidationMode,
  existing?: Readonly<Record<string, unknown>>,
): ValidationResult<Partial<EditableOf<C>>>;
export function validateInput<C extends CollectionDeclaration>(
  declaration: C,
  input: unknown,
  mode: ValidationMode,
  existing?: Readonly<Record<string, unknown>>,
): ValidationResult<Partial<EditableOf<C>>> {
  if (!isPlainObject(input)) return { ok: false, errors: bodyError(declaration.noun) };
  const errors: FieldErrors = {};
  const value: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(declaration.fields)) {
    if (!isEditable(field)) continue;
    const read = has(input, name) ? readField(field, input[name]) : mode === 'create' ? missingOnCreate(field) : null;
    if (read === null) continue;
    if (read.ok) value[name] = read.value;
    else errors[name] = read.error;
  }
  declaration.refine?.(value, errors, { input, mode, existing: mode === 'update' ? existing : undefined });
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value: value as Partial<EditableOf<C>> };
}
