import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';
import {
  listen,
  openStream,
  order,
  postSubscriptions,
  tryOpenStream,
  waitFor,
  type RawStream,
  type RecordEvent,
} from '../../../tests/support/realtime-client';
import type { Config } from '../config';
import { SUBSCRIPTION_BOUNDS } from './subscriptions';

// What a realtime client may cost the server, without an account or with one
// (docs/decisions/016-realtime-bounds.md): what one stream may hold, what one change costs to
// deliver, and how many streams not signed in yet one address, and everyone together, may hold.

const filtered = (filter: string, topic = '*') => `tasks/${topic}?options=${encodeURIComponent(JSON.stringify({ query: { filter } }))}`;
const recordKeys = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `tasks/${prefix}${String(i).padStart(10, '0')}`);

/** Opens `count` streams one after another (each signs in right away, as the SDK does) and subscribes each. */
async function subscribedStreams(server: TestServer, count: number, keys: (n: number) => string[], token = '') {
  const streams: RawStream[] = [];
  for (let n = 0; n < count; n++) {
    const stream = await openStream(server.url);
    const answer = await postSubscriptions(server.url, { clientId: stream.clientId, subscriptions: keys(n) }, token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(204);
    streams.push(stream);
  }
  return streams;
}

/** A server of its own for one describe block, with one staff account. */
function serverWithStaff(overrides: Partial<Config> = {}): { server: TestServer; staff: TestAccount } {
  const t = {} as { server: TestServer; staff: TestAccount };
  beforeAll(async () => {
    t.server = await startTestServer(overrides);
    t.staff = await createAccount(t.server);
  });
  afterAll(async () => {
    await t.server.close();
  });
  return t;
}

describe('what one realtime stream may hold', () => {
  const t = serverWithStaff();

  it('refuses a visitor 1,000 keys of 2,000 characters (2 MB) with 400, keeping nothing', async () => {
    const stream = await openStream(t.server.url);
    const before = t.server.built.realtime.stats();
    const keys = Array.from({ length: 1000 }, (_, i) => `tasks/*?p=${i}&`.padEnd(2000, 'x'));
    const answer = await postSubscriptions(t.server.url, { clientId: stream.clientId, subscriptions: keys });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      status: 400,
      message: 'Too many live subscriptions (1000; at most 100).',
      data: { subscriptions: {} },
    });
    expect(t.server.built.realtime.stats()).toMatchObject({ subscriptions: before.subscriptions, keyChars: before.keyChars });
    await stream.close();
  });

  it('keeps nothing for what no visitor may read, and still answers 204 as PocketBase does', async () => {
    const before = t.server.built.realtime.stats();
    // The most a stream may post: 10 keys with options, then record keys, 100 in all.
    const most = (n: number) => [
      ...Array.from({ length: 10 }, (_, i) => `tasks/*?p=${n}-${i}`.padEnd(1000, 'x')),
      ...recordKeys(`v${n}`, 88),
      'users/*',
      'user_settings/*',
    ];
    const streams = await subscribedStreams(t.server, 20, most);
    expect(most(0).reduce((sum, key) => sum + key.length, 0)).toBeLessThanOrEqual(SUBSCRIPTION_BOUNDS.maxKeyChars);
    const after = t.server.built.realtime.stats();
    expect(after.streams).toBeGreaterThanOrEqual(20);
    expect(after).toMatchObject({ subscriptions: before.subscriptions, keyChars: before.keyChars, filterCost: before.filterCost });
    for (const stream of streams) await stream.close();
  });

  it('bounds what a signed-in stream may hold, each refusal saying which bound', async () => {
    const stream = await openStream(t.server.url);
    const post = (subscriptions: string[]) =>
      postSubscriptions(t.server.url, { clientId: stream.clientId, subscriptions }, t.staff.pb.authStore.token);
    const refusals: Array<[string[], string]> = [
      [recordKeys('k', 101), 'Too many live subscriptions (101; at most 100).'],
      [Array.from({ length: 7 }, (_, i) => `tasks/*?p=${i}`.padEnd(2500, 'x')), 'The live subscriptions are too long together'],
      [Array.from({ length: 11 }, (_, i) => `tasks/*?p=${i}`), 'Too many live subscriptions with options (11; at most 10).'],
      [[filtered('orderInfo ~ "a" || orderInfo ~ "b" || title ~ "c" || postcode ~ "d" || extras ~ "e" || trollies ~ "f"')], 'too costly'],
      [[filtered('orderInfo ~ title')], 'too costly'],
    ];
    for (const [keys, message] of refusals) {
      const answer = await post(keys);
      expect(answer.status, message).toBe(400);
      expect(answer.body?.message).toContain(message);
      expect(answer.body?.data).toHaveProperty('subscriptions');
    }
    const before = t.server.built.realtime.stats();
    const most = [
      'tasks/*',
      filtered('orderInfo ~ "ivy" || title ~ "ivy" || postcode ~ "ivy" || orderNumber ~ "ivy" || status = "loaded"'),
      ...Array.from({ length: 9 }, (_, i) => filtered(`weekNumber = ${i + 1}`)),
      ...recordKeys('s', 89),
    ];
    expect((await post(most)).status).toBe(204);
    const after = t.server.built.realtime.stats();
    expect(after.subscriptions - before.subscriptions).toBe(100);
    expect(after.keyChars - before.keyChars).toBeLessThanOrEqual(SUBSCRIPTION_BOUNDS.maxKeyChars);
    expect(after.filterCost - before.filterCost).toBe(4 * 100 + 1 + 9);
    await stream.close();
  });

  it('caps the filter cost of all streams together; unfiltered subscriptions are not affected', async () => {
    // Five searches cost 500, a stream's most; 100 such streams reach the instance's 50,000.
    const searches = (n: number) => [filtered(['a', 'b', 'c', 'd', 'e'].map((letter) => `orderInfo ~ "${letter}${n}"`).join(' || '))];
    const accounts = await Promise.all(Array.from({ length: 5 }, () => createAccount(t.server)));
    const streams: RawStream[] = [];
    for (const account of accounts) streams.push(...(await subscribedStreams(t.server, 20, searches, account.pb.authStore.token)));
    expect(t.server.built.realtime.stats().filterCost).toBe(50_000);

    const late = await openStream(t.server.url);
    const post = (subscriptions: string[]) =>
      postSubscriptions(t.server.url, { clientId: late.clientId, subscriptions }, t.staff.pb.authStore.token);
    const refused = await post(searches(999));
    expect(refused.status).toBe(503);
    expect(refused.body?.message).toMatch(/too many filtered live subscriptions/);
    expect((await post(['tasks/*'])).status).toBe(204);
    await streams.pop()?.close();
    await waitFor(() => (t.server.built.realtime.stats().filterCost < 50_000 ? true : undefined), 'a closed stream gives its filters back');
    expect((await post(searches(999))).status).toBe(204);
    for (const stream of [...streams, late]) await stream.close();
  });
});

describe('realtime fan-out', () => {
  const t = serverWithStaff();

  it('meets only the subscriptions of the changed collection and record, and decides each rule once per user', async () => {
    const first = await t.staff.pb.collection('tasks').create(order('Fan-out first'));
    // Loaded streams that may receive nothing: visitors (nothing stored) and an unverified user's
    // (stored: they receive once verified), each with the most a stream may hold.
    const most = (n: number) => [
      'tasks/*',
      ...Array.from({ length: 9 }, (_, i) => filtered(`weekNumber = ${i}`)),
      ...recordKeys(`f${n}`, 89),
      `tasks/${first.id}`,
    ];
    const unverified = await createAccount(t.server, { verified: false, nursery: t.staff.nursery });
    // And a member of another nursery: a change meets only its own nursery's streams (docs/decisions/036).
    const stranger = await createAccount(t.server);
    const streams = [
      ...(await subscribedStreams(t.server, 30, most)),
      ...(await subscribedStreams(t.server, 20, most, unverified.pb.authStore.token)),
      ...(await subscribedStreams(t.server, 15, most, stranger.pb.authStore.token)),
    ];
    // Other collections' and other records' subscriptions of a staff member are never met either.
    const witness = await listen(t.staff.pb, 'tasks', '*');
    await listen(t.staff.pb, 'tasks', 'zzzzzzzzzzzzzzz');
    await listen(t.staff.pb, 'user_settings', '*');
    const before = t.server.built.realtime.stats();
    expect(before.subscriptions).toBeGreaterThanOrEqual(20 * 100);

    const saved = await t.staff.pb.collection('tasks').create(order('Fan-out second'));
    await waitFor(() => witness.events.find((e) => e.record.id === saved.id), 'witness');
    const after = t.server.built.realtime.stats();
    // One change: the witness's `*` is the only subscription checked; the rule is decided once for
    // the staff member and once for the unverified user (whose 2,000 subscriptions are skipped),
    // never for the other nursery's member (whose 1,500 are not even looked at).
    expect(after.checked - before.checked).toBe(1);
    expect(after.ruleDecisions - before.ruleDecisions).toBe(2);
    for (const stream of streams) await stream.close();
    await t.staff.pb.realtime.unsubscribe();
  });
});

describe('realtime capacity and addresses', () => {
  const from = (address: string) => ({ 'X-Forwarded-For': address });
  // Behind a proxy, as a yard's installation may be: X-Forwarded-For names the client.
  const t = serverWithStaff({ trustProxy: true, realtimeMaxStreams: 40, realtimeMaxAnonymousPerAddress: 5 });

  /** Opens streams from `address` until the server refuses one. */
  async function openUntilRefused(address: string) {
    const streams: RawStream[] = [];
    for (let i = 0; i < 100; i++) {
      const opened = await tryOpenStream(t.server.url, from(address));
      if (!opened.stream) return { streams, refusal: opened.refusal };
      streams.push(opened.stream);
    }
    throw new Error(`${address} was never refused`);
  }

  /** A signed-in SDK client subscribing as the web app does, trying again as the SDK does when refused. */
  async function signedInSubscriber(): Promise<{ pb: PocketBase; events: RecordEvent[] }> {
    const pb = t.server.client();
    pb.authStore.save(t.staff.pb.authStore.token, t.staff.pb.authStore.record);
    const deadline = Date.now() + 10_000;
    for (;;) {
      try {
        const { events } = await listen(pb, 'tasks', '*');
        return { pb, events };
      } catch (error) {
        await pb.realtime.unsubscribe().catch(() => undefined);
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }

  it('refuses one address more streams waiting to sign in (429); other addresses and signed-in clients still connect', async () => {
    const attacker = await openUntilRefused('203.0.113.7');
    expect(attacker.streams).toHaveLength(5);
    expect(attacker.refusal).toMatchObject({
      status: 429,
      message: 'Too many live connections from your network are waiting to sign in (at most 5). Please try again in a minute.',
      data: {},
    });
    const neighbour = await tryOpenStream(t.server.url, from('203.0.113.8'));
    expect(neighbour.refusal).toBeNull();

    const tablet = await signedInSubscriber();
    const created = await t.staff.pb.collection('tasks').create(order('Still live'));
    await waitFor(() => tablet.events.find((e) => e.record.id === created.id), 'the tablet hears the save');
    for (const stream of [...attacker.streams, neighbour.stream]) await stream?.close();
    await tablet.pb.realtime.unsubscribe();
  });

  it('lets streams waiting to sign in take at most half the instance; a tablet still gets in, displacing the oldest', async () => {
    await waitFor(() => (t.server.built.realtime.stats().anonymousStreams === 0 ? true : undefined), 'the last test closed its streams');
    // Four addresses at once, each until refused: 20 streams waiting to sign in, half of the 40.
    const addresses = ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4'];
    const tries = await Promise.all(
      addresses.flatMap((address) => Array.from({ length: 6 }, () => tryOpenStream(t.server.url, from(address)))),
    );
    const crowd = tries.map((t) => t.stream).filter((stream): stream is RawStream => stream !== null);
    expect(crowd).toHaveLength(20);
    expect(tries.filter((t) => t.refusal?.status === 429)).toHaveLength(4);
    const full = await tryOpenStream(t.server.url, from('198.51.100.5'));
    expect(full.refusal).toMatchObject({ status: 503, message: expect.stringMatching(/too many live connections/i) });

    // The SDK tries again (the web app after a minute, a reconnecting tablet within 2 s): once the
    // oldest waiting stream has had its 2 s, it makes way.
    const tablet = await signedInSubscriber();
    await waitFor(() => (crowd.some((stream) => stream.ended()) ? true : undefined), 'the oldest waiting stream was ended');
    const created = await t.staff.pb.collection('tasks').create(order('Room for the tablet'));
    await waitFor(() => tablet.events.find((e) => e.record.id === created.id), 'the tablet hears the save');
    for (const stream of crowd) await stream.close();
    await tablet.pb.realtime.unsubscribe();
  });
});

describe('realtime streams that never sign in', () => {
  const t = serverWithStaff({ realtimeSignInSeconds: 1.5, realtimeMaxAnonymousPerAddress: 3 });

  it('ends a stream not signed in within the sign-in time, also after a visitor subscribe; a signed-in one stays', async () => {
    const silent = await openStream(t.server.url);
    const visitor = await openStream(t.server.url);
    expect((await postSubscriptions(t.server.url, { clientId: visitor.clientId, subscriptions: ['tasks/*'] })).status).toBe(204);
    const tablet = await listen(t.staff.pb, 'tasks', '*');
    await waitFor(() => (silent.ended() && visitor.ended() ? true : undefined), 'both streams ended', 5000);
    const created = await t.staff.pb.collection('tasks').create(order('After the sign-in time'));
    await waitFor(() => tablet.events.find((e) => e.record.id === created.id), 'the signed-in stream still hears saves');
    await t.staff.pb.realtime.unsubscribe();
  });

  it('counts streams by the connecting address when no proxy is trusted: X-Forwarded-For changes nothing', async () => {
    const streams: RawStream[] = [];
    for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3'])
      streams.push(await openStream(t.server.url, { 'X-Forwarded-For': address }));
    const fourth = await tryOpenStream(t.server.url, { 'X-Forwarded-For': '203.0.113.4' });
    expect(fourth.refusal?.status).toBe(429);
    for (const stream of streams) await stream.close();
  });
});
