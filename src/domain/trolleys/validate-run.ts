import type { EditableOf } from '../collections/fields';
import { trolleyExports } from '../collections/trolley-exports';
import { validateInput } from '../collections/validate-input';
import type { ValidationMode, ValidationResult } from '../validation';

export type RunFields = EditableOf<typeof trolleyExports>;

/**
 * Checks a `trolley_exports` body (a saved run) against its declaration. Stops and vehicle
 * details are normalised to the stored shape (missing texts become ''). A run can only be saved
 * with a driver, registration and date, so `vehicleInfo` is required on create and complete
 * whenever sent. `user` is not read here: the server sets it to the saver and refuses other
 * fields by name (docs/decisions/018).
 */
export function validateRunInput(input: unknown, mode: 'create'): ValidationResult<RunFields>;
export function validateRunInput(input: unknown, mode: ValidationMode): ValidationResult<Partial<RunFields>>;
export function validateRunInput(input: unknown, mode: ValidationMode): ValidationResult<Partial<RunFields>> {
  return validateInput(trolleyExports, input, mode);
}
