import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_API } from '#domain/accounts/invitations';
import type { UserRecord } from '#domain/records';
import { createAccount, failure, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';

// A yard account (no e-mail: made on the Team page, or a person the original app's admin added,
// imported) adds an address through PocketBase's own e-mail change: the signed-in person asks, the
// link mailed to the new address and their password confirm it (docs/decisions/056). Anyone else's
// address stays as it is, and sign-up still needs one.

const PATH = '/auth/confirm-email-change/';
const YARD_PASSWORD = 'yard-screen-2026';
const tokenOf = (link: string) => link.split(PATH)[1] ?? '';

describe('a yard account adds an e-mail address', () => {
  let server: TestServer;
  let admin: TestAccount;
  let counter = 0;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await createAccount(server);
  });
  afterAll(async () => {
    await server.close();
  });

  /** A new yard account of the admin's nursery, signed in. */
  async function yardAccount(): Promise<{ id: string; username: string; pb: PocketBase }> {
    const username = `yard${process.pid}x${++counter}`;
    const made = await admin.pb.send<UserRecord>(TEAM_API.yardAccounts, {
      method: 'POST',
      body: { username, role: 'staff', password: YARD_PASSWORD, passwordConfirm: YARD_PASSWORD },
    });
    const pb = server.client();
    await pb.collection('users').authWithPassword(username, YARD_PASSWORD);
    return { id: made.id, username, pb };
  }

  it('asks, gets a link at the new address, confirms it with the password: the account has the address, verified', async () => {
    const yard = await yardAccount();
    const address = `sam${counter}@nursery.test`;
    await yard.pb.collection('users').requestEmailChange(` ${address.toUpperCase()} `);
    const link = await server.waitForLink(address, PATH);
    expect(link.startsWith(`${server.config.appUrl}${PATH}`)).toBe(true);

    const wrong = await failure(server.client().collection('users').confirmEmailChange(tokenOf(link), 'not-the-password'));
    expect(wrong.status).toBe(400);
    expect(wrong.response.data).toEqual({ password: { code: 'validation_invalid_password', message: 'Your password is not correct.' } });

    await server.client().collection('users').confirmEmailChange(tokenOf(link), YARD_PASSWORD);
    const me = await yard.pb.collection('users').getOne<UserRecord>(yard.id);
    expect(me).toMatchObject({ email: address, verified: true });
    // Now the address signs in too, and a forgotten password can be reset by mail.
    await expect(server.client().collection('users').authWithPassword(address, YARD_PASSWORD)).resolves.toBeTruthy();

    // The link works once: the account has an address now.
    const again = await failure(server.client().collection('users').confirmEmailChange(tokenOf(link), YARD_PASSWORD));
    expect(again.response.data).toMatchObject({ token: { code: 'validation_invalid_token' } });
  });

  it('refuses an account that has an address, a bad address, and a visitor, in words', async () => {
    const hasOne = await failure(admin.pb.collection('users').requestEmailChange('new@nursery.test'));
    expect(hasOne.status).toBe(400);
    expect(hasOne.response.data).toEqual({
      newEmail: { code: 'validation_forbidden', message: 'Your email address cannot be changed here. Please contact support.' },
    });

    const yard = await yardAccount();
    const bad = await failure(yard.pb.collection('users').requestEmailChange('not an address'));
    expect(bad.status).toBe(400);
    expect(bad.response.data).toEqual({ newEmail: { code: 'validation_is_email', message: 'Must be a valid email address.' } });

    const visitor = await failure(server.client().collection('users').requestEmailChange('someone@nursery.test'));
    expect(visitor.status).toBe(401);

    const forged = await failure(server.client().collection('users').confirmEmailChange('not-a-token', YARD_PASSWORD));
    expect(forged.status).toBe(400);
    expect(forged.response.data).toMatchObject({ token: { code: 'validation_invalid_token' } });
  });

  it('an address another account has is answered as any other; only its owner, who gets the link, learns it is taken', async () => {
    const yard = await yardAccount();
    await yard.pb.collection('users').requestEmailChange(admin.email);
    const link = await server.waitForLink(admin.email, PATH);
    const taken = await failure(server.client().collection('users').confirmEmailChange(tokenOf(link), YARD_PASSWORD));
    expect(taken.status).toBe(400);
    expect(taken.response.data).toEqual({
      newEmail: { code: 'validation_not_unique', message: 'An account with this email already exists.' },
    });
    expect(await yard.pb.collection('users').getOne<UserRecord>(yard.id)).toMatchObject({ email: '' });
  });
});
