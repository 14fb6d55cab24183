import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';
import { listen, order, waitFor } from '../../../tests/support/realtime-client';

// The operator's scrape of GET /api/metrics (docs/decisions/049), against the real server.
const TOKEN = 'scrape-token-7c1e9a4b2d';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus' text format, sample lines only (label order as written does not matter). */
function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1] ?? ''] = pair[2] ?? '';
    samples.push({ name: match[1] ?? '', labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the sample `name` whose labels include `labels`; 0 when there is none yet. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return found.reduce((sum, s) => sum + s.value, 0);
}

describe('GET /api/metrics', () => {
  let server: TestServer;
  let staff: TestAccount;

  async function scrape(): Promise<Sample[]> {
    const response = await fetch(`${server.url}/api/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseSamples(await response.text());
  }

  beforeAll(async () => {
    server = await startTestServer({ metricsToken: TOKEN });
    staff = await createAccount(server);
  });
  afterAll(async () => {
    await staff?.pb.realtime.unsubscribe();
    await server?.close();
  });

  it('answers 401 with the error envelope to a scrape without the token or with a wrong one', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, 'Bearer ', TOKEN, `Basic ${TOKEN}`]) {
      const response = await fetch(`${server.url}/api/metrics`, {
        headers: authorization === undefined ? {} : { Authorization: authorization },
      });
      expect(response.status, String(authorization)).toBe(401);
      const body = (await response.json()) as { status: number; message: string };
      expect(body).toMatchObject({ status: 401, message: expect.stringContaining('METRICS_TOKEN') });
    }
    // A signed-in member of staff is not the scraper either.
    const response = await fetch(`${server.url}/api/metrics`, { headers: { Authorization: staff.pb.authStore.token } });
    expect(response.status).toBe(401);
  });

  it('counts exactly the requests made to a route, under the route pattern and never the raw address', async () => {
    const created = await staff.pb.collection('tasks').create(order('Metrics Nursery Ltd'));
    const listRoute = { method: 'GET', route: '/api/collections/tasks/records', status: '200' };
    const viewRoute = { method: 'GET', route: '/api/collections/tasks/records/:id', status: '200' };
    const before = await scrape();
    for (let i = 0; i < 7; i++) await staff.pb.collection('tasks').getList(1, 50, { filter: `weekNumber = 12` });
    for (let i = 0; i < 3; i++) await staff.pb.collection('tasks').getOne(created.id);
    const after = await scrape();
    expect(
      valueOf(after, 'trolleyboard_http_requests_total', listRoute) - valueOf(before, 'trolleyboard_http_requests_total', listRoute),
    ).toBe(7);
    expect(
      valueOf(after, 'trolleyboard_http_requests_total', viewRoute) - valueOf(before, 'trolleyboard_http_requests_total', viewRoute),
    ).toBe(3);
    const latencyCount = (samples: Sample[]) =>
      valueOf(samples, 'trolleyboard_http_request_duration_seconds_count', { method: 'GET', route: '/api/collections/tasks/records' });
    expect(latencyCount(after) - latencyCount(before)).toBe(7);
    // Bounded labels: the record's id appears in no label.
    expect(after.some((s) => Object.values(s.labels).some((v) => v.includes(created.id)))).toBe(false);
  });

  it('counts a list answered twice as one miss, then one hit of the list cache', async () => {
    const outcome = (samples: Sample[], hit: boolean) =>
      valueOf(samples, 'trolleyboard_list_cache_lookups_total', { outcome: hit ? 'hit' : 'miss' });
    const before = await scrape();
    // A question not asked before, asked twice with no change between.
    for (let i = 0; i < 2; i++) await staff.pb.collection('tasks').getList(1, 17, { filter: `weekNumber = 31` });
    const after = await scrape();
    expect(outcome(after, false) - outcome(before, false)).toBe(1);
    expect(outcome(after, true) - outcome(before, true)).toBe(1);
  });

  it('shows realtime streams, subscriptions and the fan-out of a change', async () => {
    const before = await scrape();
    const live = await listen(staff.pb, 'tasks', '*');
    const during = await scrape();
    expect(valueOf(during, 'trolleyboard_realtime_streams', { state: 'signed_in' })).toBe(1);
    expect(valueOf(during, 'trolleyboard_realtime_subscriptions')).toBe(1);
    const created = await staff.pb.collection('tasks').create(order('Fan-out Gardens'));
    await waitFor(() => live.events.find((e) => e.record.id === created.id), 'the change reaching the subscriber');
    const after = await scrape();
    expect(valueOf(after, 'trolleyboard_realtime_fanout_duration_seconds_count')).toBeGreaterThan(
      valueOf(before, 'trolleyboard_realtime_fanout_duration_seconds_count'),
    );
    await live.unsubscribe();
  });

  it('shows database query time, the pool and process memory', async () => {
    const samples = await scrape();
    expect(valueOf(samples, 'trolleyboard_db_query_duration_seconds_count', { connection: 'main', outcome: 'ok' })).toBeGreaterThan(0);
    expect(valueOf(samples, 'trolleyboard_db_query_duration_seconds_count', { connection: 'reads', outcome: 'ok' })).toBeGreaterThan(0);
    const pool = server.built.database.dialect === 'postgres' ? 'postgres' : 'sqlite_reads';
    expect(
      samples
        .filter((s) => s.name === 'trolleyboard_db_pool_connections' && s.labels.pool === pool)
        .map((s) => s.labels.state)
        .sort(),
    ).toEqual(['busy', 'idle', 'total', 'waiting']);
    expect(valueOf(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(valueOf(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });
});

describe('GET /api/metrics without METRICS_TOKEN', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('does not exist: 404 whatever the caller sends', async () => {
    for (const headers of [{}, { Authorization: 'Bearer anything-at-all-here' }] as Array<Record<string, string>>) {
      const response = await fetch(`${server.url}/api/metrics`, { headers });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ status: 404 });
    }
  });
});
