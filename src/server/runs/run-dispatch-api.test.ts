import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEDGER_API, type BookingPreview, type BookingResult } from '#domain/ledger/booking';
import { RUNS_API } from '#domain/runs/runs-api';
import { order } from '../../../tests/support/realtime-client';
import { createTeam, failure, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';
import { newRecordId } from '../records/ids';

// Dispatch books every stop (docs/decisions/064) through the SDK: the move's answer names what
// went out to whom and which stops booked nothing and why, never a booking that did not happen;
// the preview offers an unlinked stop's close matches and, once its order is linked, dispatch books
// it; the run keeps what was booked; a cancelled run's plan is fixed like a dispatched one's.
// (Dispatch pressed twice or by two people at once: run-lifecycle-api.test.ts.)

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

interface MoveAnswer {
  run: { id: string; state: string };
  booking: BookingResult | null;
}

const move = (account: TestAccount, run: string, state: string): Promise<MoveAnswer> =>
  account.pb.send(RUNS_API.state(run), { method: 'POST', body: { state } });
const preview = (account: TestAccount, run: string): Promise<BookingPreview> => account.pb.send(LEDGER_API.booking(run), { method: 'GET' });
const outMovements = async (account: TestAccount, run: string) =>
  account.pb.collection('trolley_movements').getFullList({ filter: `run = "${run}" && kind = "out"` });
const VEHICLE = { driver: 'Sam', reg: 'AB12 CDE', date: '2026-11-24', vehicleType: 'lorry', trolleyNumber: 12, grid: [] };

/** A saved run of `stops` in a nursery. */
async function savedRun(account: TestAccount, stops: Array<{ id: string; title: string; postcode?: string; trollies: string }>) {
  const run = await account.pb.collection('trolley_exports').create({
    name: `Run ${newRecordId()}`,
    data: stops.map((stop) => ({ postcode: '', extras: '', orderNumber: '', ...stop })),
    vehicleInfo: VEHICLE,
  });
  return run.id;
}

describe('dispatch books every stop', () => {
  let team: Awaited<ReturnType<typeof createTeam>>;
  beforeAll(async () => {
    // One team for the file: signing in is throttled per address.
    team = await createTeam(server);
  });

  it('answers with what went out to whom, and names the stops that booked nothing and why', async () => {
    const { office } = team;
    const green = await office.pb.collection('customers').create({ name: 'Green Garden Centre' });
    const oak = await office.pb.collection('customers').create({ name: 'Oak Nurseries' });
    const greenOrder = await office.pb.collection('tasks').create(order('Green Garden Centre', { customer: green.id, trollies: '3' }));
    const oakOrder = await office.pb.collection('tasks').create(order('Oak Nurseries', { customer: oak.id, trollies: '2' }));
    const run = await savedRun(office, [
      { id: greenOrder.id, title: 'Green Garden Centre', trollies: '3' },
      { id: oakOrder.id, title: 'Oak Nurseries', trollies: '2' },
      { id: '', title: 'Hand-written stop', trollies: '1' },
    ]);
    await move(office, run, 'loading');
    const { booking } = await move(office, run, 'dispatched');
    expect(booking?.stops).toEqual([
      { stop: greenOrder.id, name: 'Green Garden Centre', outcome: 'booked', trolleys: 3, shelves: 0, extensions: 0 },
      { stop: oakOrder.id, name: 'Oak Nurseries', outcome: 'booked', trolleys: 2, shelves: 0, extensions: 0 },
      { stop: '#3', name: 'Hand-written stop', outcome: 'no-customer', trolleys: 0, shelves: 0, extensions: 0 },
    ]);
    expect(booking?.message).toBe(
      'Booked 2 stops out: Green Garden Centre (3 trolleys), Oak Nurseries (2 trolleys). 1 stop booked nothing: Hand-written stop (no customer).',
    );
    // The run keeps what was booked: its preview shows each stop's movement, even after the order's count changed.
    await office.pb.collection('tasks').update(greenOrder.id, { trollies: '9' });
    const seen = await preview(office, run);
    expect(seen.stops.map((stop) => [stop.customer, stop.booked, stop.trolleys])).toEqual([
      [green.id, true, 3],
      [oak.id, true, 2],
      ['', false, 1],
    ]);
    // Pressed again: the run has moved, nothing more is booked.
    expect((await move(office, run, 'dispatched')).booking).toBeNull();
    expect(await outMovements(office, run)).toHaveLength(2);
  });

  it('says nothing was booked when nothing was, and books nothing', async () => {
    const { office } = team;
    const unlinked = await office.pb.collection('tasks').create(order('Nobody Yet', { trollies: '4' }));
    const run = await savedRun(office, [{ id: unlinked.id, title: 'Nobody Yet', trollies: '4' }]);
    await move(office, run, 'loading');
    const { run: moved, booking } = await move(office, run, 'dispatched');
    expect(moved.state).toBe('dispatched');
    expect(booking).toMatchObject({ booked: 0, alreadyBooked: 0, skipped: 1 });
    expect(booking?.message).toBe('Nothing booked: Nobody Yet (no customer).');
    expect(await outMovements(office, run)).toEqual([]);
  });

  it("offers an unlinked stop's close matches; once its order is linked, dispatch books it", async () => {
    const { office, staff } = team;
    const hillside = await office.pb.collection('customers').create({ name: 'Hillside Garden Centre Ltd', postcode: 'GL7 1AB' });
    await office.pb.collection('customers').create({ name: 'Hillside Nursery', postcode: 'GL7 1AB' });
    const unlinked = await office.pb
      .collection('tasks')
      .create(order('hillside garden centre', { trollies: '3', customerType: 'wholesale' }));
    const run = await savedRun(office, [{ id: unlinked.id, title: 'hillside garden centre', postcode: 'GL7 1AB', trollies: '3' }]);
    const [before] = (await preview(office, run)).stops;
    expect(before).toMatchObject({
      order: unlinked.id,
      customer: '',
      customerType: 'wholesale',
      closeMatches: [{ id: hillside.id, name: 'Hillside Garden Centre Ltd', postcode: 'GL7 1AB' }],
      problem: expect.stringMatching(/not linked to a customer/),
    });
    // Staff may link an order to its customer (the order's own field).
    await staff.pb.collection('tasks').update(unlinked.id, { customer: hillside.id });
    expect((await preview(office, run)).stops[0]).toMatchObject({ customer: hillside.id, problem: '', closeMatches: [] });
    await move(office, run, 'loading');
    const { booking } = await move(office, run, 'dispatched');
    expect(booking?.message).toBe('Booked 1 stop out: Hillside Garden Centre Ltd (3 trolleys).');
    expect((await outMovements(office, run)).map((movement) => [movement.customer, movement.trolleys])).toEqual([[hillside.id, 3]]);
  });

  it("a cancelled run's stops and load stay as they were: refused in a sentence, nothing written", async () => {
    const { office } = team;
    const run = await savedRun(office, [{ id: '', title: 'Hand-written stop', trollies: '1' }]);
    await move(office, run, 'cancelled');
    const before = await office.pb.collection('trolley_exports').getOne(run);
    const resized = await failure(
      office.pb.collection('trolley_exports').update(run, { vehicleInfo: { ...before.vehicleInfo, trolleyNumber: 8, grid: [] } }),
    );
    expect(resized.status).toBe(400);
    expect(resized.response.data.vehicleInfo.message).toMatch(/cancelled, so its stops and load can no longer be changed/);
    const emptied = await failure(office.pb.collection('trolley_exports').update(run, { data: [] }));
    expect(emptied.response.data.data.code).toBe('validation_run_dispatched');
    expect(await office.pb.collection('trolley_exports').getOne(run)).toEqual(before);
  });
});
