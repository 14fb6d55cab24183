import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUTURE_YEAR } from '../../../tests/support/open-weeks';
import { decodedBody, rawGet, rawHeadersOf, rawRequest } from '../../../tests/support/raw-http';
import { createAccount, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';

// Web clients on other origins (issue 13): with CORS_ORIGINS, a page on a listed origin may call
// the API as PocketBase allows (preflights included); any other origin gets no CORS header at all;
// unset, nothing changes (the app's own origin needs no CORS). Raw HTTP, as a browser sends it.

const ALLOWED = 'https://orders.nursery.test';
const STRANGER = 'https://evil.example';

const preflight = (url: string, origin: string, method = 'PATCH', headers = 'authorization,content-type,x-confirm-password') =>
  rawRequest(url, {
    method: 'OPTIONS',
    headers: { Origin: origin, 'Access-Control-Request-Method': method, 'Access-Control-Request-Headers': headers },
  });

const corsHeaders = (headers: Record<string, unknown>) => Object.keys(headers).filter((name) => name.startsWith('access-control-'));
const varyOf = (headers: Record<string, unknown>) =>
  String(headers.vary ?? '')
    .split(',')
    .map((field) => field.trim().toLowerCase());

describe('CORS_ORIGINS lists the origins that may call the API', () => {
  let server: TestServer;
  let staff: TestAccount;
  let ordersUrl: string;

  beforeAll(async () => {
    server = await startTestServer({ corsOrigins: [ALLOWED, 'http://192.168.1.20:3000'] });
    staff = await createAccount(server);
    for (let i = 0; i < 6; i++)
      await staff.pb
        .collection('tasks')
        .create({ title: `Greenfields ${i}`, orderInfo: 'Deliver before 9am. '.repeat(10), year: FUTURE_YEAR, weekNumber: 14 });
    ordersUrl = `${server.url}/api/collections/tasks/records?filter=${encodeURIComponent(`year = ${FUTURE_YEAR} && weekNumber = 14`)}`;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers a preflight from a listed origin with what the browser needs', async () => {
    const response = await preflight(`${server.url}/api/collections/tasks/records/abc123def456ghi`, ALLOWED);
    expect(response.status).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(String(response.headers['access-control-allow-methods']).split(/,\s*/)).toEqual(
      expect.arrayContaining(['GET', 'POST', 'PATCH', 'DELETE']),
    );
    expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toBe('authorization,content-type,x-confirm-password');
    expect(response.headers['access-control-max-age']).toBe('3600');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    expect(varyOf(response.headers)).toContain('origin');
  });

  it('gives a listed origin its answers, compressed and with the security headers, varying by origin', async () => {
    const response = await rawGet(ordersUrl, { Origin: ALLOWED, Authorization: staff.pb.authStore.token, 'Accept-Encoding': 'gzip' });
    expect(response.status).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(varyOf(response.headers)).toEqual(expect.arrayContaining(['origin', 'authorization', 'accept-encoding']));
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decodedBody(response))).toMatchObject({ totalItems: 6 });
    expect(response.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('lets a listed origin read error answers too', async () => {
    const response = await rawGet(`${server.url}/api/collections/tasks/records/nothing-here-00`, { Origin: ALLOWED });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(JSON.parse(response.body.toString('utf8'))).toMatchObject({ status: response.status, message: expect.any(String) });
  });

  it('lets a listed origin open the realtime stream', async () => {
    const response = await rawHeadersOf(`${server.url}/api/realtime`, { Origin: ALLOWED, Accept: 'text/event-stream' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(response.headers['access-control-allow-origin']).toBe(ALLOWED);
  });

  it('gives any other origin no CORS header at all, and its preflight a 404', async () => {
    const refused = await preflight(`${server.url}/api/collections/tasks/records`, STRANGER, 'POST');
    expect(refused.status).toBe(404);
    expect(corsHeaders(refused.headers)).toEqual([]);
    const read = await rawGet(ordersUrl, { Origin: STRANGER, Authorization: staff.pb.authStore.token });
    expect(read.status).toBe(200);
    expect(corsHeaders(read.headers)).toEqual([]);
    const stream = await rawHeadersOf(`${server.url}/api/realtime`, { Origin: STRANGER });
    expect(corsHeaders(stream.headers)).toEqual([]);
  });

  it('still serves the official SDK, with and without an Origin header', async () => {
    const fromPage = server.client();
    fromPage.beforeSend = (url, options) => ({ url, options: { ...options, headers: { ...options.headers, Origin: ALLOWED } } });
    await fromPage.collection('users').authWithPassword(staff.username, staff.password);
    const created = await fromPage.collection('tasks').create({ title: 'Hill Top Nursery', year: FUTURE_YEAR, weekNumber: 15 });
    await expect(fromPage.collection('tasks').update(created.id, { orderInfo: 'Collect' })).resolves.toMatchObject({
      orderInfo: 'Collect',
    });
    await expect(staff.pb.collection('tasks').getOne(created.id)).resolves.toMatchObject({ title: 'Hill Top Nursery' });
  });
});

describe('CORS_ORIGINS=* lets any origin call the API', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ corsOrigins: ['*'] });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers every origin with *, never with credentials', async () => {
    const response = await preflight(`${server.url}/api/collections/tasks/records`, STRANGER, 'POST');
    expect(response.status).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    const health = await rawGet(`${server.url}/api/health`, { Origin: STRANGER });
    expect(health.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('without CORS_ORIGINS', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('only the app itself may call the API: no CORS header for any origin', async () => {
    const response = await preflight(`${server.url}/api/collections/tasks/records`, ALLOWED, 'POST');
    expect(response.status).toBe(404);
    expect(corsHeaders(response.headers)).toEqual([]);
    expect(corsHeaders((await rawGet(`${server.url}/api/health`, { Origin: ALLOWED })).headers)).toEqual([]);
  });
});
