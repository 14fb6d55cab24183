import { isSdkError } from '../sdk-error';

/**
 * Whether a request failed on the way (no connection, the answer lost: the SDK's status 0), as
 * opposed to a refusal from the server or a request this app cancelled itself. Only these are
 * queued (docs/decisions/047): the server may or may not have the change, and a resend is safe.
 */
export function isNetworkFailure(err: unknown): boolean {
  // The SDK wraps every failed fetch in its error; anything else is a fault here, not the network.
  return isSdkError(err) && err.status === 0 && !err.isAbort;
}

/** What a change that needs the server now (a delete, the deletion password) says offline. */
export const NEEDS_CONNECTION_MESSAGE = 'This needs a connection: it is not kept to send later. Try again when you are back online.';
