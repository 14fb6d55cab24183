import { WEEKDAY_HEADING_KEYS, type UserSettingsRecord, type WeekHeadings, type WeekdayHeadingKey } from '../records';
import {
  bodyError,
  describeIn,
  has,
  isPlainObject,
  readText,
  type FieldErrors,
  type ValidationMode,
  type ValidationResult,
} from '../validation';

export type UserSettingsFields = Pick<UserSettingsRecord, 'settings_json'>;

export const HEADING_MAX_LENGTH = 100;

function isHeadingKey(key: string): key is WeekdayHeadingKey {
  return (WEEKDAY_HEADING_KEYS as readonly string[]).includes(key);
}

/**
 * Checks a `user_settings` body: `settings_json` holds the week headings, one short text per
 * weekday (`monday_heading` … `sunday_heading`). A missing or null `settings_json` on create is
 * the empty record the web app makes for a new user. `user` is not read here: the server sets it
 * to the signed-in user (docs/decisions/005) and refuses other fields by name (docs/decisions/018).
 */
export function validateUserSettingsInput(input: unknown, mode: 'create'): ValidationResult<UserSettingsFields>;
export function validateUserSettingsInput(input: unknown, mode: ValidationMode): ValidationResult<Partial<UserSettingsFields>>;
export function validateUserSettingsInput(input: unknown, mode: ValidationMode): ValidationResult<Partial<UserSettingsFields>> {
  if (!isPlainObject(input)) return { ok: false, errors: bodyError('settings') };
  if (!has(input, 'settings_json')) return { ok: true, value: mode === 'create' ? { settings_json: {} } : {} };

  const raw = input.settings_json ?? {};
  const errors: FieldErrors = {};
  if (!isPlainObject(raw)) {
    errors.settings_json = { code: 'validation_invalid_type', message: 'Week headings must be a list of headings by weekday.' };
    return { ok: false, errors };
  }

  const headings: WeekHeadings = {};
  for (const [key, heading] of Object.entries(raw)) {
    if (!isHeadingKey(key)) {
      errors.settings_json = {
        code: 'validation_unknown_key',
        message: `Unknown week heading "${key}". Use one of: ${WEEKDAY_HEADING_KEYS.join(', ')}.`,
      };
      break;
    }
    const day = key.replace('_heading', '');
    const read = typeof heading === 'string' ? readText(heading, HEADING_MAX_LENGTH) : null;
    if (!read) {
      errors.settings_json = { code: 'validation_invalid_type', message: `The ${day} heading must be text.` };
      break;
    }
    if (!read.ok) {
      errors.settings_json = {
        code: read.error.code,
        message: describeIn(`The ${day} heading`, read.error),
      };
      break;
    }
    headings[key] = read.text;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value: { settings_json: headings } };
}
