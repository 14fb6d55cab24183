import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEDGER_API, type BalancesAnswer } from '#domain/ledger/booking';
import { RUNS_API, type DeliveredMarksAnswer } from '#domain/runs/runs-api';
import { FUTURE_YEAR } from '../../../tests/support/open-weeks';
import { order } from '../../../tests/support/realtime-client';
import { createTeam, failure, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';
import { newRecordId } from '../records/ids';

// A run's life and its drops through the SDK (docs/decisions/042): who may make each step, that
// dispatch books the run out once however often it is pressed, that drops are recorded only on a
// dispatched run, once per stop (a retried send answers the drop written), that the counts back
// reach the ledger and the last drop delivers the run, and that another nursery sees and records
// nothing.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

interface MoveAnswer {
  run: { id: string; state: string; stateLog: Array<{ state: string; at: string; by: string; name: string }> };
  booking: { booked: number; alreadyBooked: number; skipped: number } | null;
}

const move = (account: TestAccount, run: string, state: string): Promise<MoveAnswer> =>
  account.pb.send(RUNS_API.state(run), { method: 'POST', body: { state } });
const drop = (account: TestAccount, run: string, body: Record<string, unknown>): Promise<Record<string, unknown> & { id: string }> =>
  account.pb.send(RUNS_API.drops(run), { method: 'POST', body });
const balances = (account: TestAccount): Promise<BalancesAnswer> => account.pb.send(LEDGER_API.balances, { method: 'GET' });
const outMovements = async (account: TestAccount, run: string, kind: 'out' | 'in') =>
  account.pb.collection('trolley_movements').getFullList({ filter: `run = "${run}" && kind = "${kind}"` });

/** A nursery with two customers, their orders, and a saved run of them (and a stop without an order). */
async function nurseryWithRun() {
  const team = await createTeam(server);
  const { office } = team;
  const green = await office.pb.collection('customers').create({ name: 'Green Garden Centre' });
  const oak = await office.pb.collection('customers').create({ name: 'Oak Nurseries' });
  const greenOrder = await office.pb.collection('tasks').create(order('Green Garden Centre', { customer: green.id, trollies: '3' }));
  const oakOrder = await office.pb.collection('tasks').create(order('Oak Nurseries', { customer: oak.id, trollies: '2' }));
  const run = await office.pb.collection('trolley_exports').create({
    name: `Run ${newRecordId()}`,
    data: [
      { id: greenOrder.id, title: 'Green Garden Centre', postcode: 'AB1 2CD', trollies: '3', extras: '', orderNumber: '101' },
      { id: oakOrder.id, title: 'Oak Nurseries', postcode: 'EF3 4GH', trollies: '2', extras: '', orderNumber: '102' },
      { id: '', title: 'Hand-written stop', postcode: '', trollies: '1', extras: '', orderNumber: '' },
    ],
    vehicleInfo: { driver: 'Sam', reg: 'AB12 CDE', date: '2026-11-24', vehicleType: 'lorry', trolleyNumber: 12, grid: [] },
  });
  return { ...team, run: run.id, green: green.id, oak: oak.id, stops: [greenOrder.id, oakOrder.id, '#3'] as const };
}

describe('run states', () => {
  it('move new → loading → dispatched → delivered, each step with who and when, and only as the roles allow', async () => {
    const { office, staff, viewer, run } = await nurseryWithRun();
    expect(await office.pb.collection('trolley_exports').getOne(run)).toMatchObject({ state: 'new', stateLog: [] });

    const viewerRefused = await failure(move(viewer, run, 'loading'));
    expect(viewerRefused.status).toBe(403);
    expect(viewerRefused.message).toMatch(/Viewers can look but not change runs/);
    expect((await failure(move(office, run, 'dispatched'))).message).toMatch(/start loading first/);

    const loading = await move(staff, run, 'loading');
    expect(loading.run.state).toBe('loading');
    expect(loading.run.stateLog).toEqual([
      { state: 'loading', at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), by: staff.id, name: expect.any(String) },
    ]);

    const staffDispatch = await failure(move(staff, run, 'dispatched'));
    expect(staffDispatch.status).toBe(403);
    expect(staffDispatch.message).toMatch(/Only office staff and admins can dispatch/);

    const dispatched = await move(office, run, 'dispatched');
    expect(dispatched.run.state).toBe('dispatched');
    expect(dispatched.run.stateLog.map((step) => [step.state, step.by])).toEqual([
      ['loading', staff.id],
      ['dispatched', office.id],
    ]);
    const cancel = await failure(move(office, run, 'cancelled'));
    expect(cancel.status).toBe(400);
    expect(cancel.message).toMatch(/A dispatched run cannot be cancelled/);

    await expect(move(office, run, 'delivered')).resolves.toMatchObject({ run: { state: 'delivered' } });
    expect((await failure(move(office, run, 'cancelled'))).message).toMatch(/delivered already/);
    expect((await failure(move(office, run, 'new'))).status).toBe(400);
    expect((await failure(move(office, run, 'flying'))).status).toBe(400);
  });

  it('cannot be set through the records API, and a cancelled run stays cancelled', async () => {
    const { office, run } = await nurseryWithRun();
    const direct = await failure(office.pb.collection('trolley_exports').update(run, { state: 'dispatched' }));
    expect(direct.status).toBe(400);
    expect(JSON.stringify(direct.response.data)).toMatch(/changes by its steps on the Runs screen/);
    // The SDK sends a record back whole: its own state and log are no change.
    const whole = await office.pb.collection('trolley_exports').getOne(run);
    await expect(office.pb.collection('trolley_exports').update(run, { ...whole, name: `${whole.name} (2)` })).resolves.toMatchObject({
      state: 'new',
    });
    await expect(move(office, run, 'cancelled')).resolves.toMatchObject({ run: { state: 'cancelled' } });
    expect((await failure(move(office, run, 'loading'))).message).toMatch(/cancelled already/);
  });

  it("a dispatched run's stops and load stay as they left; its name may change", async () => {
    const { office, run } = await nurseryWithRun();
    const stops = (await office.pb.collection('trolley_exports').getOne(run)).data as Array<Record<string, unknown>>;
    // Before dispatch the plan changes freely.
    await office.pb.collection('trolley_exports').update(run, { data: stops.slice(0, 2) });
    await move(office, run, 'loading');
    await move(office, run, 'dispatched');

    const reordered = await failure(office.pb.collection('trolley_exports').update(run, { data: [...stops.slice(0, 2)].reverse() }));
    expect(reordered.status).toBe(400);
    expect(reordered.response.data.data.message).toMatch(
      /dispatched: its trolleys are booked out, so its stops and load can no longer be changed/,
    );
    const whole = await office.pb.collection('trolley_exports').getOne(run);
    const regrid = await failure(
      office.pb.collection('trolley_exports').update(run, { vehicleInfo: { ...whole.vehicleInfo, grid: ['Oak Nurseries - 102'] } }),
    );
    expect(regrid.response.data.vehicleInfo.code).toBe('validation_run_dispatched');
    // Sent back whole with a new name, as the SDK does: accepted, the plan as it was.
    const renamed = await office.pb.collection('trolley_exports').update(run, { ...whole, name: `${whole.name} (sent)` });
    expect(renamed.name).toBe(`${whole.name} (sent)`);
    expect(renamed.data).toEqual(whole.data);

    await move(office, run, 'delivered');
    const afterDelivery = await failure(office.pb.collection('trolley_exports').update(run, { data: [] }));
    expect(afterDelivery.response.data.data.message).toMatch(/delivered, so its stops and load can no longer be changed/);
  });

  it('dispatch books every stop out once, pressed twice or by two people at once', async () => {
    const { office, admin, run, stops } = await nurseryWithRun();
    await move(office, run, 'loading');
    const answers = await Promise.all([move(office, run, 'dispatched'), move(admin, run, 'dispatched')]);
    expect(answers.map((answer) => answer.run.state)).toEqual(['dispatched', 'dispatched']);
    // One of the two made the step and booked; the other found it made.
    expect(answers.map((answer) => answer.booking?.booked ?? 0).sort()).toEqual([0, 2]);
    await move(office, run, 'dispatched');
    const out = await outMovements(office, run, 'out');
    expect(Object.fromEntries(out.map((movement) => [movement.stop, movement.trolleys]))).toEqual({ [stops[0]]: 3, [stops[1]]: 2 });
    expect(out).toHaveLength(2);
    const log = (await office.pb.collection('trolley_exports').getOne(run)).stateLog as Array<{ state: string }>;
    expect(log.filter((step) => step.state === 'dispatched')).toHaveLength(1);
  });

  it('dispatch after "Book trolleys out" books nothing twice', async () => {
    const { office, run } = await nurseryWithRun();
    await office.pb.send(LEDGER_API.booking(run), { method: 'POST', body: {} });
    await move(office, run, 'loading');
    const dispatched = await move(office, run, 'dispatched');
    expect(dispatched.booking).toMatchObject({ booked: 0, alreadyBooked: 2 });
    expect(await outMovements(office, run, 'out')).toHaveLength(2);
  });
});

describe('drops', () => {
  it('are recorded only on a dispatched run, never through the records API, and a not delivered one needs a reason', async () => {
    const { office, viewer, run, stops } = await nurseryWithRun();
    const early = await failure(drop(office, run, { stop: stops[0], outcome: 'delivered', receivedBy: 'Jo' }));
    expect(early.status).toBe(400);
    expect(early.message).toMatch(/Drops are recorded once a run is dispatched; this run is new/);
    const direct = await failure(office.pb.collection('run_drops').create({ run, stop: stops[0], outcome: 'delivered' }));
    expect(direct.status).toBe(403);
    expect(direct.message).toMatch(/recorded from its run/);

    await move(office, run, 'loading');
    await move(office, run, 'dispatched');
    const noReason = await failure(drop(office, run, { stop: stops[0], outcome: 'not_delivered' }));
    expect(noReason.status).toBe(400);
    expect(noReason.response.data).toMatchObject({ reason: { message: expect.stringMatching(/Say why it was not delivered/) } });
    const noStop = await failure(drop(office, run, { stop: 'nowhere', outcome: 'delivered' }));
    expect(noStop.response.data).toMatchObject({ stop: { message: expect.stringMatching(/no such stop/) } });
    const tooMany = await failure(drop(office, run, { stop: stops[0], outcome: 'delivered', trolleysBack: 1000 }));
    expect(tooMany.status).toBe(400);
    const stamped = await failure(drop(office, run, { stop: stops[0], outcome: 'delivered', recordedBy: office.id }));
    expect(stamped.status).toBe(400);
    const viewerRefused = await failure(drop(viewer, run, { stop: stops[0], outcome: 'delivered' }));
    expect(viewerRefused.status).toBe(403);
    expect(viewerRefused.message).toMatch(/Viewers can look but not record drops/);
  });

  it('answer a retried send with the drop already written, and refuse a second drop at a stop', async () => {
    const { office, staff, run, stops } = await nurseryWithRun();
    await move(office, run, 'loading');
    await move(office, run, 'dispatched');
    const body = { stop: stops[0], outcome: 'delivered', receivedBy: 'Jo', trolleysBack: 2, clientId: 'phone-1-drop-1' };
    const sends = await Promise.all([drop(staff, run, body), drop(staff, run, body), drop(staff, run, body)]);
    expect(new Set(sends.map((sent) => sent.id)).size).toBe(1);
    const again = await drop(staff, run, body);
    expect(again.id).toBe(sends[0]?.id);
    expect(again).toMatchObject({ outcome: 'delivered', receivedBy: 'Jo', trolleysBack: 2, recordedBy: staff.id, link: '' });
    // Returned once, however many times it was sent.
    expect((await outMovements(office, run, 'in')).map((movement) => movement.trolleys)).toEqual([2]);
    const second = await failure(drop(office, run, { stop: stops[0], outcome: 'delivered', clientId: 'phone-2-drop-1' }));
    expect(second.status).toBe(400);
    expect(second.response.data).toMatchObject({ stop: { message: expect.stringMatching(/was recorded already/) } });
    expect(await office.pb.collection('run_drops').getFullList({ filter: `run = "${run}"` })).toHaveLength(1);
  });

  it('book the counts back as returns and deliver the run when every stop has its drop', async () => {
    const { office, green, oak, run, stops } = await nurseryWithRun();
    await move(office, run, 'loading');
    await move(office, run, 'dispatched');
    const owed = (answer: BalancesAnswer, customer: string) => answer.items.find((item) => item.customer === customer);
    expect(owed(await balances(office), green)).toMatchObject({ trolleys: 3 });

    const first = await drop(office, run, {
      stop: stops[0],
      outcome: 'delivered',
      receivedBy: 'Jo Green',
      trolleysBack: 2,
      shelvesBack: 4,
      recordedAt: '2026-11-24T10:42:00.000Z',
    });
    expect(first).toMatchObject({ recordedAt: '2026-11-24T10:42:00.000Z', recordedBy: office.id, nursery: office.nursery });
    const after = await balances(office);
    expect(owed(after, green)).toMatchObject({ trolleys: 1, shelves: -4 });
    expect(owed(after, oak)).toMatchObject({ trolleys: 2 });

    await drop(office, run, { stop: stops[1], outcome: 'not_delivered', reason: 'Closed' });
    expect((await office.pb.collection('trolley_exports').getOne(run)).state).toBe('dispatched');
    // The stop without an order has no customer: its drop is kept, nothing is booked for it.
    await drop(office, run, { stop: stops[2], outcome: 'delivered', trolleysBack: 1 });
    const delivered = await office.pb.collection('trolley_exports').getOne(run);
    expect(delivered.state).toBe('delivered');
    expect((delivered.stateLog as Array<{ state: string; by: string }>).at(-1)).toMatchObject({ state: 'delivered', by: office.id });
    expect(await outMovements(office, run, 'in')).toHaveLength(1);
  });

  it('mark the week’s delivered orders on the board, matched by order id, and only in their own nursery', async () => {
    const { office, run, stops } = await nurseryWithRun();
    const other = await createTeam(server);
    await move(office, run, 'loading');
    await move(office, run, 'dispatched');
    const marks = (account: TestAccount, week = 12): Promise<DeliveredMarksAnswer> =>
      account.pb.send(`${RUNS_API.deliveredMarks}?year=${FUTURE_YEAR}&week=${week}`, { method: 'GET' });
    expect((await marks(office)).items).toEqual([]);
    await drop(office, run, { stop: stops[0], outcome: 'delivered', receivedBy: 'Jo', recordedAt: '2026-11-24T10:42:00Z' });
    await drop(office, run, { stop: stops[1], outcome: 'not_delivered', reason: 'Closed' });
    await drop(office, run, { stop: stops[2], outcome: 'delivered' });
    // Only the delivered drop of an order: not the one not delivered, not the hand-written stop.
    expect((await marks(office)).items).toEqual([{ order: stops[0], receivedBy: 'Jo', recordedAt: '2026-11-24T10:42:00.000Z' }]);
    expect((await marks(office, 13)).items).toEqual([]);
    expect((await marks(other.office)).items).toEqual([]);
    expect((await failure(office.pb.send(`${RUNS_API.deliveredMarks}?year=x`, { method: 'GET' }))).status).toBe(400);
  });

  it('are a nursery’s own: another nursery neither sees nor records nor moves them', async () => {
    const { office, run, stops } = await nurseryWithRun();
    const other = await createTeam(server);
    await move(office, run, 'loading');
    expect((await failure(move(other.office, run, 'dispatched'))).status).toBe(404);
    await move(office, run, 'dispatched');
    const made = await drop(office, run, { stop: stops[0], outcome: 'delivered', clientId: 'shared-client-id' });
    expect((await failure(drop(other.office, run, { stop: stops[1], outcome: 'delivered' }))).status).toBe(404);
    // The same client id in another nursery is that nursery's own and finds nothing here.
    expect((await failure(drop(other.office, run, { stop: stops[0], outcome: 'delivered', clientId: 'shared-client-id' }))).status).toBe(
      404,
    );
    expect(await other.office.pb.collection('run_drops').getFullList()).toEqual([]);
    expect((await failure(other.office.pb.collection('run_drops').getOne(made.id))).status).toBe(404);
    expect((await failure(server.client().send(RUNS_API.drops(run), { method: 'POST', body: {} }))).status).toBe(401);
  });
});
