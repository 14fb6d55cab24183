import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, startTestServer, type TestServer } from '../../../tests/support/server';
import { BODY_LIMIT_BYTES, jsonShape, MAX_JSON_DEPTH } from './json-body';
import { FUTURE_YEAR } from '../../../tests/support/open-weeks';

// Requests the SDK would never send, written byte by byte: whoever answers them (Node's HTTP
// parser, Fastify's router, our routes), the answer is PocketBase's {status, message, data}.

let server: TestServer;
let port: number;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  port = Number(new URL(server.url).port);
  token = (await createAccount(server)).pb.authStore.token;
});

afterAll(async () => {
  await server.close();
});

/** Sends raw bytes and reads the whole answer (the server closes the connection). */
function rawRequest(text: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const answer = Buffer.concat(chunks).toString('utf8');
      const split = answer.indexOf('\r\n\r\n');
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0),
        headers: answer.slice(0, split),
        body: answer.slice(split + 4),
      });
    });
    socket.setTimeout(5000, () => socket.destroy(new Error('no answer within 5 s')));
  });
}

const get = (path: string, extraHeaders = '') => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extraHeaders}Connection: close\r\n\r\n`;

function expectEnvelope(answer: { status: number; body: string }, status: number, message: RegExp): void {
  expect(answer.status).toBe(status);
  expect(JSON.parse(answer.body)).toEqual({ status, code: status, message: expect.stringMatching(message), data: {} });
}

describe('errors answered before our routes still use the envelope', () => {
  it('414 for a path segment longer than the router takes', async () => {
    expectEnvelope(await rawRequest(get(`/api/collections/tasks/records/${'a'.repeat(101)}`)), 414, /too long.*at most 100 characters/);
    expectEnvelope(await rawRequest(get(`/api/collections/${'x'.repeat(500)}/records`)), 414, /too long/);
  });

  it('400 for a broken %-encoding in the path', async () => {
    expectEnvelope(await rawRequest(get('/api/collections/tasks/records/%E0%A4%A')), 400, /broken %-encoded character/);
    expectEnvelope(await rawRequest(get('/api/%ZZ')), 400, /not valid/);
  });

  it('431 for headers or an address larger than Node reads', async () => {
    expectEnvelope(await rawRequest(get('/api/health', `X-Padding: ${'a'.repeat(20_000)}\r\n`)), 431, /too large \(at most 16 KB/);
    expectEnvelope(await rawRequest(get(`/api/health?q=${'a'.repeat(100_000)}`)), 431, /address or headers are too large/);
  });

  it('400 for a request line that is not HTTP', async () => {
    expectEnvelope(await rawRequest('GARBAGE\r\n\r\n'), 400, /not valid HTTP/);
    expectEnvelope(await rawRequest('GET /api/health HTTP/9.9\r\nHost: x\r\n\r\n'), 400, /not valid HTTP/);
  });

  it('still answers an ordinary request afterwards', async () => {
    expect((await rawRequest(get('/api/health'))).status).toBe(200);
  });
});

describe('JSON bodies (docs/decisions/010)', () => {
  const post = (body: string) =>
    fetch(`${server.url}/api/collections/tasks/records`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: token },
      body,
    });

  it(`refuses nesting deeper than ${MAX_JSON_DEPTH} levels with 400, naming the limit`, async () => {
    const nested = (levels: number) =>
      `{"title":"Deep","weekNumber":3,"year":${FUTURE_YEAR},"extra":${'['.repeat(levels)}${']'.repeat(levels)}}`;
    const tooDeep = await post(nested(MAX_JSON_DEPTH));
    expect(tooDeep.status).toBe(400);
    expect(await tooDeep.json()).toEqual({
      status: 400,
      code: 400,
      message: 'The submitted data is nested too deeply (more than 20 levels of lists and objects).',
      data: {},
    });
    const hostile = await post('['.repeat(1_000_000));
    expect(hostile.status).toBe(400);
    // One level less fits: the body itself is the first level. It is read, and then refused only
    // for naming a field orders do not have (docs/decisions/018).
    const fits = await post(nested(MAX_JSON_DEPTH - 1));
    expect(fits.status).toBe(400);
    expect(await fits.json()).toMatchObject({ data: { extra: { code: 'validation_unknown_field' } } });
  });

  it('counts brackets inside strings as text', async () => {
    const created = await post(JSON.stringify({ title: `Pots ${'[{'.repeat(40)}`, weekNumber: 3, year: FUTURE_YEAR }));
    expect(created.status).toBe(200);
    expect(jsonShape(String.raw`{"a":"\"[[[[","b":[1]}`, 20).depth).toBe(2);
  });

  it('refuses a body over 2 MB with the envelope, naming the limit', async () => {
    const answer = await post(JSON.stringify({ title: 'Big', orderInfo: 'x'.repeat(BODY_LIMIT_BYTES) }));
    expect(answer.status).toBe(413);
    expect(await answer.json()).toEqual({ status: 413, code: 413, message: 'The submitted data is too large (at most 2 MB).', data: {} });
  });
});
