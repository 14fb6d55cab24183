import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';
import { ANYONE, STAFF } from '../records/access-rules';
import { requireAccess, requireRole } from './require-access';

// A route's own access check in the rules model (the hook the role checks of later issues use):
// the same gate checks as a collection's actions, answered before the handler with the first
// failed check's status and message.

describe('requireAccess on a route', () => {
  let server: TestServer;
  let handled = 0;
  beforeAll(async () => {
    server = await startTestServer(
      {},
      {
        beforeListen: (app) => {
          // A route built for this test only, guarded as staff data is.
          app.get('/api/test/staff-only', { preHandler: requireAccess(STAFF) }, async () => {
            handled++;
            return { ok: true };
          });
          app.get('/api/test/anyone', { preHandler: requireAccess(ANYONE) }, async () => ({ ok: true }));
        },
      },
    );
  });
  afterAll(async () => {
    await server.close();
  });

  async function get(path: string, account?: TestAccount): Promise<{ status: number; body: Record<string, unknown> }> {
    const headers: Record<string, string> = account ? { authorization: account.pb.authStore.token } : {};
    const response = await fetch(`${server.url}${path}`, { headers });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it('answers a visitor 401, an unverified user and one without the terms 403, each with its sentence, before the handler runs', async () => {
    const before = handled;
    const visitor = await get('/api/test/staff-only');
    expect(visitor).toMatchObject({
      status: 401,
      body: { status: 401, message: 'The request requires a valid sign-in. Please log in again.' },
    });
    const unverified = await get('/api/test/staff-only', await createAccount(server, { verified: false }));
    expect(unverified).toMatchObject({ status: 403, body: { message: 'Please verify your email before using Trolleyboard.' } });
    const oldTerms = await get('/api/test/staff-only', await createAccount(server, { acceptTerms: false }));
    expect(oldTerms).toMatchObject({
      status: 403,
      body: { message: 'You must agree to the Terms and Privacy Policy before using Trolleyboard.' },
    });
    expect(handled).toBe(before);
  });

  it('lets staff through, and anyone through a route open to anyone', async () => {
    expect(await get('/api/test/staff-only', await createAccount(server))).toEqual({ status: 200, body: { ok: true } });
    expect(await get('/api/test/anyone')).toEqual({ status: 200, body: { ok: true } });
  });

  it('guards auth-refresh: a visitor gets 401 from the gate', async () => {
    const response = await fetch(`${server.url}/api/collections/users/auth-refresh`, { method: 'POST' });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ status: 401, message: 'The request requires a valid sign-in. Please log in again.' });
  });
});

describe('requireRole on a route', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(
      {},
      {
        beforeListen: (app) => {
          app.get('/api/test/admins-only', { preHandler: requireRole(['admin'], 'Only admins may see this.') }, async () => ({ ok: true }));
        },
      },
    );
  });
  afterAll(async () => {
    await server.close();
  });

  async function status(account?: TestAccount): Promise<[number, unknown]> {
    const headers: Record<string, string> = account ? { authorization: account.pb.authStore.token } : {};
    const response = await fetch(`${server.url}/api/test/admins-only`, { headers });
    return [response.status, ((await response.json()) as { message?: unknown }).message];
  }

  it("lets a nursery's admin through and answers its other roles 403 with the route's sentence", async () => {
    const admin = await createAccount(server);
    expect(admin.role).toBe('admin');
    expect(await status(admin)).toEqual([200, undefined]);
    for (const role of ['office', 'staff', 'viewer'] as const) {
      expect(await status(await createAccount(server, { nursery: admin.nursery, role }))).toEqual([403, 'Only admins may see this.']);
    }
    expect((await status())[0]).toBe(401);
    expect(await status(await createAccount(server, { verified: false }))).toEqual([
      403,
      'Please verify your email before using Trolleyboard.',
    ]);
  });

  it('needs at least one role', () => {
    expect(() => requireRole([])).toThrow(/at least one role/);
  });
});
