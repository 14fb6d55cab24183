// What to tell a loader when the camera cannot be used (docs/decisions/045). Pure: the caller
// says what the browser answered; every sentence ends in what to do instead.

export interface CameraContext {
  /** `window.isSecureContext`: browsers give the camera only to https:// pages and localhost. */
  secure: boolean;
  /** Whether `navigator.mediaDevices.getUserMedia` exists at all. */
  hasCamera: boolean;
}

const TYPE_INSTEAD = 'Type the order number instead.';

/** The sentence for a camera that is missing or refused, from getUserMedia's error (a DOMException name). */
export function cameraProblem(error: unknown, context: CameraContext): string {
  if (!context.hasCamera)
    return context.secure
      ? `This browser cannot use the camera. ${TYPE_INSTEAD}`
      : `The camera only works when the app is opened at its secure (https://) address. ${TYPE_INSTEAD}`;
  const name = (error as { name?: unknown } | null)?.name;
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return `The camera is blocked. Allow it for this site in the browser's settings, or type the order number.`;
    case 'NotFoundError':
    case 'OverconstrainedError':
      return `No camera was found on this device. ${TYPE_INSTEAD}`;
    case 'NotReadableError':
    case 'AbortError':
      return 'The camera is in use by another app. Close that app and try again, or type the order number.';
    default:
      return `The camera could not be started. ${TYPE_INSTEAD}`;
  }
}
