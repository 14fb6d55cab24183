import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEDGER_API, type BookingPreview, type BookingResult } from '#domain/ledger/booking';
import type { OrderRecord } from '#domain/records';
import { runStopOf } from '#domain/trolleys/run-stop';
import { order } from '../../../tests/support/realtime-client';
import { createTeam, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';

// An order's counts through the SDK (docs/decisions/063-trolley-counts-as-numbers.md): `trollies`
// and `extras` stay the spec's free texts, and booking the order's run out takes its trolleys from
// `trollies` and its shelves and extensions from the "1S 2E" words of `extras`.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const preview = (account: TestAccount, run: string): Promise<BookingPreview> => account.pb.send(LEDGER_API.booking(run), { method: 'GET' });
const book = (account: TestAccount, run: string): Promise<BookingResult> =>
  account.pb.send(LEDGER_API.booking(run), { method: 'POST', body: {} });

/** A run with these orders as its stops, made from the orders as the mapper makes them. */
function savedRun(account: TestAccount, orders: OrderRecord[]) {
  return account.pb.collection('trolley_exports').create({
    name: 'Tuesday north',
    data: orders.map(runStopOf),
    vehicleInfo: { driver: 'Sam', reg: 'AB12 CDE', date: '2026-11-24', vehicleType: 'lorry', trolleyNumber: 12, grid: [] },
  });
}

describe('an order’s trolleys, shelves and extensions', () => {
  it('are booked out from "3" and "1S 2E" as 3, 1 and 2; a trollies text that is not a number books 0 trolleys', async () => {
    const { office } = await createTeam(server);
    const green = await office.pb.collection('customers').create({ name: 'Green Garden Centre' });
    const hill = await office.pb.collection('customers').create({ name: 'Hillside' });
    const counted = await office.pb
      .collection('tasks')
      .create<OrderRecord>(order('Green Garden Centre', { customer: green.id, trollies: '3', extras: '1S 2E' }));
    // The spec's free texts stay free: what an API client wrote is kept as written.
    const odd = await office.pb
      .collection('tasks')
      .create<OrderRecord>(order('Hillside', { customer: hill.id, trollies: 'abc', extras: 'keep dry 2e' }));
    expect([counted.trollies, counted.extras, odd.trollies, odd.extras]).toEqual(['3', '1S 2E', 'abc', 'keep dry 2e']);
    const run = await savedRun(office, [counted, odd]);

    expect((await preview(office, run.id)).stops).toEqual([
      expect.objectContaining({ stop: counted.id, trolleys: 3, shelves: 1, extensions: 2, problem: '' }),
      expect.objectContaining({ stop: odd.id, trolleys: 0, shelves: 0, extensions: 2, problem: '' }),
    ]);
    expect(await book(office, run.id)).toMatchObject({ booked: 2, skipped: 0 });
    const movements = await office.pb.collection('trolley_movements').getFullList({ sort: 'trolleys' });
    expect(movements).toEqual([
      expect.objectContaining({ customer: hill.id, kind: 'out', trolleys: 0, shelves: 0, extensions: 2, run: run.id, stop: odd.id }),
      expect.objectContaining({ customer: green.id, kind: 'out', trolleys: 3, shelves: 1, extensions: 2, run: run.id, stop: counted.id }),
    ]);
  });

  it('accept any text up to 100 characters, as the spec’s fields do', async () => {
    const { staff } = await createTeam(server);
    const long = 'x'.repeat(100);
    const saved = await staff.pb.collection('tasks').create<OrderRecord>(order('Anyone', { trollies: long, extras: long }));
    expect([saved.trollies, saved.extras]).toEqual([long, long]);
    const updated = await staff.pb.collection('tasks').update<OrderRecord>(saved.id, { trollies: '2T', extras: 'half a shelf' });
    expect([updated.trollies, updated.extras]).toEqual(['2T', 'half a shelf']);
  });
});
