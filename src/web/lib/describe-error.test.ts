import { ClientResponseError } from 'pocketbase';
import { describe, expect, it } from 'vitest';
import { describeError, GENERIC_ERROR_MESSAGE } from './describe-error';

const answer = (status: number, message: string) =>
  new ClientResponseError({ url: 'http://127.0.0.1:8090/api/collections/tasks/records', status, response: { status, message, data: {} } });

describe('describeError', () => {
  it("shows the server's sentence when its disk is full (507): the person must know nothing was saved", () => {
    expect(describeError(answer(507, "The server's disk is full: nothing was saved."))).toBe(
      "The server's disk is full: nothing was saved.",
    );
  });

  it('never shows the text of any other 5xx', () => {
    expect(describeError(answer(500, 'SqliteError: something internal'))).toBe(GENERIC_ERROR_MESSAGE);
    expect(describeError(answer(503, 'Service Unavailable'), 'Try again.')).toBe('Try again.');
  });
});
