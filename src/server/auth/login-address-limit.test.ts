import type { ClientResponseError } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAccount } from '../../../tests/support/accounts';
import { failure, startTestServer, type TestServer } from '../../../tests/support/server';
import { AccountAdmin } from '../admin/accounts';

// The per-address budget of auth-with-password (docs/decisions/005): someone trying one password on many accounts
// never trips any one account's lock-out, so only the per-address limit stops them.

const LIMIT = 6;

describe('auth-with-password: per-address limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ authRateLimitPerMinute: LIMIT });
  });
  afterAll(async () => {
    await server.close();
  });

  it(`answers 429 after ${LIMIT} sign-in attempts from one address, each for a different account`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) {
      statuses.push(
        await server
          .client()
          .collection('users')
          .authWithPassword(`someone${i}`, 'Summer2026!')
          .then(
            () => 200,
            (e: ClientResponseError) => e.status,
          ),
      );
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(400), 429, 429]);
  });

  it('refuses even the right password from that address until the minute is over, and says why', async () => {
    const admin = new AccountAdmin(server.built.database, server.config, { records: server.built.records });
    const account = await createTestAccount(admin);
    const limited = await failure(server.client().collection('users').authWithPassword(account.username, account.password));
    expect(limited.status).toBe(429);
    expect(limited.message).toMatch(/too many/i);
  });
});
