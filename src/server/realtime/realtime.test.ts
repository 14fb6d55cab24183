import net from 'node:net';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  failure,
  startTestServer,
  TEST_DELETE_PASSWORD,
  type TestAccount,
  type TestServer,
} from '../../../tests/support/server';
import { listen, openStream, order, postSubscriptions as post, waitFor } from '../../../tests/support/realtime-client';

// Realtime as the official SDK uses it (GET /api/realtime + POST subscriptions), against the real
// server; raw streams where the test needs the wire itself.
const DELETE = { headers: { 'X-Confirm-Password': TEST_DELETE_PASSWORD } };

describe('realtime delivery', () => {
  let server: TestServer;
  let staff: TestAccount;
  let colleague: TestAccount;
  let unverified: TestAccount;
  let noTerms: TestAccount;
  beforeAll(async () => {
    server = await startTestServer();
    // One nursery's people: events reach only their own nursery (docs/decisions/036).
    staff = await createAccount(server);
    const nursery = staff.nursery;
    [colleague, unverified, noTerms] = await Promise.all([
      createAccount(server, { nursery }),
      createAccount(server, { nursery, verified: false }),
      createAccount(server, { nursery, acceptTerms: false }),
    ]);
  });
  afterAll(async () => {
    for (const account of [staff, colleague, unverified, noTerms]) await account?.pb.realtime.unsubscribe();
    await server.close();
  });

  it('opens a stream whose first event is PB_CONNECT carrying the client id, with the SSE headers', async () => {
    const stream = await openStream(server.url);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream');
    expect(stream.response.headers.get('cache-control')).toBe('no-store');
    expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.clientId).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(stream.text()).toBe(`id:${stream.clientId}\nevent:PB_CONNECT\ndata:{"clientId":"${stream.clientId}"}\n\n`);
    await stream.close();
  });

  it('delivers create, update and delete to a staff subscriber within 2 s, each under its subscription key', async () => {
    const all = await listen(colleague.pb, 'tasks', '*');
    const created = await staff.pb.collection('tasks').create(order('Greenfields live'));
    const first = await waitFor(() => all.events.find((e) => e.record.id === created.id), 'create');
    // Subscribed once the create went out (on PostgreSQL it arrives through NOTIFY, a moment after
    // the answer), so this topic's history is exactly the update and the delete.
    const one = await listen(colleague.pb, 'tasks', created.id);
    expect(first).toMatchObject({ action: 'create', record: { id: created.id, title: 'Greenfields live', collectionName: 'tasks' } });

    await staff.pb.collection('tasks').update(created.id, { status: 'pulled' });
    for (const sub of [all, one])
      expect(await waitFor(() => sub.events.find((e) => e.action === 'update'), 'update')).toMatchObject({
        record: { id: created.id, status: 'pulled' },
      });

    await staff.pb.collection('tasks').delete(created.id, DELETE);
    for (const sub of [all, one])
      expect(await waitFor(() => sub.events.find((e) => e.action === 'delete'), 'delete')).toMatchObject({
        record: { id: created.id, title: 'Greenfields live' },
      });
    // The {id} topic hears only its own record.
    const other = await staff.pb.collection('tasks').create(order('Another order'));
    await waitFor(() => all.events.find((e) => e.record.id === other.id), 'other create');
    expect(one.events.map((e) => e.record.id)).toEqual([created.id, created.id]);
    await all.unsubscribe();
    await one.unsubscribe();
  });

  it('sends nothing to a visitor, an unverified user or a user without the current terms', async () => {
    const visitor = server.client();
    const outsiders = [
      await listen(visitor, 'tasks', '*'),
      await listen(unverified.pb, 'tasks', '*'),
      await listen(noTerms.pb, 'tasks', '*'),
      await listen(noTerms.pb, 'trolley_exports', '*'),
    ];
    const witness = await listen(colleague.pb, 'tasks', '*');
    const created = await staff.pb.collection('tasks').create(order('Secret order'));
    await staff.pb.collection('tasks').update(created.id, { title: 'Secret order 2' });
    await waitFor(() => witness.events.find((e) => e.action === 'update' && e.record.id === created.id), 'witness update');
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const outsider of outsiders) expect(outsider.events).toEqual([]);
    await visitor.realtime.unsubscribe();
    await unverified.pb.realtime.unsubscribe();
    await noTerms.pb.realtime.unsubscribe();
    await witness.unsubscribe();
  });

  it('delivers user_settings events to their owner only, never to a colleague', async () => {
    const own = await listen(staff.pb, 'user_settings', '*');
    const nosy = await listen(colleague.pb, 'user_settings', '*');
    const settings = await staff.pb.collection('user_settings').create({ user: staff.id, settings_json: { monday_heading: 'North' } });
    await staff.pb.collection('user_settings').update(settings.id, { settings_json: { monday_heading: 'South' } });
    await waitFor(() => own.events.find((e) => e.action === 'update'), 'owner update');
    expect(own.events.map((e) => e.action)).toEqual(['create', 'update']);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(nosy.events).toEqual([]);
    await own.unsubscribe();
    await nosy.unsubscribe();
  });

  it('applies the filter and fields options of a subscription; a bad filter just never matches', async () => {
    const filtered = await listen(colleague.pb, 'tasks', '*', { filter: 'status = "loaded" && title ~ "kent"', fields: 'id,title' });
    const broken = await listen(colleague.pb, 'tasks', '*', { filter: 'colour = "red"' });
    const witness = await listen(colleague.pb, 'tasks', '*');
    const miss = await staff.pb.collection('tasks').create(order('Kent Garden', { status: 'working' }));
    const hit = await staff.pb.collection('tasks').create(order('Kent Garden Centre', { status: 'loaded' }));
    await waitFor(() => witness.events.find((e) => e.record.id === hit.id), 'witness');
    const got = await waitFor(() => filtered.events[0], 'filtered');
    expect(got).toEqual({ action: 'create', record: { id: hit.id, title: 'Kent Garden Centre' } });
    // An update that makes the other one match reaches the filtered subscription too.
    await staff.pb.collection('tasks').update(miss.id, { status: 'loaded' });
    await waitFor(() => filtered.events.find((e) => e.record.id === miss.id), 'filtered update');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(filtered.events).toHaveLength(2);
    expect(broken.events).toEqual([]);
    await colleague.pb.realtime.unsubscribe();
  });

  it('never lets the options headers change who the subscriber is', async () => {
    const visitor = server.client();
    const sneaky = await listen(visitor, 'tasks', '*', { headers: { Authorization: staff.pb.authStore.token } });
    const witness = await listen(colleague.pb, 'tasks', '*');
    const created = await staff.pb.collection('tasks').create(order('Header trick'));
    await waitFor(() => witness.events.find((e) => e.record.id === created.id), 'witness');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sneaky.events).toEqual([]);
    await visitor.realtime.unsubscribe();
    await witness.unsubscribe();
  });

  it('keeps delivering after the server ends the stream: the SDK reconnects and re-posts its subscriptions', async () => {
    const sub = await listen(colleague.pb, 'tasks', '*');
    let connects = 0;
    await colleague.pb.realtime.subscribe('PB_CONNECT', () => connects++);
    server.built.realtime.endAll();
    await waitFor(() => (connects > 0 && colleague.pb.realtime.isConnected ? true : undefined), 'reconnect', 5000);
    // Re-posting happens right after PB_CONNECT; give it its round trip.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const created = await staff.pb.collection('tasks').create(order('After reconnect'));
    await waitFor(() => sub.events.find((e) => e.record.id === created.id), 'event after reconnect');
    await colleague.pb.realtime.unsubscribe();
  });

  it('stops delivering once the password changes (the token key rotates)', async () => {
    const mover = await createAccount(server, { nursery: staff.nursery });
    const stale = await listen(mover.pb, 'tasks', '*');
    const witness = await listen(colleague.pb, 'tasks', '*');
    const before = await staff.pb.collection('tasks').create(order('Before rotation'));
    await waitFor(() => stale.events.find((e) => e.record.id === before.id), 'before rotation');
    // The same person changes their password on another device: every earlier token dies.
    const other = server.client();
    await other.collection('users').authWithPassword(mover.username, mover.password);
    await other
      .collection('users')
      .update(mover.id, { oldPassword: mover.password, password: 'new-green-house-77', passwordConfirm: 'new-green-house-77' });
    const after = await staff.pb.collection('tasks').create(order('After rotation'));
    await waitFor(() => witness.events.find((e) => e.record.id === after.id), 'witness');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(stale.events.map((e) => e.record.id)).toEqual([before.id]);
    await mover.pb.realtime.unsubscribe().catch(() => undefined);
    await witness.unsubscribe();
  });

  it('treats the subscriptions as a set: a key sent twice still gets each event once', async () => {
    const stream = await openStream(server.url);
    const key = 'tasks/*?options=' + encodeURIComponent(JSON.stringify({ query: { fields: 'id' } }));
    expect((await post(server.url, { clientId: stream.clientId, subscriptions: [key, key] }, colleague.pb.authStore.token)).status).toBe(
      204,
    );
    const created = await staff.pb.collection('tasks').create(order('Once only'));
    const line = `event:${key}\ndata:{"action":"create","record":{"id":"${created.id}"}}\n\n`;
    await waitFor(() => (stream.text().includes(line) ? true : undefined), 'raw event');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stream.text().split(line).length - 1).toBe(1);
    await stream.close();
  });

  it('answers the subscribe form as PocketBase: 404 for an unknown client, 400 for a bad body, 403 for another user', async () => {
    expect(await post(server.url, { clientId: 'nope', subscriptions: [] })).toEqual({
      status: 404,
      body: expect.objectContaining({ status: 404, message: 'Missing or invalid client id.' }),
    });
    const stream = await openStream(server.url);
    for (const body of [
      {},
      { clientId: stream.clientId, subscriptions: 'tasks/*' },
      { clientId: stream.clientId, subscriptions: ['a\nevent:x'] },
    ]) {
      const answer = await post(server.url, body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ status: 400, message: expect.any(String), data: expect.any(Object) });
    }
    expect((await post(server.url, { clientId: stream.clientId, subscriptions: ['tasks/*'] }, staff.pb.authStore.token)).status).toBe(204);
    const hijack = await post(server.url, { clientId: stream.clientId, subscriptions: ['tasks/*'] }, colleague.pb.authStore.token);
    expect(hijack.status).toBe(403);
    expect(hijack.body?.message).toMatch(/authorization/i);
    await stream.close();
  });
});

describe('realtime tokens that expire', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ tokenTtlSeconds: 2 });
  });
  afterAll(async () => {
    await server.close();
  });

  it('stops delivering when the subscriber token expires', async () => {
    const writer = await createAccount(server);
    const reader = await createAccount(server, { nursery: writer.nursery });
    const sub = await listen(reader.pb, 'tasks', '*');
    // The writer signs in again before each write: its own token lives only two seconds too.
    const first = await writer.pb.collection('tasks').create(order('While valid'));
    await waitFor(() => sub.events.find((e) => e.record.id === first.id), 'while valid');
    await new Promise((resolve) => setTimeout(resolve, 2600));
    await writer.pb.collection('users').authWithPassword(writer.username, writer.password);
    const second = await writer.pb.collection('tasks').create(order('After expiry'));
    const witness = server.client();
    await witness.collection('users').authWithPassword(reader.username, reader.password);
    await expect(witness.collection('tasks').getOne(second.id)).resolves.toMatchObject({ id: second.id });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sub.events.map((e) => e.record.id)).toEqual([first.id]);
    reader.pb.realtime.unsubscribe().catch(() => undefined);
  });
});

describe('realtime limits and shutdown', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ realtimeMaxStreams: 4, realtimeMaxStreamsPerUser: 2, realtimeHeartbeatSeconds: 0.2 });
  });
  afterAll(async () => {
    await server.close();
  });

  it('sends a heartbeat comment on an idle stream', async () => {
    const stream = await openStream(server.url);
    await waitFor(() => (stream.text().includes('\n\n:\n\n') ? true : undefined), 'heartbeat', 1500);
    await stream.close();
  });

  it('refuses a user more streams than allowed (429) and everyone beyond the total (503), with the error envelope', async () => {
    const account = await createAccount(server);
    const devices: PocketBase[] = [];
    for (let i = 0; i < 2; i++) {
      const pb = server.client();
      pb.authStore.save(account.pb.authStore.token, account.pb.authStore.record);
      await pb.collection('tasks').subscribe('*', () => undefined);
      devices.push(pb);
    }
    const third = server.client();
    third.authStore.save(account.pb.authStore.token, account.pb.authStore.record);
    const refused = await failure(third.collection('tasks').subscribe('*', () => undefined));
    expect(refused.status).toBe(429);
    expect(refused.response).toMatchObject({ status: 429, message: expect.stringMatching(/too many live connections/i), data: {} });
    await third.realtime.unsubscribe().catch(() => undefined);

    const streams = [await openStream(server.url), await openStream(server.url)];
    const full = await fetch(`${server.url}/api/realtime`);
    expect(full.status).toBe(503);
    expect(await full.json()).toMatchObject({ status: 503, message: expect.stringMatching(/too many live connections/i), data: {} });
    for (const stream of streams) await stream.close();
    for (const pb of devices) await pb.realtime.unsubscribe();
  });
});

describe('realtime and slow or vanished subscribers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  /** A subscriber that connects, subscribes, then never reads again (a frozen tablet). */
  async function stuckSubscriber(token: string): Promise<net.Socket> {
    const { port } = new URL(server.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    socket.on('error', () => undefined);
    socket.write(`GET /api/realtime HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`);
    const clientId = await waitFor(() => /\r\n\r\n[\s\S]*id:(\w+)\n/.exec(text)?.[1], 'stuck PB_CONNECT');
    expect((await post(server.url, { clientId, subscriptions: ['tasks/*'] }, token)).status).toBe(204);
    socket.pause();
    return socket;
  }

  it('a subscriber that stops reading does not slow writes down', async () => {
    const writer = await createAccount(server);
    const info = 'x'.repeat(4000);
    const burst = async (label: string) => {
      const started = performance.now();
      for (let i = 0; i < 100; i++) await writer.pb.collection('tasks').create(order(`${label} ${i}`, { orderInfo: info }));
      return performance.now() - started;
    };
    await burst('warm-up');
    const alone = (await burst('alone 1')) + (await burst('alone 2'));
    const sockets = [await stuckSubscriber(writer.pb.authStore.token), await stuckSubscriber(writer.pb.authStore.token)];
    const withStuck = (await burst('stuck 1')) + (await burst('stuck 2'));
    console.info(`2 x 100 writes: ${alone.toFixed(0)} ms alone, ${withStuck.toFixed(0)} ms with two subscribers that stopped reading`);
    // Were delivery on the write path, these writes would stall once the sockets' buffers filled.
    // The bound is loose because this machine is shared; the measured figures go to the log.
    expect(withStuck).toBeLessThan(alone * 4 + 2000);
    for (const socket of sockets) socket.destroy();
  });

  it('cuts off a subscriber that falls more than its buffer behind, while a reading one keeps up', async () => {
    const account = await createAccount(server);
    const socket = await stuckSubscriber(account.pb.authStore.token);
    const reader = await listen(account.pb, 'tasks', '*');
    const streams = server.built.realtime.size;
    // Large changes straight through the event bus, as the write path publishes them, one at a
    // time: the reading subscriber takes each; the stuck one's backlog grows until it is cut off.
    const { events, database } = server.built;
    let sent = 0;
    while (server.built.realtime.size >= streams && sent < 60) {
      const record = { id: `bigrecord${String(sent).padStart(6, '0')}`, title: 'x'.repeat(500_000), nursery: account.nursery };
      const change = { collection: 'tasks', action: 'delete' as const, record };
      await events.stage(database.db, [change]);
      events.committed(change);
      sent++;
      await waitFor(() => (reader.events.length === sent ? true : undefined), `reader got change ${sent}`, 5000);
    }
    expect(server.built.realtime.size).toBe(streams - 1);
    expect(reader.events).toHaveLength(sent);
    await account.pb.realtime.unsubscribe();
    socket.destroy();
  });

  it('ends open streams promptly when the server closes (SIGTERM)', async () => {
    const own = await startTestServer();
    const account = await createAccount(own);
    await account.pb.collection('tasks').subscribe('*', () => undefined);
    const raw = await openStream(own.url);
    const started = performance.now();
    await own.close();
    expect(performance.now() - started).toBeLessThan(1000);
    await waitFor(() => (raw.ended() ? true : undefined), 'stream ended', 1000);
    account.pb.realtime.unsubscribe().catch(() => undefined);
    await raw.close();
  });
});
