import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVER_API, DRIVER_LINK_HEADER, type DriverDrop, type DriverLinkView, type DriverRunAnswer } from '#domain/driver/driver-link';
import { RUNS_API } from '#domain/runs/runs-api';
import { order as orderBody } from '../../../tests/support/realtime-client';
import { createTeam, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';

// Recording drops through a driver's link (docs/decisions/044): only the link's own run's stops,
// through the drops write path (ledger returns, once per clientId), with the signature and photo
// (signature and photo: once files are merged).

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function dispatchedRun(account: TestAccount, name: string) {
  const customer = await account.pb.collection('customers').create({ name: `${name} customer` });
  const orders = await Promise.all(
    [1, 2].map((i) => account.pb.collection('tasks').create(orderBody(`${name} ${i}`, { customer: customer.id, trollies: String(i + 1) }))),
  );
  const run = await account.pb.collection('trolley_exports').create({
    name,
    data: orders.map((o) => ({ id: o.id, title: o.title, postcode: 'AB1 2CD', trollies: o.trollies, extras: '', orderNumber: '' })),
    vehicleInfo: { driver: 'Sam', reg: 'AB12 CDE', code: '', date: '2026-11-24', vehicleType: 'lorry', trolleyNumber: 8, grid: [] },
  });
  for (const state of ['loading', 'dispatched']) await account.pb.send(RUNS_API.state(run.id), { method: 'POST', body: { state } });
  const link = await account.pb.send<DriverLinkView>(DRIVER_API.runLinks(run.id), { method: 'POST' });
  return { run, orders, customer, link, secret: link.url.split('/d/')[1]! };
}

async function send(secret: string, fields: Record<string, string>, files: Record<string, Blob> = {}) {
  if (Object.keys(files).length === 0) {
    const response = await fetch(server.url + DRIVER_API.drops, {
      method: 'POST',
      headers: { [DRIVER_LINK_HEADER]: secret, 'content-type': 'application/json' },
      body: JSON.stringify(fields),
    });
    return { status: response.status, body: (await response.json()) as Answer };
  }
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  for (const [key, value] of Object.entries(files)) form.set(key, value, key === 'signature' ? 'signature.png' : 'photo.jpg');
  const response = await fetch(server.url + DRIVER_API.drops, { method: 'POST', headers: { [DRIVER_LINK_HEADER]: secret }, body: form });
  return { status: response.status, body: (await response.json()) as Answer };
}

type Answer = DriverDrop & {
  message?: string;
  data?: Record<string, { message: string }>;
  run?: string;
  link?: string;
  recordedBy?: string;
};

describe("recording drops through a driver's link", () => {
  it('records a drop of its run through the write path, books the returns, and a retry records nothing more', async () => {
    const { office } = await createTeam(server);
    const { run, orders, customer, link, secret } = await dispatchedRun(office, 'Link run');
    const fields = {
      stop: orders[0]!.id,
      outcome: 'delivered',
      receivedBy: 'Pat',
      trolleysBack: '2',
      recordedAt: '2026-11-24T09:15:00Z',
      clientId: 'phone-drop-1',
    };
    const first = await send(secret, fields);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ stop: orders[0]!.id, receivedBy: 'Pat', trolleysBack: 2, clientId: 'phone-drop-1' });
    const again = await send(secret, fields);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);

    // As the office sees it: recorded through the link, by no user.
    const stored = await office.pb.collection('run_drops').getFullList();
    expect(stored.map((drop) => [drop.id, drop.run, drop.link, drop.recordedBy])).toEqual([[first.body.id, run.id, link.id, '']]);
    const returns = await office.pb.collection('trolley_movements').getFullList({ filter: `kind = "in" && customer = "${customer.id}"` });
    expect(returns.map((m) => [m.trolleys, m.run, m.stop])).toEqual([[2, run.id, orders[0]!.id]]);

    const read = (await (
      await fetch(server.url + DRIVER_API.run, { headers: { [DRIVER_LINK_HEADER]: secret } })
    ).json()) as DriverRunAnswer;
    expect(read.run.state).toBe('dispatched');
    expect(read.drops.map((drop) => [drop.stop, drop.receivedBy, drop.trolleysBack])).toEqual([[orders[0]!.id, 'Pat', 2]]);

    // The last drop delivers the run, as the link.
    const last = await send(secret, { stop: orders[1]!.id, outcome: 'not_delivered', reason: 'Closed', clientId: 'phone-drop-2' });
    expect(last.status).toBe(200);
    expect((await office.pb.collection('trolley_exports').getOne(run.id)).state).toBe('delivered');
  });

  it("refuses another run's stops, another nursery's, naming another run, and a revoked link", async () => {
    const { office } = await createTeam(server);
    const mine = await dispatchedRun(office, 'Mine');
    const sibling = await dispatchedRun(office, 'Sibling');
    const other = await createTeam(server);
    const theirs = await dispatchedRun(other.office, 'Theirs');

    for (const stop of [sibling.orders[0]!.id, theirs.orders[0]!.id]) {
      const refused = await send(mine.secret, { stop, outcome: 'delivered', receivedBy: 'Pat' });
      expect(refused.status).toBe(400);
      expect(refused.body.data?.stop?.message).toMatch(/This run has no such stop/);
    }
    const namingRun = await send(mine.secret, {
      run: sibling.run.id,
      stop: sibling.orders[0]!.id,
      outcome: 'delivered',
      receivedBy: 'Pat',
    });
    expect(namingRun.status).toBe(400);
    expect(await office.pb.collection('run_drops').getFullList()).toEqual([]);
    expect(await other.office.pb.collection('run_drops').getFullList()).toEqual([]);

    await office.pb.send(DRIVER_API.revoke(mine.link.id), { method: 'POST' });
    const revoked = await send(mine.secret, { stop: mine.orders[0]!.id, outcome: 'not_delivered', reason: 'Closed' });
    expect(revoked.status).toBe(403);
    expect(revoked.body.message).toMatch(/cancelled by the office/);
  });
});
