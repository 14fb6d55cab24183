import pg from 'pg';
import type { RecordModel, RecordSubscription } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, failure, startTestServer, TEST_DELETE_PASSWORD, type TestServer } from '../../../tests/support/server';
import { PostgresEventBus } from './postgres-event-bus';
import { FUTURE_YEAR } from '../../../tests/support/open-weeks';
import { waitFor } from '../../../tests/support/realtime-client';

// Two instances of the server on one PostgreSQL schema, as behind a load balancer (docs/decisions/028): tokens,
// realtime and throttles must not depend on which instance answers. Runs in the PostgreSQL pass
// (`bash scripts/with-postgres.sh npx vitest run ...`).

const DELETE = { headers: { 'X-Confirm-Password': TEST_DELETE_PASSWORD } };
const order = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  day: 'friday',
  customerType: 'wholesale',
  other: 'none',
  weekNumber: 20,
  year: FUTURE_YEAR,
  ...extra,
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer({ trustProxy: true });
    // Same schema, same secrets: a second instance of the same installation.
    b = await startTestServer({ trustProxy: true, databaseUrl: a.config.databaseUrl });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('accepts on B a token issued by A', async () => {
    const account = await createAccount(a);
    const onB = b.client();
    onB.authStore.save(account.pb.authStore.token, account.pb.authStore.record);
    await expect(onB.collection('tasks').getList(1, 1)).resolves.toMatchObject({ page: 1 });
    await expect(onB.collection('users').authRefresh()).resolves.toMatchObject({ record: { id: account.id } });
  });

  it('delivers a change made through A to an SDK subscriber on B within 2 s', async () => {
    const writer = await createAccount(a);
    const reader = await createAccount(a, { nursery: writer.nursery });
    const onB = b.client();
    onB.authStore.save(reader.pb.authStore.token, reader.pb.authStore.record);
    const events: Array<RecordSubscription<RecordModel>> = [];
    await onB.collection('tasks').subscribe('*', (e) => events.push(e));

    const created = await writer.pb.collection('tasks').create(order('Across instances'));
    expect(await waitFor(() => events.find((e) => e.action === 'create'), 'create on B')).toMatchObject({
      record: { id: created.id, title: 'Across instances' },
    });
    await writer.pb.collection('tasks').update(created.id, { status: 'loaded' });
    expect(await waitFor(() => events.find((e) => e.action === 'update'), 'update on B')).toMatchObject({
      record: { id: created.id, status: 'loaded' },
    });
    await writer.pb.collection('tasks').delete(created.id, DELETE);
    expect(await waitFor(() => events.find((e) => e.action === 'delete'), 'delete on B')).toMatchObject({
      record: { id: created.id, title: 'Across instances' },
    });
    // A deleted record too big for a NOTIFY payload travels through the outbox.
    const big = await writer.pb.collection('tasks').create(order('Big one', { orderInfo: 'é'.repeat(4900) }));
    await writer.pb.collection('tasks').delete(big.id, DELETE);
    expect(await waitFor(() => events.find((e) => e.action === 'delete' && e.record.id === big.id), 'big delete on B')).toMatchObject({
      record: { orderInfo: 'é'.repeat(4900) },
    });
    // Exactly once each: A's own NOTIFY is not delivered twice.
    expect(events.map((e) => e.action)).toEqual(['create', 'update', 'delete', 'create', 'delete']);
    await onB.realtime.unsubscribe();
  });

  it('holds on B a login throttle tripped on A', async () => {
    const victim = await createAccount(a);
    const from = { headers: { 'X-Forwarded-For': '203.0.113.77' } };
    for (let i = 0; i < 10; i++)
      expect((await failure(a.client().collection('users').authWithPassword(victim.username, `wrong-${i}-password`, from))).status).toBe(
        400,
      );
    const onB = await failure(b.client().collection('users').authWithPassword(victim.username, victim.password, from));
    expect(onB.status).toBe(429);
  });

  it('after losing its listening connection, B reconnects and makes clients refetch, then delivers again', async () => {
    const writer = await createAccount(a);
    const onB = b.client();
    onB.authStore.save(writer.pb.authStore.token, writer.pb.authStore.record);
    const events: Array<RecordSubscription<RecordModel>> = [];
    await onB.collection('tasks').subscribe('*', (e) => events.push(e));
    let connects = 0;
    await onB.realtime.subscribe('PB_CONNECT', () => connects++);

    const bus = b.built.bus as PostgresEventBus;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query('SELECT pg_terminate_backend($1)', [bus.listenerPid]);
    await admin.end();

    // The stream was ended after the reconnect: the SDK connected again (and the web app refetches then).
    await waitFor(() => (connects > 0 && onB.realtime.isConnected ? true : undefined), 'SDK reconnect', 8000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const created = await writer.pb.collection('tasks').create(order('After the gap'));
    await waitFor(() => events.find((e) => e.record.id === created.id), 'event after the gap');
    await onB.realtime.unsubscribe();
  });

  it('after a bulk write (an import) on A, B makes its clients refetch once and its cached lists show the records', async () => {
    const writer = await createAccount(a);
    const onB = b.client();
    onB.authStore.save(writer.pb.authStore.token, writer.pb.authStore.record);
    const bulk = { filter: 'title ~ "Bulk across "', requestKey: null };
    // Read (and cached) on B before the bulk write.
    expect((await onB.collection('tasks').getList(1, 1, bulk)).totalItems).toBe(0);
    const events: Array<RecordSubscription<RecordModel>> = [];
    await onB.collection('tasks').subscribe('*', (e) => events.push(e));
    let connects = 0;
    await onB.realtime.subscribe('PB_CONNECT', () => connects++);
    const before = connects;

    await a.built.records.systemBatch(async (batch) => {
      await batch.insertMany(
        'tasks',
        Array.from({ length: 50 }, (_, i) => ({ ...order(`Bulk across ${i}`), nursery: writer.nursery })),
      );
    });
    // One NOTIFY for the whole write: B ended its streams, the SDK connected again.
    await waitFor(() => (connects > before && onB.realtime.isConnected ? true : undefined), 'SDK reconnect after the bulk write', 8000);
    expect((await onB.collection('tasks').getList(1, 1, bulk)).totalItems).toBe(50);
    expect(events).toEqual([]);
    await onB.realtime.unsubscribe();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances share every throttle', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer({ trustProxy: true, authRateLimitPerMinute: 4, signupRateLimitPerHour: 2 });
    b = await startTestServer({
      trustProxy: true,
      authRateLimitPerMinute: 4,
      signupRateLimitPerHour: 2,
      databaseUrl: a.config.databaseUrl,
    });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const from = (address: string) => ({ headers: { 'X-Forwarded-For': address } });

  it('counts sign-ups, deletion-password guesses and auth requests of one address across instances', async () => {
    const signUp = (server: TestServer, name: string) =>
      server
        .client()
        .collection('users')
        .create(
          {
            username: name,
            email: `${name}@nursery.test`,
            password: 'green-house-42',
            passwordConfirm: 'green-house-42',
            termsAgreement: { agreed: true, version: 'v1.0', timestamp: new Date().toISOString() },
          },
          from('198.51.100.50'),
        );
    await signUp(a, 'shared1');
    await signUp(b, 'shared2');
    expect((await failure(signUp(a, 'shared3'))).status).toBe(429);

    const staff = await createAccount(a);
    const task = await staff.pb.collection('tasks').create(order('Guarded'));
    const onB = b.client();
    onB.authStore.save(staff.pb.authStore.token, staff.pb.authStore.record);
    const guess = (pb: typeof onB, i: number) =>
      failure(
        pb.collection('tasks').delete(task.id, { headers: { 'X-Confirm-Password': `guess-${i}`, ...from('198.51.100.51').headers } }),
      );
    for (let i = 0; i < 5; i++) expect((await guess(i % 2 === 0 ? staff.pb : onB, i)).status).toBe(403);
    expect((await guess(onB, 5)).status).toBe(429);

    const reset = (server: TestServer) =>
      server
        .client()
        .collection('users')
        .requestPasswordReset('nobody@nursery.test', from('198.51.100.52'))
        .then(
          () => 204,
          (e: { status: number }) => e.status,
        );
    expect([await reset(a), await reset(b), await reset(a), await reset(b), await reset(a)]).toEqual([204, 204, 204, 204, 429]);
  });

  it('counts wrong current passwords of one account and address across instances, as sign-ins', async () => {
    const account = await createAccount(a);
    const change = (server: TestServer, oldPassword: string) => {
      const pb = server.client();
      pb.authStore.save(account.pb.authStore.token, account.pb.authStore.record);
      return pb
        .collection('users')
        .update(
          account.id,
          { oldPassword, password: 'fresh-green-house-9', passwordConfirm: 'fresh-green-house-9' },
          from('198.51.100.53'),
        );
    };
    for (let i = 0; i < 10; i++) expect((await failure(change(i % 2 === 0 ? a : b, `guess-${i}-password`))).status).toBe(400);
    expect((await failure(change(b, account.password))).status).toBe(429);
    expect((await failure(change(a, account.password))).status).toBe(429);
  });
});
