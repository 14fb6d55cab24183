import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FUTURE_YEAR } from '../../../tests/support/open-weeks';
import { decodedBody, rawGet, type RawResponse } from '../../../tests/support/raw-http';
import { createAccount, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';

// JSON answers as a tablet on slow yard Wi-Fi receives them (issue 7): compressed when the client
// accepts it and the answer is worth it, decoding to exactly the uncompressed answer; cached lists
// keep their compressed bytes and still answer 304; the realtime stream stays a plain stream.

let server: TestServer;
let ann: TestAccount;

const bigWeek = { year: FUTURE_YEAR, weekNumber: 20 };
const smallWeek = { year: FUTURE_YEAR, weekNumber: 21 };
const weekQuery = (week: { year: number; weekNumber: number }) =>
  `page=1&perPage=1000&skipTotal=1&sort=created&filter=${encodeURIComponent(`year = ${week.year} && weekNumber = ${week.weekNumber}`)}`;
const bigWeekPath = `/api/collections/tasks/records?${weekQuery(bigWeek)}`;
const smallWeekPath = `/api/collections/tasks/records?${weekQuery(smallWeek)}`;

/** A GET of the API with Ann's token and exactly the other headers given. */
const get = (path: string, headers: Record<string, string> = {}) =>
  rawGet(`${server.url}${path}`, { authorization: ann.pb.authStore.token, ...headers });

const varyFields = (response: RawResponse) =>
  String(response.headers.vary ?? '')
    .split(',')
    .map((f) => f.trim().toLowerCase());

beforeAll(async () => {
  server = await startTestServer();
  ann = await createAccount(server);
  const tasks = ann.pb.collection('tasks');
  // ~20 orders: about 8 kB of JSON, the size class of a real week (100 orders are ~41 kB).
  const customers = ['Greenfield Nursery', 'Hawthorn Estates', 'Willow Garden Centre', 'Bramble Landscapes', 'Foxglove Plant Shop'];
  for (let i = 0; i < 20; i++) {
    await tasks.create({ title: `${customers[i % 5]} ${i}`, day: 'monday', customerType: 'wholesale', orderNumber: `SO-${i}`, ...bigWeek });
  }
  await tasks.create({ title: 'Oakleigh Nursery', day: 'friday', customerType: 'retail', ...smallWeek });
});
afterAll(() => server.close());
afterEach(() => vi.restoreAllMocks());

describe('compressed JSON answers', () => {
  it('send a week list gzip-compressed to a client that accepts gzip, decoding to the same JSON', async () => {
    const identity = await get(bigWeekPath);
    const gzip = await get(bigWeekPath, { 'accept-encoding': 'gzip, deflate' });
    expect(identity.status).toBe(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(identity.body.toString('utf8')).items).toHaveLength(20);
    expect(gzip.status).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['content-type']).toMatch(/^application\/json/);
    expect(Number(gzip.headers['content-length'])).toBe(gzip.body.length);
    expect(decodedBody(gzip)).toBe(identity.body.toString('utf8'));
    expect(gzip.body.length).toBeLessThan(identity.body.length / 4);
    // Both vary by Accept-Encoding (and still by who asks), so no cache mixes them up.
    for (const response of [identity, gzip])
      expect(varyFields(response)).toEqual(expect.arrayContaining(['authorization', 'accept-encoding']));
  });

  it.each([
    { accept: 'br', coding: 'br' },
    { accept: 'gzip, deflate, br, zstd', coding: 'br' },
    { accept: 'br;q=0.5, gzip', coding: 'gzip' },
    { accept: 'GZIP', coding: 'gzip' },
    { accept: '*', coding: 'br' },
    { accept: 'br;q=0, *', coding: 'gzip' },
    { accept: 'gzip;q=0, br;q=0', coding: undefined },
    { accept: 'identity', coding: undefined },
    { accept: 'deflate', coding: undefined },
  ])('answer Accept-Encoding "$accept" with $coding', async ({ accept, coding }) => {
    const identity = await get(bigWeekPath);
    const response = await get(bigWeekPath, { 'accept-encoding': accept });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe(coding);
    expect(decodedBody(response)).toBe(identity.body.toString('utf8'));
  });

  it('send small answers as they are: a one-order week, one order, an error', async () => {
    const list = await get(smallWeekPath, { 'accept-encoding': 'gzip, deflate, br' });
    expect(list.status).toBe(200);
    expect(list.body.length).toBeLessThan(1024);
    expect(list.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(list.body.toString('utf8')).items.map((o: { title: string }) => o.title)).toEqual(['Oakleigh Nursery']);
    const id = String(JSON.parse(list.body.toString('utf8')).items[0].id);
    const one = await get(`/api/collections/tasks/records/${id}`, { 'accept-encoding': 'gzip' });
    expect(one.status).toBe(200);
    expect(one.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(one.body.toString('utf8')).title).toBe('Oakleigh Nursery');
    const missing = await get('/api/collections/tasks/records/nosuchorder0000', { 'accept-encoding': 'gzip' });
    expect(missing.status).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(missing.body.toString('utf8')).status).toBe(404);
  });

  it('compress a single order over 1 KB as well, not only lists', async () => {
    const note = 'Two Danish trolleys of hardy perennials, deliver to the side gate before 9am. '.repeat(20);
    const order = await ann.pb
      .collection('tasks')
      .create({ title: 'Larkspur Garden Centre', day: 'tuesday', orderInfo: note, ...smallWeek });
    const plain = await get(`/api/collections/tasks/records/${order.id}`);
    const gzip = await get(`/api/collections/tasks/records/${order.id}`, { 'accept-encoding': 'gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(varyFields(gzip)).toContain('accept-encoding');
    expect(JSON.parse(decodedBody(gzip))).toEqual({ ...JSON.parse(plain.body.toString('utf8')) });
    expect(JSON.parse(decodedBody(gzip)).orderInfo).toBe(note);
    // Done once the change is heard: on PostgreSQL its NOTIFY arrives after the answer and ages
    // cached lists then, which must not happen in the middle of the next test's two requests.
    const heard = new Promise<void>((resolve) => {
      const stop = server.built.bus.subscribe((change) => {
        if (change.record.id !== order.id || change.action !== 'delete') return;
        stop();
        resolve();
      });
    });
    await ann.pb.collection('tasks').delete(order.id, { headers: { 'X-Confirm-Password': 'Prune-The-Roses' } });
    await heard;
  });

  it('answer 304 to a matching If-None-Match in either coding, and 200 compressed once the week changed', async () => {
    const gzip = await get(bigWeekPath, { 'accept-encoding': 'gzip' });
    const identity = await get(bigWeekPath);
    const etag = String(gzip.headers.etag);
    // One weak tag for both codings of the same answer (list-cache.ts says why).
    expect(etag).toMatch(/^W\/".+"$/);
    expect(identity.headers.etag).toBe(etag);
    for (const accept of ['gzip', 'br', '']) {
      const again = await get(bigWeekPath, { 'accept-encoding': accept, 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers['content-encoding']).toBeUndefined();
      expect(again.headers.etag).toBe(etag);
      expect(varyFields(again)).toContain('accept-encoding');
    }
    const first = JSON.parse(decodedBody(gzip)).items[0] as { id: string };
    await ann.pb.collection('tasks').update(first.id, { status: 'loaded' });
    const changed = await get(bigWeekPath, { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers['content-encoding']).toBe('gzip');
    expect(changed.headers.etag).not.toBe(etag);
    expect(JSON.parse(decodedBody(changed)).items.find((o: { id: string }) => o.id === first.id).status).toBe('loaded');
  });

  it('compress a cached list once, however often it is asked for', async () => {
    // A change makes a new answer (a new cache entry) for the week.
    const list = JSON.parse((await get(bigWeekPath)).body.toString('utf8')) as { items: Array<{ id: string }> };
    const changeHeard = new Promise<void>((resolve) => {
      const stop = server.built.bus.subscribe((change) => {
        if (change.record.id !== list.items[1]?.id) return;
        stop();
        // The list cache heard it first (it subscribed at start-up); let it finish the tick.
        setImmediate(resolve);
      });
    });
    await ann.pb.collection('tasks').update(String(list.items[1]?.id), { status: 'working' });
    // Until the bus delivered the change (on PostgreSQL, its NOTIFY coming back) the week's answer
    // is made again once more; count compressions only after that.
    await changeHeard;
    const gzipSpy = vi.spyOn(zlib, 'gzip');
    const brotliSpy = vi.spyOn(zlib, 'brotliCompress');
    const answers = await Promise.all([1, 2, 3].map(() => get(bigWeekPath, { 'accept-encoding': 'gzip' })));
    for (let i = 0; i < 3; i++) answers.push(await get(bigWeekPath, { 'accept-encoding': 'gzip' }));
    answers.push(await get(bigWeekPath, { 'accept-encoding': 'br' }), await get(bigWeekPath, { 'accept-encoding': 'br' }));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(JSON.parse(decodedBody(answer)).items.find((o: { id: string }) => o.id === list.items[1]?.id).status).toBe('working');
    }
    expect(gzipSpy).toHaveBeenCalledTimes(1);
    expect(brotliSpy).toHaveBeenCalledTimes(1);
  });

  it('answer a bad filter sent by several tablets at once with the same 400 to each', async () => {
    const path = `/api/collections/tasks/records?filter=${encodeURIComponent('nosuchfield = 1')}`;
    const answers = await Promise.all([1, 2, 3].map(() => get(path, { 'accept-encoding': 'gzip' })));
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(answer.body.toString('utf8'))).toMatchObject({ status: 400, message: expect.stringMatching(/filter/i) });
    }
  });

  it('still let the official pocketbase SDK list and read orders normally', async () => {
    const plain = JSON.parse((await get(bigWeekPath)).body.toString('utf8')) as { items: unknown[] };
    const orders = await ann.pb
      .collection('tasks')
      .getFullList({ filter: `year = ${bigWeek.year} && weekNumber = ${bigWeek.weekNumber}`, sort: 'created' });
    expect(orders).toEqual(plain.items);
    // What the SDK's fetch (undici) asked for and got: a compressed answer, decoded for it.
    const viaFetch = await fetch(`${server.url}${bigWeekPath}`, { headers: { authorization: ann.pb.authStore.token } });
    expect(['gzip', 'br']).toContain(viaFetch.headers.get('content-encoding'));
    expect(((await viaFetch.json()) as { items: unknown[] }).items).toEqual(plain.items);
  });

  it('leave the realtime stream uncompressed and unbuffered', async () => {
    const first = await new Promise<{ headers: http.IncomingHttpHeaders; chunk: string }>((resolve, reject) => {
      const request = http.get(`${server.url}/api/realtime`, { headers: { 'accept-encoding': 'gzip, deflate, br' } }, (res) => {
        res.once('data', (chunk: Buffer) => {
          resolve({ headers: res.headers, chunk: chunk.toString('utf8') });
          request.destroy();
        });
      });
      request.on('error', reject);
      request.setTimeout(5000, () => reject(new Error('no PB_CONNECT within 5 s')));
    });
    expect(first.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.chunk).toContain('event:PB_CONNECT');
  });
});
