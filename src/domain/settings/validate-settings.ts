import type { EditableOf } from '../collections/fields';
import { userSettings } from '../collections/user-settings';
import { validateInput } from '../collections/validate-input';
import type { ValidationMode, ValidationResult } from '../validation';

export type UserSettingsFields = EditableOf<typeof userSettings>;

/**
 * Checks a `user_settings` body against its declaration: `settings_json` holds the week headings.
 * A missing or null `settings_json` on create is the empty record the web app makes for a new
 * user. `user` is not read here: the server sets it to the signed-in user and refuses other fields
 * by name (docs/decisions/018).
 */
export function validateUserSettingsInput(input: unknown, mode: 'create'): ValidationResult<UserSettingsFields>;
export function validateUserSettingsInput(input: unknown, mode: ValidationMode): ValidationResult<Partial<UserSettingsFields>>;
export function validateUserSettingsInput(input: unknown, mode: ValidationMode): ValidationResult<Partial<UserSettingsFields>> {
  return validateInput(userSettings, input, mode);
}
