import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, failure, startTestServer, type TestServer } from '../../../tests/support/server';
import { AccountAdmin } from '../admin/accounts';
import { FUTURE_YEAR } from '../../../tests/support/open-weeks';

// Request bounds (docs/decisions/010) through the official SDK: text fields are bounded and refuse control characters, with a
// field message, whichever collection or account route the text arrives by.

let server: TestServer;
let pb: PocketBase;
let userId: string;

beforeAll(async () => {
  server = await startTestServer();
  const account = await createAccount(server);
  pb = account.pb;
  userId = account.id;
});

afterAll(async () => {
  await server.close();
});

describe('text fields (docs/decisions/010)', () => {
  it('refuses a terms version of a million characters and stores nothing', async () => {
    const error = await failure(
      pb.collection('users').update(userId, { termsAgreement: { agreed: true, version: 'v'.repeat(1_000_000), timestamp: 'now' } }),
    );
    expect(error.status).toBe(400);
    expect(error.response.data).toEqual({
      termsAgreement: { code: 'validation_max_text_constraint', message: 'The terms version must be 20 characters or fewer.' },
    });
    const stored = await pb.collection('users').getOne(userId);
    expect(stored.termsAgreement).toMatchObject({ agreed: true, version: 'v1.0' });
  });

  it.each([
    ['a NUL byte', 'Green\u0000fields'],
    ['an escape sequence', '\u001b[2JGreenfields'],
    ['a lone surrogate', 'Greenfields \ud83c'],
    ['a bidi override', 'Greenfields \u202eesrever'],
    ['a tab', 'Greenfields\tLtd'],
  ])('refuses an order title with %s', async (_, title) => {
    const error = await failure(pb.collection('tasks').create({ title, weekNumber: 12, year: FUTURE_YEAR }));
    expect(error.status).toBe(400);
    expect(error.response.data.title).toMatchObject({
      code: 'validation_invalid_characters',
      message: expect.stringMatching(/remove|retype/),
    });
  });

  it.each([
    ['a right-to-left mark', 'SO-12\u200f-\u200f34'],
    ['a left-to-right mark', 'SO-\u200e1234'],
    ['an Arabic letter mark', 'SO-1234\u061c'],
    ['a line separator', 'SO-12\u202834'],
    ['a paragraph separator', 'SO-12\u202934'],
  ])('refuses an order number and a title with %s, which would show out of order or broken', async (_, text) => {
    const number = await failure(
      pb.collection('tasks').create({ title: 'Greenfields', orderNumber: text, weekNumber: 12, year: FUTURE_YEAR }),
    );
    expect(number.status).toBe(400);
    expect(number.response.data.orderNumber).toMatchObject({
      code: 'validation_invalid_characters',
      message: expect.stringMatching(/remove/),
    });
    const title = await failure(pb.collection('tasks').create({ title: `Greenfields ${text}`, weekNumber: 12, year: FUTURE_YEAR }));
    expect(title.response.data.title).toMatchObject({ code: 'validation_invalid_characters' });
    const notes = await failure(
      pb.collection('tasks').create({ title: 'Greenfields', orderInfo: `Back door\n${text}`, weekNumber: 12, year: FUTURE_YEAR }),
    );
    expect(notes.response.data.orderInfo).toMatchObject({ code: 'validation_invalid_characters' });
    const heading = await failure(pb.collection('user_settings').create({ settings_json: { monday_heading: `Kent ${text}` } }));
    expect(heading.response.data.settings_json).toMatchObject({ code: 'validation_invalid_characters' });
  });

  it('keeps accents, emoji and Welsh letters, and line breaks in the order notes', async () => {
    const created = await pb
      .collection('tasks')
      .create({ title: 'Tŷ Gwŵr Café 🌱', orderInfo: 'Back door\nTwo pallets', weekNumber: 12, year: FUTURE_YEAR });
    expect(await pb.collection('tasks').getOne(created.id)).toMatchObject({
      title: 'Tŷ Gwŵr Café 🌱',
      orderInfo: 'Back door\nTwo pallets',
    });
  });

  it('refuses a control character in a week heading and in a run', async () => {
    const settings = await failure(pb.collection('user_settings').create({ settings_json: { monday_heading: 'Kent\u0007' } }));
    expect(settings.response.data.settings_json).toMatchObject({ code: 'validation_invalid_characters' });
    const run = await failure(
      pb.collection('trolley_exports').create({
        name: 'Run',
        data: [],
        vehicleInfo: { driver: 'Sam\u202e', reg: 'AB12 CDE', date: '2026-03-02', vehicleType: 'lorry', trolleyNumber: 4, grid: [] },
      }),
    );
    expect(run.response.data.vehicleInfo).toMatchObject({
      code: 'validation_invalid_characters',
      message: expect.stringMatching(/^The driver /),
    });
  });
});

describe('passwords', () => {
  const TOO_COMMON = 'This is one of the most common passwords and is easy to guess. Choose another, such as three unrelated words.';
  const terms = () => ({ agreed: true, version: 'v1.0', timestamp: new Date().toISOString() });

  it.each([
    ['password', 'Must be at least 10 characters.'],
    ['12345678', 'Must be at least 10 characters.'],
    ['        ', 'Must be at least 10 characters.'],
    [' '.repeat(12), 'Cannot be only spaces. Use a few words or letters and numbers.'],
    ['1234567890', TOO_COMMON],
    ['QwertyUiop', TOO_COMMON],
    ['password123', TOO_COMMON],
  ])('refuses %j at sign-up', async (password, message) => {
    const name = `weak${Math.floor(Math.random() * 1e9)}`;
    const error = await failure(
      server
        .client()
        .collection('users')
        .create({ username: name, email: `${name}@nursery.test`, password, passwordConfirm: password, termsAgreement: terms() }),
    );
    expect(error.status).toBe(400);
    expect(error.response.data.password).toMatchObject({ message });
  });

  it("refuses a common password on reset, on a change of one's own password and in the operator CLI", async () => {
    const account = await createAccount(server);
    await server.client().collection('users').requestPasswordReset(account.email);
    const link = await server.waitForLink(account.email, '/auth/confirm-password-reset/');
    const token = link.split('/auth/confirm-password-reset/')[1] ?? '';
    const reset = await failure(server.client().collection('users').confirmPasswordReset(token, 'iloveyou12', 'iloveyou12'));
    expect(reset.response.data.password).toMatchObject({ code: 'validation_password_too_common', message: TOO_COMMON });

    const change = await failure(
      account.pb
        .collection('users')
        .update(account.id, { oldPassword: account.password, password: 'qwertyuiop', passwordConfirm: 'qwertyuiop' }),
    );
    expect(change.response.data.password).toMatchObject({ code: 'validation_password_too_common' });

    const admin = new AccountAdmin(server.built.database, server.config);
    await expect(admin.setPassword(account.username, '1q2w3e4r5t')).rejects.toThrow(TOO_COMMON);
    // Nothing changed: the original password still signs in.
    await expect(server.client().collection('users').authWithPassword(account.username, account.password)).resolves.toBeTruthy();
  });
});
