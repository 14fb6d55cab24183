import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, failure, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';

// The trolley ledger through the official SDK (docs/decisions/038): who may record what, the
// sentences for counts that make no sense, and the history of every change.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function nursery() {
  const team = await createTeam(server);
  const customer = await team.admin.pb.collection('customers').create({ name: 'Green Garden Centre', postcode: 'AB1 2CD' });
  return { ...team, customer: customer.id };
}

const movements = (account: TestAccount) => account.pb.collection('trolley_movements');

describe('the trolley ledger', () => {
  it('staff record returns only; office and admins record any kind, change and delete; viewers read', async () => {
    const { admin, office, staff, viewer, customer } = await nursery();
    const out = await movements(office).create({ customer, kind: 'out', date: '2026-11-23', trolleys: 14, shelves: 6 });
    expect(out).toMatchObject({
      kind: 'out',
      trolleys: 14,
      shelves: 6,
      extensions: 0,
      recordedBy: office.id,
      nursery: admin.nursery,
      run: '',
      stop: '',
    });
    const back = await movements(staff).create({ customer, kind: 'in', date: '2026-11-24', trolleys: 4 });
    expect(back.recordedBy).toBe(staff.id);

    const staffOut = await failure(movements(staff).create({ customer, kind: 'out', date: '2026-11-24', trolleys: 1 }));
    expect(staffOut.status).toBe(403);
    expect(staffOut.message).toMatch(/Staff can record returns only/);
    const staffChange = await failure(movements(staff).update(back.id, { trolleys: 5 }));
    expect(staffChange.status).toBe(403);
    expect(staffChange.message).toMatch(/Only office staff and admins can change or delete trolley movements/);
    expect((await failure(movements(staff).delete(back.id))).status).toBe(403);

    const viewerIn = await failure(movements(viewer).create({ customer, kind: 'in', date: '2026-11-24', trolleys: 1 }));
    expect(viewerIn.status).toBe(403);
    expect(viewerIn.message).toMatch(/Viewers can look but not record trolleys/);
    expect((await movements(viewer).getFullList()).map((m) => m.id).sort()).toEqual([out.id, back.id].sort());

    await expect(movements(admin).update(back.id, { trolleys: 5 })).resolves.toMatchObject({ trolleys: 5, recordedBy: staff.id });
    await expect(
      movements(office).create({ customer, kind: 'adjustment', reason: 'lost', date: '2026-11-24', trolleys: -2 }),
    ).resolves.toMatchObject({ trolleys: -2, reason: 'lost' });
    await movements(office).delete(back.id);
    expect((await failure(movements(office).getOne(back.id))).status).toBe(404);
  });

  it('refuses counts and dates that make no sense, with a sentence on the field', async () => {
    const { office, customer } = await nursery();
    const cases: Array<[Record<string, unknown>, Record<string, RegExp>]> = [
      [{ kind: 'out', date: '2026-11-24' }, { trolleys: /at least one must be more than 0/ }],
      [{ kind: 'in', date: '2026-11-24', trolleys: -3 }, { trolleys: /cannot be below 0 for a return/ }],
      [{ kind: 'out', date: '2026-11-24', trolleys: 1000 }, { trolleys: /between -999 and 999/ }],
      [{ kind: 'out', date: '2026-11-24', trolleys: 2.5 }, { trolleys: /./ }],
      [{ kind: 'out', date: '2026-11-24', trolleys: 'two' }, { trolleys: /./ }],
      [{ kind: 'in', date: '2026-11-24', trolleys: 1, reason: 'lost' }, { reason: /Only an adjustment has a reason/ }],
      [{ kind: 'adjustment', date: '2026-11-24', trolleys: -1 }, { reason: /Choose why/ }],
      [{ kind: 'adjustment', reason: 'count', date: '2026-11-24' }, { trolleys: /other than 0/ }],
      [{ kind: 'in', date: '24/11/2026', trolleys: 1 }, { date: /year-month-day/ }],
      [{ kind: 'in', date: '2026-02-30', trolleys: 1 }, { date: /year-month-day/ }],
      [{ kind: 'lent', date: '2026-11-24', trolleys: 1 }, { kind: /./ }],
      [{ kind: 'in', trolleys: 1 }, { date: /./ }],
    ];
    for (const [body, fields] of cases) {
      const refused = await failure(movements(office).create({ customer, ...body }));
      expect(refused.status, JSON.stringify(body)).toBe(400);
      for (const [field, message] of Object.entries(fields))
        expect(String((refused.response.data as Record<string, { message?: string }>)[field]?.message), JSON.stringify(body)).toMatch(
          message,
        );
    }
    const noCustomer = await failure(movements(office).create({ kind: 'in', date: '2026-11-24', trolleys: 1 }));
    expect(noCustomer.response.data).toMatchObject({ customer: { message: expect.any(String) } });
    // A change is checked with the record it changes: a return cannot become negative.
    await movements(office).create({ customer, kind: 'out', date: '2026-11-23', trolleys: 1 });
    const back = await movements(office).create({ customer, kind: 'in', date: '2026-11-24', trolleys: 1 });
    expect((await failure(movements(office).update(back.id, { trolleys: -1 }))).status).toBe(400);
    const runSet = await failure(movements(office).create({ customer, kind: 'in', date: '2026-11-24', trolleys: 1, run: 'a'.repeat(15) }));
    expect(runSet.status).toBe(400);
    expect(JSON.stringify(runSet.response.data)).toMatch(/Book trolleys out/);
  });

  it('names only a customer of its own nursery and keeps the history of every change', async () => {
    const { office, customer } = await nursery();
    const other = await nursery();
    const foreign = await failure(movements(other.office).create({ customer, kind: 'in', date: '2026-11-24', trolleys: 1 }));
    expect(foreign.status).toBe(400);
    expect(foreign.response.data).toMatchObject({ customer: { message: 'Customer not found in your nursery. Choose one from the list.' } });

    await movements(office).create({ customer, kind: 'out', date: '2026-11-23', trolleys: 5 });
    const made = await movements(office).create({ customer, kind: 'in', date: '2026-11-24', trolleys: 3, note: 'Left at the gate' });
    await movements(office).update(made.id, { trolleys: 4 });
    const history = await office.pb.send(`/api/collections/trolley_movements/records/${made.id}/history`, { method: 'GET' });
    expect(history.items.map((entry: { action: string }) => entry.action)).toEqual(['create', 'update']);
    expect(history.items[1].changes).toEqual([expect.objectContaining({ field: 'trolleys', from: 3, to: 4 })]);
    expect((await failure(movements(other.admin).getOne(made.id))).status).toBe(404);
  });
});
