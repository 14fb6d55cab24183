import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVER_API, DRIVER_LINK_HEADER, type DriverDrop, type DriverLinkView, type DriverRunAnswer } from '#domain/driver/driver-link';
import { RUNS_API } from '#domain/runs/runs-api';
import { order as orderBody } from '../../../tests/support/realtime-client';
import { createTeam, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';

// Recording drops through a driver's link (docs/decisions/044): only the link's own run's stops,
// through the drops write path (ledger returns, once per clientId), with the signature and photo
// with the signature and photo as protected files of the drop.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

// The smallest PNG (1x1) and a JPEG's first bytes: enough for the type read from the bytes.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);

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

  it('stores the signature and photo on the drop, protected, once; a signature that is no PNG records nothing', async () => {
    const { office } = await createTeam(server);
    const { orders, secret } = await dispatchedRun(office, 'Files run');
    const fields = { stop: orders[0]!.id, outcome: 'delivered', receivedBy: 'Pat', trolleysBack: '1', clientId: 'phone-files-1' };
    const notPng = await send(secret, fields, { signature: new Blob([JPEG], { type: 'image/png' }) });
    expect(notPng.status).toBe(400);
    expect(notPng.body.data?.signature?.message).toMatch(/must be a PNG/);
    expect(await office.pb.collection('run_drops').getFullList()).toEqual([]);

    const files = { signature: new Blob([PNG], { type: 'image/png' }), photo: new Blob([JPEG], { type: 'image/jpeg' }) };
    const first = await send(secret, fields, files);
    expect(first.status).toBe(200);
    expect(first.body.signature).toMatch(/\.png$/);
    expect(first.body.photo).toMatch(/\.jpg$/);
    const again = await send(secret, fields, files);
    expect(again.body).toMatchObject({ id: first.body.id, signature: first.body.signature, photo: first.body.photo });

    // Protected: the office reads them with a file token; without one, or as another nursery, nothing.
    const url = (name: string, token = '') => `${server.url}/api/files/run_drops/${first.body.id}/${name}${token ? `?token=${token}` : ''}`;
    expect((await fetch(url(first.body.signature))).status).toBe(404);
    const signature = await fetch(url(first.body.signature, await office.pb.files.getToken()));
    expect(signature.status).toBe(200);
    expect(Buffer.from(await signature.arrayBuffer())).toEqual(PNG);
    const other = await createTeam(server);
    expect((await fetch(url(first.body.photo, await other.office.pb.files.getToken()))).status).toBe(404);
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

  it('cannot add to a drop someone else recorded: their client ids are not shown, and one reused is refused', async () => {
    const { office } = await createTeam(server);
    const { run, orders, secret } = await dispatchedRun(office, 'Forged run');
    // The office records the first stop as not delivered, with a client id of its own.
    const recorded = await office.pb.send<DriverDrop>(RUNS_API.drops(run.id), {
      method: 'POST',
      body: { stop: orders[0]!.id, outcome: 'not_delivered', reason: 'Closed', clientId: 'office-drop-1' },
    });
    const read = (await (
      await fetch(server.url + DRIVER_API.run, { headers: { [DRIVER_LINK_HEADER]: secret } })
    ).json()) as DriverRunAnswer;
    expect(read.drops.map((drop) => [drop.stop, drop.outcome, drop.clientId])).toEqual([[orders[0]!.id, 'not_delivered', '']]);
    expect(JSON.stringify(read)).not.toContain('office-drop-1');

    const files = { signature: new Blob([PNG], { type: 'image/png' }), photo: new Blob([JPEG], { type: 'image/jpeg' }) };
    const forged = await send(secret, { stop: orders[0]!.id, outcome: 'delivered', receivedBy: 'Pat', clientId: 'office-drop-1' }, files);
    expect(forged.status).toBe(400);
    expect(forged.body.data?.clientId?.message).toBe('This client id was sent with another drop. Send a new one.');
    const stored = await office.pb.collection('run_drops').getOne(recorded.id);
    expect(stored).toMatchObject({ outcome: 'not_delivered', reason: 'Closed', signature: '', photo: '', link: '' });

    // Another link of the same run cannot reuse this link's client id either.
    const mine = await send(secret, { stop: orders[1]!.id, outcome: 'delivered', receivedBy: 'Pat', clientId: 'link-drop-1' });
    expect(mine.status).toBe(200);
    const second = await office.pb.send<DriverLinkView>(DRIVER_API.runLinks(run.id), { method: 'POST' });
    const other = await send(
      second.url.split('/d/')[1]!,
      { stop: orders[1]!.id, outcome: 'delivered', receivedBy: 'Pat', clientId: 'link-drop-1' },
      files,
    );
    expect(other.status).toBe(400);
    expect((await office.pb.collection('run_drops').getOne(mine.body.id)).signature).toBe('');
    // The link that sent it still gets its own drop back on a resend.
    expect((await send(secret, { stop: orders[1]!.id, outcome: 'delivered', receivedBy: 'Pat', clientId: 'link-drop-1' })).body.id).toBe(
      mine.body.id,
    );
  });
});
