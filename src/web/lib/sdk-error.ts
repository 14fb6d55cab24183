import type { ClientResponseError } from 'pocketbase';

/**
 * Whether `err` is the SDK's ClientResponseError, told by the name the SDK gives every one
 * ("ClientResponseError 404") rather than by `instanceof`, which would need the SDK's code loaded:
 * code on the board's path checks errors before the SDK has loaded (docs/decisions/074).
 */
export function isSdkError(err: unknown): err is ClientResponseError {
  return err instanceof Error && err.name.startsWith('ClientResponseError');
}
