// Building blocks shared by the record validators. Errors use PocketBase's shape
// (`data.field = { code, message }`) so the server can return them unchanged and the SDK's
// `err.response.data` shows them next to the right field.

export interface FieldError {
  code: string;
  message: string;
}

export type FieldErrors = Record<string, FieldError>;

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

export type ValidationMode = 'create' | 'update';

/** Key used when the whole body is unusable (not an object), rather than one field. */
export const BODY_ERROR_KEY = 'body';

export const BLANK: FieldError = { code: 'validation_required', message: 'Cannot be blank.' };

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function has(object: Record<string, unknown>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}

export function bodyError(what: string): FieldErrors {
  return {
    [BODY_ERROR_KEY]: {
      code: 'validation_invalid_body',
      message: `The ${what} could not be read. Reload the page and try again.`,
    },
  };
}

/**
 * Reads a text value the way PocketBase does: null/undefined become '', numbers become their
 * digits (form data and older clients send numbers for order numbers), anything else is refused.
 */
export function readText(value: unknown, maxLength: number): { ok: true; text: string } | { ok: false; error: FieldError } {
  let text: string;
  if (value === undefined || value === null) text = '';
  else if (typeof value === 'string') text = value;
  else if (typeof value === 'number' && Number.isFinite(value)) text = String(value);
  else return { ok: false, error: { code: 'validation_invalid_type', message: 'Must be text.' } };
  // Count characters, not UTF-16 units, so an emoji in a customer name is one character.
  if ([...text].length > maxLength) {
    return {
      ok: false,
      error: { code: 'validation_max_text_constraint', message: `Must be ${maxLength} characters or fewer.` },
    };
  }
  return { ok: true, text };
}

/** Reads a whole number, also from a numeric string (form posts send strings). */
export function readInteger(value: unknown): { ok: true; number: number } | { ok: false; error: FieldError } | { ok: 'blank' } {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return { ok: 'blank' };
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : Number.NaN;
  if (!Number.isFinite(number)) {
    return { ok: false, error: { code: 'validation_invalid_number', message: 'Must be a number.' } };
  }
  if (!Number.isInteger(number)) {
    return { ok: false, error: { code: 'validation_only_int_constraint', message: 'Must be a whole number.' } };
  }
  return { ok: true, number };
}

export function oneOf<T extends string>(value: unknown, allowed: readonly T[]): { ok: true; value: T } | { ok: false; error: FieldError } {
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return { ok: true, value: value as T };
  const listed = allowed.map((option) => (option === '' ? '(blank)' : option)).join(', ');
  return { ok: false, error: { code: 'validation_invalid_value', message: `Must be one of: ${listed}.` } };
}
