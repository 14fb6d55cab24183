import { describe, expect, it } from 'vitest';
import { cameraProblem } from './camera-problem';

const denied = Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' });
const absent = Object.assign(new Error('Requested device not found'), { name: 'NotFoundError' });

describe('cameraProblem', () => {
  it('says the camera is blocked when permission is denied, and offers typing', () => {
    expect(cameraProblem(denied, { secure: true, hasCamera: true })).toBe(
      "The camera is blocked. Allow it for this site in the browser's settings, or type the order number.",
    );
  });

  it('says there is no camera, and why a plain http:// address has none', () => {
    expect(cameraProblem(absent, { secure: true, hasCamera: true })).toBe(
      'No camera was found on this device. Type the order number instead.',
    );
    expect(cameraProblem(undefined, { secure: false, hasCamera: false })).toMatch(/secure \(https:\/\/\) address\. Type the order number/);
    expect(cameraProblem(undefined, { secure: true, hasCamera: false })).toMatch(/^This browser cannot use the camera\./);
  });

  it('falls back to a plain sentence for anything else', () => {
    expect(cameraProblem(new Error('boom'), { secure: true, hasCamera: true })).toBe(
      'The camera could not be started. Type the order number instead.',
    );
    expect(cameraProblem(Object.assign(new Error(''), { name: 'NotReadableError' }), { secure: true, hasCamera: true })).toMatch(
      /in use by another app/,
    );
  });
});
