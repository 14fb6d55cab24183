import { validateInput } from '../collections/validate-input';
import { tasks } from '../collections/tasks';
import type { ValidationMode, ValidationResult } from '../validation';
import type { OrderFields } from './order-fields';

/** The stored order an update applies to; its year decides how many weeks are valid. */
export type ExistingOrderWeek = Partial<Pick<OrderFields, 'year' | 'weekNumber'>>;

/**
 * Checks an order body from a client against the order's declaration (collections/tasks.ts;
 * docs/decisions/005).
 * The server calls it before every write; the web app may call it to show the same messages
 * before sending.
 *
 * - create: title, weekNumber and year are required; other fields get their defaults.
 * - update: only the fields sent are checked and returned; a week is checked against the year
 *   sent, else against `existing.year`.
 * Other keys (`user`, which the server stamps itself, and anything else) are not read here: the
 * server refuses by name a field a client may not set before it calls this (docs/decisions/018).
 * A legacy year 0 is read as 2024.
 */
export function validateOrderInput(input: unknown, mode: 'create', existing?: ExistingOrderWeek): ValidationResult<OrderFields>;
export function validateOrderInput(
  input: unknown,
  mode: ValidationMode,
  existing?: ExistingOrderWeek,
): ValidationResult<Partial<OrderFields>>;
export function validateOrderInput(
  input: unknown,
  mode: ValidationMode,
  existing?: ExistingOrderWeek,
): ValidationResult<Partial<OrderFields>> {
  return validateInput(tasks, input, mode, existing);
}
