import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVER_API, DRIVER_LINK_HEADER, holdingInWords, type DriverLinkView, type DriverRunAnswer } from '#domain/driver/driver-link';
import { LEDGER_API, type BalancesAnswer } from '#domain/ledger/ledger-api';
import { RUNS_API } from '#domain/runs/runs-api';
import { order as orderBody } from '../../../tests/support/realtime-client';
import { createTeam, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';

// The driver collects (docs/decisions/079): the driver's page shows what each drop's customer holds
// of ours apart from this run, and since when; the counts collected are booked as the customer's
// return, tied to the run and stop, with the drop; a count outside 0–999 records nothing.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** A run of two stops for one customer who was left 7 trolleys and 2 shelves on 3 Nov, then 1 trolley back on 10 Nov. */
async function runWithHistory(account: TestAccount, name: string) {
  const customer = await account.pb.collection('customers').create({ name: `${name} customer` });
  await account.pb
    .collection('trolley_movements')
    .create({ customer: customer.id, kind: 'out', date: '2026-11-03', trolleys: 8, shelves: 2 });
  await account.pb.collection('trolley_movements').create({ customer: customer.id, kind: 'in', date: '2026-11-10', trolleys: 1 });
  const fresh = await account.pb.collection('customers').create({ name: `${name} newcomer` });
  const orders = await Promise.all([
    account.pb.collection('tasks').create(orderBody(`${name} 1`, { customer: customer.id, trollies: '3' })),
    account.pb.collection('tasks').create(orderBody(`${name} 2`, { customer: fresh.id, trollies: '2' })),
    account.pb.collection('tasks').create(orderBody(`${name} 3`, { trollies: '1' })),
  ]);
  const run = await account.pb.collection('trolley_exports').create({
    name,
    data: orders.map((o) => ({ id: o.id, title: o.title, postcode: 'AB1 2CD', trollies: o.trollies, extras: '', orderNumber: '' })),
    vehicleInfo: { driver: 'Sam', reg: 'AB12 CDE', code: '', date: '2026-11-24', vehicleType: 'lorry', trolleyNumber: 8, grid: [] },
  });
  for (const state of ['loading', 'dispatched']) await account.pb.send(RUNS_API.state(run.id), { method: 'POST', body: { state } });
  const link = await account.pb.send<DriverLinkView>(DRIVER_API.runLinks(run.id), { method: 'POST' });
  return { run, orders, customer, fresh, secret: link.url.split('/d/')[1]! };
}

async function readRun(secret: string): Promise<DriverRunAnswer> {
  const response = await fetch(server.url + DRIVER_API.run, { headers: { [DRIVER_LINK_HEADER]: secret } });
  expect(response.status).toBe(200);
  return (await response.json()) as DriverRunAnswer;
}

async function send(secret: string, fields: Record<string, unknown>) {
  const response = await fetch(server.url + DRIVER_API.drops, {
    method: 'POST',
    headers: { [DRIVER_LINK_HEADER]: secret, 'content-type': 'application/json' },
    body: JSON.stringify(fields),
  });
  return { status: response.status, body: (await response.json()) as { message?: string; data?: Record<string, { message: string }> } };
}

async function trolleysHeld(account: TestAccount, customer: string): Promise<number> {
  const balances = await account.pb.send<BalancesAnswer>(LEDGER_API.balances, {});
  return balances.items.find((item) => item.customer === customer)?.trolleys ?? 0;
}

describe('the driver collects', () => {
  it("shows each drop's holding apart from this run, since its first day held; none for a stop without a customer", async () => {
    const { office } = await createTeam(server);
    const { orders, secret } = await runWithHistory(office, 'Holding run');
    const read = await readRun(secret);
    const [first, second, third] = read.stops;
    // What dispatch booked out on this run (3 trolleys) is what the driver leaves, not what to collect.
    expect(first).toMatchObject({
      stop: orders[0]!.id,
      leave: { trolleys: 3 },
      holds: { trolleys: 7, shelves: 2, extensions: 0, since: '2026-11-03' },
    });
    expect(holdingInWords(first!.holds!, 2026)).toBe('Has 7 trolleys, 2 shelves of ours since 3 Nov');
    expect(second?.holds).toEqual({ trolleys: 0, shelves: 0, extensions: 0, since: '' });
    expect(holdingInWords(second!.holds!, 2026)).toBe('Has nothing of ours');
    expect(third?.holds).toBeNull();

    // Collecting at the first drop does not change what the page says the customer had apart from this run.
    expect((await send(secret, { stop: orders[0]!.id, outcome: 'delivered', receivedBy: 'Pat', trolleysBack: 5 })).status).toBe(200);
    expect((await readRun(secret)).stops[0]?.holds).toMatchObject({ trolleys: 7, shelves: 2 });
  });

  it("books the counts collected as the customer's return with the drop, tied to the run and stop", async () => {
    const { office } = await createTeam(server);
    const { run, orders, customer, secret } = await runWithHistory(office, 'Collect run');
    expect(await trolleysHeld(office, customer.id)).toBe(10);
    const sent = await send(secret, { stop: orders[0]!.id, outcome: 'delivered', receivedBy: 'Pat', trolleysBack: 5, shelvesBack: 2 });
    expect(sent.status).toBe(200);
    expect(await trolleysHeld(office, customer.id)).toBe(5);
    const returns = await office.pb.collection('trolley_movements').getFullList({ filter: `kind = "in" && run = "${run.id}"` });
    expect(returns.map((m) => [m.customer, m.trolleys, m.shelves, m.extensions, m.stop, m.date])).toEqual([
      [customer.id, 5, 2, 0, orders[0]!.id, '2026-11-24'],
    ]);
  });

  it('refuses a count collected outside 0–999 with a sentence, recording neither the drop nor a return', async () => {
    const { office } = await createTeam(server);
    const { run, orders, customer, secret } = await runWithHistory(office, 'Bad counts run');
    for (const [field, value] of [
      ['trolleysBack', 1000],
      ['shelvesBack', -1],
      ['extensionsBack', 2.5],
      ['trolleysBack', 'five'],
    ] as const) {
      const refused = await send(secret, { stop: orders[0]!.id, outcome: 'delivered', receivedBy: 'Pat', [field]: value });
      expect(refused.status, `${field} = ${value}`).toBe(400);
      const message = refused.body.data?.[field]?.message ?? '';
      // A sentence a person understands: it names the count's limits, and ends with a full stop.
      expect(message, `${field} = ${value}`).toMatch(/^[A-Z].*\.$/);
    }
    expect(await office.pb.collection('run_drops').getFullList({ filter: `run = "${run.id}"` })).toEqual([]);
    expect(await office.pb.collection('trolley_movements').getFullList({ filter: `kind = "in" && run = "${run.id}"` })).toEqual([]);
    expect(await trolleysHeld(office, customer.id)).toBe(10);
  });
});
