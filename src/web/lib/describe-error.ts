import { isSdkError } from './sdk-error';

/** The generic message (docs/product.md#messages). */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong while processing your request.';

/**
 * Turns anything thrown by the SDK (or our code) into one sentence for the person at the screen.
 * Callers ignore `err.isAbort` before calling: a superseded request is not a failure.
 * Never shows stack traces or raw 5xx text.
 */
export function describeError(err: unknown, fallback: string = GENERIC_ERROR_MESSAGE): string {
  if (isSdkError(err)) {
    if (err.isAbort) return fallback;
    if (err.status === 0) return 'Could not reach the server. Check your connection and try again.';
    // 507 is the one 5xx with a message for people: the server's disk is full and nothing was saved.
    if (err.status >= 500 && err.status !== 507) return fallback;
    const fieldMessage = firstFieldMessage(err.response?.data);
    const message = typeof err.response?.message === 'string' ? err.response.message.trim() : '';
    if (message && fieldMessage && message.toLowerCase().startsWith('failed to')) {
      return `${message} ${fieldMessage}`;
    }
    if (message) return message;
    if (fieldMessage) return fieldMessage;
    return fallback;
  }
  return fallback;
}

function firstFieldMessage(data: unknown): string {
  if (data === null || typeof data !== 'object') return '';
  for (const [field, value] of Object.entries(data as Record<string, unknown>)) {
    if (value && typeof value === 'object' && typeof (value as { message?: unknown }).message === 'string') {
      const text = (value as { message: string }).message;
      return `${humanizeField(field)}: ${text}`;
    }
  }
  return '';
}

function humanizeField(field: string): string {
  const spaced = field.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
