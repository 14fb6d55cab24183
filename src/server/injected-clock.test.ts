import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, failure, startTestServer, type TestServer } from '../../tests/support/server';
import { listen, order, waitFor } from '../../tests/support/realtime-client';

// Time comes from the server's clock (buildApp's `now`), not from each part's own Date.now():
// the throttles' windows and the realtime broker's check of a sign-in's expiry follow it.

describe("the server's clock", () => {
  let server: TestServer;
  let clock = new Date();
  beforeAll(async () => {
    server = await startTestServer({}, { now: () => clock });
  });
  afterAll(async () => {
    clock = new Date();
    await server.close();
  });

  it('ends a login lock when the clock has passed its 15 minutes', async () => {
    const account = await createAccount(server);
    const pb = server.client();
    for (let attempt = 0; attempt < 10; attempt++)
      await failure(pb.collection('users').authWithPassword(account.username, `wrong-${attempt}-guess`));
    expect((await failure(pb.collection('users').authWithPassword(account.username, account.password))).status).toBe(429);
    clock = new Date(clock.getTime() + 16 * 60 * 1000);
    await expect(pb.collection('users').authWithPassword(account.username, account.password)).resolves.toMatchObject({
      record: { id: account.id },
    });
  });

  it('stops live events to a stream whose sign-in has expired by the clock, and only while it has', async () => {
    clock = new Date();
    const writer = await createAccount(server);
    const reader = await createAccount(server, { nursery: writer.nursery });
    const live = await listen(reader.pb, 'tasks', '*');
    const decided = () => server.built.realtime.stats().ruleDecisions;

    const first = await writer.pb.collection('tasks').create(order('Before the clock jumps'));
    await waitFor(() => live.events.find((e) => e.record.id === first.id), 'the first order');

    // Past the token's expiry (tokens last an hour in tests): the stream is a visitor's now.
    clock = new Date(Date.now() + 2 * 3600 * 1000);
    const before = decided();
    const unseen = await writer.pb.collection('tasks').create(order('While expired'));
    await waitFor(() => (decided() > before ? true : undefined), 'the broker decided the expired stream');
    clock = new Date();

    const last = await writer.pb.collection('tasks').create(order('Clock back'));
    await waitFor(() => live.events.find((e) => e.record.id === last.id), 'the last order');
    expect(live.events.map((e) => e.record.id)).not.toContain(unseen.id);
    await live.unsubscribe();
  });
});
