import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../tests/support/server';

// The auth endpoints read their bodies by schema (auth-routes.ts): a wrong or missing field gets
// PocketBase's envelope with the problem on that field, in the same words as before the schemas,
// whatever a hand-made request sends (fields of the wrong type, no body, a list).

const FAILED = 'Failed to create or update the record. Please check the highlighted fields.';
const BLANK = { code: 'validation_required', message: 'Cannot be blank.' };
const BAD_EMAIL = { code: 'validation_invalid_email', message: 'Must be a valid email address.' };
const BAD_VERIFICATION = { code: 'validation_invalid_token', message: 'Invalid or expired verification token.' };
const BAD_RESET = { code: 'validation_invalid_token', message: 'Invalid or expired password reset token.' };

describe('auth request bodies', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ authRateLimitPerMinute: 1000 });
  });
  afterAll(async () => {
    await server.close();
  });

  async function post(path: string, body: string | undefined): Promise<{ status: number; json: unknown }> {
    const response = await fetch(`${server.url}/api/collections/users/${path}`, {
      method: 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body,
    });
    return { status: response.status, json: await response.json() };
  }

  const refused = (data: Record<string, unknown>) => ({ status: 400, json: { status: 400, code: 400, message: FAILED, data } });

  it.each([
    ['{}', { identity: BLANK, password: BLANK }],
    ['{"identity":"   ","password":"x"}', { identity: BLANK }],
    ['{"identity":123,"password":""}', { identity: BLANK, password: BLANK }],
    ['{"identity":"ann","password":{"a":1}}', { password: BLANK }],
    ['[]', { identity: BLANK, password: BLANK }],
    [undefined, { identity: BLANK, password: BLANK }],
  ])('auth-with-password %s names the blank fields', async (body, data) => {
    expect(await post('auth-with-password', body)).toEqual(refused(data));
  });

  it('auth-with-password with both fields answers as a sign-in does', async () => {
    expect(await post('auth-with-password', '{"identity":" nobody ","password":"not-this-one"}')).toMatchObject({
      status: 400,
      json: { message: 'Failed to authenticate.' },
    });
  });

  it.each([['{}'], ['{"email":5}'], ['{"email":"not-an-address"}'], ['null'], [undefined]])(
    'request-password-reset and request-verification %s name the e-mail address',
    async (body) => {
      expect(await post('request-password-reset', body)).toEqual(refused({ email: BAD_EMAIL }));
      expect(await post('request-verification', body)).toEqual(refused({ email: BAD_EMAIL }));
    },
  );

  it('takes an address with spaces around it and in capitals', async () => {
    expect(
      (
        await fetch(`${server.url}/api/collections/users/request-password-reset`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"email":"  Nobody@Nursery.TEST "}',
        })
      ).status,
    ).toBe(204);
  });

  it.each([['{}'], ['{"token":5}'], ['{"token":"not.a.token"}'], [undefined]])('confirm-verification %s names the token', async (body) => {
    expect(await post('confirm-verification', body)).toEqual(refused({ token: BAD_VERIFICATION }));
  });

  it.each([['{}'], ['{"token":["x"]}'], ['{"token":"not.a.token","password":"a","passwordConfirm":"b"}']])(
    'confirm-password-reset %s names the token first',
    async (body) => {
      expect(await post('confirm-password-reset', body)).toEqual(refused({ token: BAD_RESET }));
    },
  );
});
