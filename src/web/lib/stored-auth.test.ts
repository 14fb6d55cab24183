import { describe, expect, it } from 'vitest';
import { parseStoredAuth } from './stored-auth';

// The gate judges the stored session before the SDK loads; it must agree with the SDK's
// `authStore.isValid` (token payload decoded, `exp` in the future).

const b64url = (value: object) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const tokenWith = (payload: object) => `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(payload)}.sig`;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const record = { id: 'abcdefghijklmno', username: 'günter', verified: true };

describe('parseStoredAuth', () => {
  it.each([
    ['a token that expires in an hour', tokenWith({ id: record.id, exp: nowSeconds() + 3600 }), true],
    ['a token that expired a minute ago', tokenWith({ id: record.id, exp: nowSeconds() - 60 }), false],
    ['a token with a payload but no exp (the SDK accepts it)', tokenWith({ id: record.id }), true],
    ['a token with an empty payload', tokenWith({}), false],
    ['text that is not a token', 'not-a-token', false],
  ])('%s', (_name, token, valid) => {
    const parsed = parseStoredAuth(JSON.stringify({ token, record }));
    expect(parsed?.record ?? null).toEqual(valid ? record : null);
  });

  it('reads the record the older SDKs stored as `model`', () => {
    const token = tokenWith({ id: record.id, exp: nowSeconds() + 60 });
    expect(parseStoredAuth(JSON.stringify({ token, model: record }))?.record).toEqual(record);
  });

  it.each([[''], ['{broken'], ['"just a string"'], ['null'], [JSON.stringify({ record })]])('no session for %j', (text) => {
    expect(parseStoredAuth(text)).toBeNull();
  });
});
