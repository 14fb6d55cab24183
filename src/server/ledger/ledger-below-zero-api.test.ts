import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEDGER_API, type BalancesAnswer } from '#domain/ledger/booking';
import { RUNS_API } from '#domain/runs/runs-api';
import { order } from '../../../tests/support/realtime-client';
import { createTeam, failure, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';
import { newRecordId } from '../records/ids';

// The ledger refuses silent nonsense (docs/decisions/065): a return that takes a customer below
// zero needs office staff or an admin to confirm it with a reason; two returns at once cannot
// both slip under zero; a driver's drop is booked all the same, and says so.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const movements = (account: TestAccount) => account.pb.collection('trolley_movements');
const balances = (account: TestAccount): Promise<BalancesAnswer> => account.pb.send(LEDGER_API.balances, { method: 'GET' });
const held = async (account: TestAccount, customer: string) => {
  const item = (await balances(account)).items.find((entry) => entry.customer === customer);
  return { trolleys: item?.trolleys ?? 0, shelves: item?.shelves ?? 0, extensions: item?.extensions ?? 0 };
};

/** A nursery whose customer Hillside Garden Centre holds 2 trolleys. */
async function hillsideHoldingTwo() {
  const team = await createTeam(server);
  const customer = (await team.office.pb.collection('customers').create({ name: 'Hillside Garden Centre', postcode: 'GL7 1AB' })).id;
  await movements(team.office).create({ customer, kind: 'out', date: '2026-11-23', trolleys: 2 });
  return { ...team, customer };
}

const SENTENCE = 'Hillside Garden Centre holds 2 trolleys; returning 9 would leave -7. Confirm and give a reason to record it.';

describe('a return below zero', () => {
  it('is refused without confirmation and reason, and nothing is written', async () => {
    const { office, customer } = await hillsideHoldingTwo();
    const refused = await failure(movements(office).create({ customer, kind: 'in', date: '2026-11-24', trolleys: 9 }));
    expect(refused.status).toBe(400);
    expect(refused.message).toBe(SENTENCE);
    expect(refused.response.data).toMatchObject({ belowZero: { code: 'validation_below_zero', message: SENTENCE } });

    const noReason = await failure(movements(office).create({ customer, kind: 'in', date: '2026-11-24', trolleys: 9, belowZero: true }));
    expect(noReason.status).toBe(400);
    expect(noReason.response.data).toMatchObject({
      note: { message: expect.stringMatching(/Give the reason for recording it below zero/) },
    });
    const blankReason = await failure(
      movements(office).create({ customer, kind: 'in', date: '2026-11-24', trolleys: 9, belowZero: true, note: '   ' }),
    );
    expect(blankReason.response.data).toMatchObject({ note: { code: 'validation_required' } });
    const oddFlag = await failure(movements(office).create({ customer, kind: 'in', date: '2026-11-24', trolleys: 9, belowZero: 'yes' }));
    expect(oddFlag.response.data).toMatchObject({ belowZero: { code: 'validation_invalid_value' } });

    expect(await held(office, customer)).toEqual({ trolleys: 2, shelves: 0, extensions: 0 });
    expect(await movements(office).getFullList({ filter: `customer = "${customer}"` })).toHaveLength(1);
    // Down to zero needs nothing.
    await movements(office).create({ customer, kind: 'in', date: '2026-11-24', trolleys: 2 });
    expect(await held(office, customer)).toEqual({ trolleys: 0, shelves: 0, extensions: 0 });
  });

  it('cannot be confirmed by staff, who are told who may', async () => {
    const { staff, customer } = await hillsideHoldingTwo();
    const plain = await failure(movements(staff).create({ customer, kind: 'in', date: '2026-11-24', trolleys: 9 }));
    expect(plain.status).toBe(400);
    expect(plain.message).toBe(
      'Hillside Garden Centre holds 2 trolleys; returning 9 would leave -7. Only office staff or an admin can record it below zero: ask one of them to check it.',
    );
    const confirmed = await failure(
      movements(staff).create({ customer, kind: 'in', date: '2026-11-24', trolleys: 9, belowZero: true, note: 'Driver says so' }),
    );
    expect(confirmed.status).toBe(403);
    expect(confirmed.message).toMatch(/Only office staff and admins can confirm a count below zero/);
    expect(await held(staff, customer)).toEqual({ trolleys: 2, shelves: 0, extensions: 0 });
  });

  it('is recorded for office staff and admins who confirm it with a reason, kept as the note', async () => {
    const { office, admin, customer } = await hillsideHoldingTwo();
    const made = await movements(office).create({
      customer,
      kind: 'in',
      date: '2026-11-24',
      trolleys: 9,
      belowZero: true,
      note: 'Seven of ours came back from their other site',
    });
    expect(made).toMatchObject({ kind: 'in', trolleys: 9, note: 'Seven of ours came back from their other site' });
    expect(made).not.toHaveProperty('belowZero');
    expect(await held(office, customer)).toEqual({ trolleys: -7, shelves: 0, extensions: 0 });
    // Further below zero again needs it again; several counts are named each.
    const again = await failure(movements(admin).create({ customer, kind: 'in', date: '2026-11-25', trolleys: 1, shelves: 2 }));
    expect(again.message).toBe(
      'Hillside Garden Centre holds -7 trolleys and 0 shelves; returning 1 trolley and 2 shelves would leave -8 trolleys and -2 shelves. Confirm and give a reason to record it.',
    );
    await expect(
      movements(admin).create({ customer, kind: 'in', date: '2026-11-25', trolleys: 1, shelves: 2, belowZero: 'true', note: 'Counted' }),
    ).resolves.toMatchObject({ shelves: 2 });
  });

  it('by an edit or an adjustment follows the same rule', async () => {
    const { office, customer } = await hillsideHoldingTwo();
    const back = await movements(office).create({ customer, kind: 'in', date: '2026-11-24', trolleys: 1 });
    const edit = await failure(movements(office).update(back.id, { trolleys: 5 }));
    expect(edit.status).toBe(400);
    expect(edit.message).toBe(
      'Hillside Garden Centre holds 1 trolley; this change would leave -3. Confirm and give a reason to record it.',
    );
    expect((await movements(office).getOne(back.id)).trolleys).toBe(1);
    await expect(movements(office).update(back.id, { trolleys: 5, belowZero: true, note: 'Five, says the yard' })).resolves.toMatchObject({
      trolleys: 5,
      note: 'Five, says the yard',
    });
    expect(await held(office, customer)).toEqual({ trolleys: -3, shelves: 0, extensions: 0 });
    // Raising a count back towards zero needs nothing.
    await movements(office).update(back.id, { trolleys: 4 });
    const adjustment = await failure(
      movements(office).create({ customer, kind: 'adjustment', reason: 'lost', date: '2026-11-24', trolleys: -1 }),
    );
    expect(adjustment.message).toMatch(/holds -2 trolleys; adjusting by -1 would leave -3\. Confirm/);
  });

  it('cannot slip through twice at once: of four returns of 2 from 5 held, two pass and the balance stays at 1', async () => {
    const { office, admin, customer } = await hillsideHoldingTwo();
    await movements(office).create({ customer, kind: 'out', date: '2026-11-23', trolleys: 3 });
    office.pb.autoCancellation(false);
    admin.pb.autoCancellation(false);
    const returns = [office, admin, office, admin].map((account) =>
      movements(account)
        .create({ customer, kind: 'in', date: '2026-11-24', trolleys: 2 })
        .then(
          () => 'recorded',
          (error: { status?: number; message?: string }) => `${error.status}: ${error.message}`,
        ),
    );
    const answers = await Promise.all(returns);
    expect(answers.filter((answer) => answer === 'recorded')).toHaveLength(2);
    expect(answers.filter((answer) => answer !== 'recorded')).toEqual([
      expect.stringMatching(/^400: Hillside Garden Centre holds 1 trolley; returning 2 would leave -1\./),
      expect.stringMatching(/^400: Hillside Garden Centre holds 1 trolley; returning 2 would leave -1\./),
    ]);
    expect(await held(office, customer)).toEqual({ trolleys: 1, shelves: 0, extensions: 0 });
  });
});

describe("a driver's return", () => {
  /** A dispatched run with one stop for Hillside (its 3 trolleys booked out on dispatch) and one whose order has no customer yet. */
  async function dispatchedRun() {
    const team = await createTeam(server);
    const { office } = team;
    const hillside = await office.pb.collection('customers').create({ name: 'Hillside Garden Centre' });
    const known = await office.pb.collection('tasks').create(order('Hillside Garden Centre', { customer: hillside.id, trollies: '3' }));
    const unknown = await office.pb.collection('tasks').create(order('Brook Farm Shop', { trollies: '2' }));
    const run = await office.pb.collection('trolley_exports').create({
      name: `Run ${newRecordId()}`,
      data: [
        { id: known.id, title: 'Hillside Garden Centre', postcode: '', trollies: '3', extras: '', orderNumber: '1' },
        { id: unknown.id, title: 'Brook Farm Shop', postcode: '', trollies: '2', extras: '', orderNumber: '2' },
      ],
      vehicleInfo: { driver: 'Sam', reg: 'AB12 CDE', date: '2026-11-24', vehicleType: 'lorry', trolleyNumber: 12, grid: [] },
    });
    await office.pb.send(RUNS_API.state(run.id), { method: 'POST', body: { state: 'loading' } });
    const dispatched = await office.pb.send(RUNS_API.state(run.id), { method: 'POST', body: { state: 'dispatched' } });
    expect(dispatched.booking).toMatchObject({ booked: 1, skipped: 1 });
    return { ...team, run: run.id, runName: run.name as string, hillside: hillside.id, known: known.id, unknown: unknown.id };
  }
  const drop = (account: TestAccount, run: string, body: Record<string, unknown>) =>
    account.pb.send(RUNS_API.drops(run), { method: 'POST', body });

  it('is booked even when it takes the customer below zero, with a note that says so', async () => {
    const { staff, office, run, runName, hillside, known } = await dispatchedRun();
    await drop(staff, run, { stop: known, outcome: 'delivered', receivedBy: 'Jo', trolleysBack: 5 });
    const back = await movements(office).getFullList({ filter: `run = "${run}" && kind = "in"` });
    expect(back).toEqual([expect.objectContaining({ customer: hillside, trolleys: 5 })]);
    expect(back[0]?.note).toBe(
      `Back from run "${runName}". Booked as the driver counted it, though it leaves -2 trolleys: check with the customer.`,
    );
    expect(await held(office, hillside)).toEqual({ trolleys: -2, shelves: 0, extensions: 0 });
  });

  it('of a stop whose order was linked to a customer after dispatch is booked to that customer', async () => {
    const { staff, office, run, runName, unknown } = await dispatchedRun();
    // Made on the fly once the lorry had left: the order gets its customer now.
    const brook = await office.pb.collection('customers').create({ name: 'Brook Farm Shop' });
    await office.pb.collection('tasks').update(unknown, { customer: brook.id });
    await drop(staff, run, { stop: unknown, outcome: 'delivered', receivedBy: 'Ann', trolleysBack: 2, shelvesBack: 1 });
    const back = await movements(office).getFullList({ filter: `run = "${run}" && kind = "in"` });
    expect(back).toEqual([expect.objectContaining({ customer: brook.id, stop: unknown, trolleys: 2, shelves: 1 })]);
    // Never booked out (it had no customer at dispatch), so the return leaves it below zero, and says so.
    expect(back[0]?.note).toMatch(
      new RegExp(`^Back from run "${runName}"\\. Booked as the driver counted it, though it leaves -2 trolleys and -1 shelf`),
    );
    expect(await held(office, brook.id)).toEqual({ trolleys: -2, shelves: -1, extensions: 0 });
  });

  it('that leaves the customer at or above zero keeps the plain note', async () => {
    const { staff, office, run, runName, known } = await dispatchedRun();
    await drop(staff, run, { stop: known, outcome: 'delivered', trolleysBack: 3 });
    const [back] = await movements(office).getFullList({ filter: `run = "${run}" && kind = "in"` });
    expect(back?.note).toBe(`Back from run "${runName}"`);
  });
});
