import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_API } from '#domain/accounts/invitations';
import { FUTURE_YEAR } from '../../../tests/support/open-weeks';
import { createAccount, createTeam, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';

// The fast path for cached lists (list-fast-path.ts, docs/decisions/082), seen from outside: the
// same status, headers and bytes as Fastify's own answer, and never a list to a caller the rules
// would not give it to.

let server: TestServer;
let admin: TestAccount;
let staff: TestAccount;
let stranger: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  ({ admin, staff } = await createTeam(server));
  // Another nursery: the same URL must give it its own (empty) week.
  stranger = await createAccount(server);
  for (const title of ['Greenfield Nursery', 'Hawthorn Estates'])
    await admin.pb.collection('tasks').create({ title, day: 'monday', customerType: 'wholesale', year: FUTURE_YEAR, weekNumber: 20 });
});
afterAll(() => server.close());

const weekPath = `/api/collections/tasks/records?page=1&perPage=1000&skipTotal=1&filter=${encodeURIComponent(`(year = ${FUTURE_YEAR} && weekNumber = 20)`)}`;

async function get(token: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${weekPath}`, {
    headers: { authorization: token, 'accept-encoding': 'identity', ...headers },
  });
  const seen = Object.fromEntries(
    [...response.headers].filter(([name]) => name !== 'date' && name !== 'keep-alive' && name !== 'connection'),
  );
  return { status: response.status, headers: seen, body: Buffer.from(await response.arrayBuffer()) };
}

/**
 * The answer with the fast path answering, and with it off (Fastify answering), for one request.
 * Fastify answers a request when the check for other processes' writes to the SQLite file is
 * due (every 250 ms, list-cache.ts), so on a busy machine a few tries may be needed.
 */
async function bothWays(token: string, headers: Record<string, string> = {}) {
  const fastPath = server.built.fastPath!;
  let fast = await get(token, headers);
  let servedFast = false;
  for (let tries = 0; tries < 20 && !servedFast; tries++) {
    const before = fastPath.served;
    fast = await get(token, headers);
    servedFast = fastPath.served > before;
  }
  (fastPath as unknown as { enabled: boolean }).enabled = false; // test only: the same server, Fastify answering
  try {
    return { fast, servedFast, fastify: await get(token, headers) };
  } finally {
    (fastPath as unknown as { enabled: boolean }).enabled = true;
  }
}

describe('the fast path for cached lists', () => {
  it('answers a known caller the same status, headers and bytes as Fastify would, plain, compressed and 304', async () => {
    const token = staff.pb.authStore.token;
    const first = await get(token); // Fastify answers and caches it
    expect(first.status).toBe(200);
    expect(
      JSON.parse(first.body.toString())
        .items.map((o: { title: string }) => o.title)
        .sort(),
    ).toEqual(['Greenfield Nursery', 'Hawthorn Estates']);

    const plain = await bothWays(token);
    expect(plain.servedFast).toBe(true);
    expect(plain.fast).toEqual(plain.fastify);
    expect(plain.fast.body.equals(first.body)).toBe(true);

    // The first gzip request makes the coding (Fastify); the next one is answered fast.
    await get(token, { 'accept-encoding': 'gzip' });
    const gzip = await bothWays(token, { 'accept-encoding': 'gzip' });
    expect(gzip.servedFast).toBe(true);
    expect(gzip.fast.headers['content-encoding']).toBe('gzip');
    expect(gzip.fast).toEqual(gzip.fastify);
    // fetch decodes what it was sent gzip-compressed.
    expect(gzip.fast.body.equals(first.body)).toBe(true);

    const notModified = await bothWays(token, { 'if-none-match': String(first.headers.etag) });
    expect(notModified.servedFast).toBe(true);
    expect(notModified.fast.status).toBe(304);
    expect(notModified.fast).toEqual(notModified.fastify);
  });

  it("never gives another nursery's member the cached week at the same URL", async () => {
    await get(admin.pb.authStore.token);
    const theirs = await get(stranger.pb.authStore.token);
    const again = await get(stranger.pb.authStore.token);
    for (const answer of [theirs, again]) {
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body.toString()).items).toEqual([]);
    }
  });

  it('answers a disabled account and a stranger with no token as Fastify does, never from the cache', async () => {
    const visitor = await get('');
    expect(visitor.status).not.toBe(200);
    const forged = await get(`${staff.pb.authStore.token.slice(0, -4)}AAAA`);
    expect(forged.status).not.toBe(200);

    const token = staff.pb.authStore.token;
    expect((await get(token)).status).toBe(200);
    const response = await fetch(`${server.url}${TEAM_API.member(staff.id)}`, {
      method: 'PATCH',
      headers: { authorization: admin.pb.authStore.token, 'content-type': 'application/json' },
      body: JSON.stringify({ disabled: true }),
    });
    expect(response.status).toBe(200);
    const served = server.built.fastPath!.served;
    const refused = await get(token);
    expect(refused.status).toBe(visitor.status);
    expect(JSON.parse(refused.body.toString()).items).toBeUndefined();
    expect(server.built.fastPath!.served).toBe(served);
  });
});
