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

/** Whether a text may hold line breaks and tabs (an order's notes) or must be one line (a title). */
export type TextLines = 'single-line' | 'multi-line';

export const TEXT_NOT_ONE_LINE: FieldError = {
  code: 'validation_invalid_characters',
  message: 'Must be on one line: remove the line breaks and tabs (often pasted in from a spreadsheet).',
};
export const TEXT_CONTROL_CHARACTERS: FieldError = {
  code: 'validation_invalid_characters',
  message:
    'Contains invisible control characters (often pasted in from a spreadsheet or another program) that garble printed sheets: remove them.',
};
export const TEXT_DIRECTION_CHARACTERS: FieldError = {
  code: 'validation_invalid_characters',
  message:
    'Contains hidden text-direction characters (often pasted in from another program) that make text show out of order: remove them.',
};
export const TEXT_BROKEN_CHARACTER: FieldError = {
  code: 'validation_invalid_characters',
  message: 'Contains a broken character (half of an emoji or symbol): please retype the text.',
};

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
/** Invisible marks that only steer the direction of the text around them. */
const ARABIC_LETTER_MARK = 0x061c;
const LEFT_TO_RIGHT_MARK = 0x200e;
const RIGHT_TO_LEFT_MARK = 0x200f;
/** Unicode's own line and paragraph breaks: boards and printed sheets do not show them as breaks. */
const LINE_SEPARATOR = 0x2028;
const PARAGRAPH_SEPARATOR = 0x2029;

/**
 * The first character class that has no place in stored text, or null when the text is clean
 * (docs/decisions/010): C0 controls (tab, line feed and carriage return only in multi-line text), DEL,
 * C1 controls, the line and paragraph separators (U+2028, U+2029), bidi marks, embeddings,
 * overrides and isolates (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) and lone UTF-16
 * surrogates. `SO-12<U+200F>-<U+200F>34` would show as "SO-1234-". Accents, emoji and every script
 * stay allowed.
 */
export function findForbiddenCharacters(text: string, lines: TextLines): FieldError | null {
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    if (unit < 0x20) {
      const isLineBreakOrTab = unit === TAB || unit === LINE_FEED || unit === CARRIAGE_RETURN;
      if (!isLineBreakOrTab) return TEXT_CONTROL_CHARACTERS;
      if (lines === 'single-line') return TEXT_NOT_ONE_LINE;
    } else if (unit >= 0x7f && unit <= 0x9f) {
      return TEXT_CONTROL_CHARACTERS;
    } else if (
      (unit >= 0x202a && unit <= 0x202e) ||
      (unit >= 0x2066 && unit <= 0x2069) ||
      unit === ARABIC_LETTER_MARK ||
      unit === LEFT_TO_RIGHT_MARK ||
      unit === RIGHT_TO_LEFT_MARK
    ) {
      return TEXT_DIRECTION_CHARACTERS;
    } else if (unit === LINE_SEPARATOR || unit === PARAGRAPH_SEPARATOR) {
      return lines === 'single-line' ? TEXT_NOT_ONE_LINE : TEXT_CONTROL_CHARACTERS;
    } else if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1); // NaN past the end
      if (!(next >= 0xdc00 && next <= 0xdfff)) return TEXT_BROKEN_CHARACTER;
      i += 1; // a whole pair: an emoji or another astral character
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      return TEXT_BROKEN_CHARACTER;
    }
  }
  return null;
}

/** Characters, not UTF-16 units, so an emoji in a customer name counts as one. */
function characterCount(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i += 1;
    }
    count += 1;
  }
  return count;
}

/**
 * Reads a text value the way PocketBase does: null/undefined become '', numbers become their
 * digits (form data and older clients send numbers for order numbers), anything else is refused.
 * Then the limits of docs/decisions/010: at most `maxLength` characters and no control characters; only
 * `multi-line` text may hold line breaks and tabs.
 */
export function readText(
  value: unknown,
  maxLength: number,
  lines: TextLines = 'single-line',
): { ok: true; text: string } | { ok: false; error: FieldError } {
  let text: string;
  if (value === undefined || value === null) text = '';
  else if (typeof value === 'string') text = value;
  else if (typeof value === 'number' && Number.isFinite(value)) text = String(value);
  else return { ok: false, error: { code: 'validation_invalid_type', message: 'Must be text.' } };
  // Cheap check first: a string longer than twice the limit in UTF-16 units is too long either way.
  if (text.length > maxLength * 2 || characterCount(text) > maxLength) {
    return {
      ok: false,
      error: { code: 'validation_max_text_constraint', message: `Must be ${maxLength} characters or fewer.` },
    };
  }
  const forbidden = findForbiddenCharacters(text, lines);
  if (forbidden) return { ok: false, error: forbidden };
  return { ok: true, text };
}

/**
 * A field error as a sentence about one part of a bigger value, for fields that hold lists or
 * objects: `describeIn('The driver', error)` -> "The driver must be 100 characters or fewer."
 * Works because every text error message starts with "Must" or "Contains".
 */
export function describeIn(subject: string, error: FieldError): string {
  return `${subject} ${error.message.charAt(0).toLowerCase()}${error.message.slice(1)}`;
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
