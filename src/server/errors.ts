import type { FieldError } from '#domain/validation';

/**
 * The one error type handlers throw. The error handler turns it into PocketBase's body
 * `{ status, message, data }`; 4xx messages are written for the person at the screen.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data: Record<string, FieldError> = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * A 400 for a body no screen of the app sends: fields nobody may set, an object with more names
 * than any record has, nesting too deep, text that is not JSON. Unlike a typing mistake it tells
 * the sender nothing they could not know, so the sign-up throttle keeps the attempt's slot for it
 * (auth-throttles.ts, docs/decisions/054).
 */
export class RefusedBody extends ApiError {
  constructor(message: string, data: Record<string, FieldError> = {}) {
    super(400, message, data);
  }
}

export const badRequest = (message: string, data: Record<string, FieldError> = {}) => new ApiError(400, message, data);
export const validationFailed = (data: Record<string, FieldError>) =>
  new ApiError(400, 'Failed to create or update the record. Please check the highlighted fields.', data);
export const unauthorized = () => new ApiError(401, 'The request requires a valid sign-in. Please log in again.');
export const forbidden = (message: string) => new ApiError(403, message);
export const notFound = () => new ApiError(404, "The requested resource wasn't found.");
