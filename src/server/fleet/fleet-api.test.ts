import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, failure, startTestServer, type TestServer } from '../../../tests/support/server';
import { listen, waitFor } from '../../../tests/support/realtime-client';

// The nursery's fleet and delivery rounds (collections `vehicles` and `rounds`,
// docs/decisions/076) through the official SDK: every member reads them, office staff and admins
// keep them (to Deleted); a size the kind does not come in gets a sentence; another nursery's are
// never seen, changed or announced.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const KEEPERS_ONLY = 'Only office staff and admins can change vehicles and rounds. Ask one of them to do it.';

describe('vehicles and rounds', () => {
  it('office keeps a vehicle of a size its kind comes in; a wrong size is refused in a sentence, storing nothing', async () => {
    const { office } = await createTeam(server);
    const lorry = await office.pb
      .collection('vehicles')
      .create({ name: 'Big lorry', reg: 'AB12 CDE', vehicleType: 'lorry', trolleyNumber: 24, driver: 'Sam' });
    expect(lorry).toMatchObject({
      name: 'Big lorry',
      reg: 'AB12 CDE',
      vehicleType: 'lorry',
      trolleyNumber: 24,
      driver: 'Sam',
      active: true,
    });
    expect(lorry.created_by).toBe(office.id);

    const refusals = await Promise.all(
      [
        { name: 'Odd trailer', vehicleType: 'trailer', trolleyNumber: 8 },
        { name: 'Odd lorry', vehicleType: 'lorry', trolleyNumber: 10 },
        { name: '   ', vehicleType: 'lorry', trolleyNumber: 8 },
        { name: 'No size', vehicleType: 'lorry' },
        { name: 'Van', vehicleType: 'van', trolleyNumber: 8 },
      ].map((body) => failure(office.pb.collection('vehicles').create(body))),
    );
    expect(refusals.map((r) => r.status)).toEqual([400, 400, 400, 400, 400]);
    const [trailer, odd, blank, noSize, van] = refusals.map((r) => r.response.data as Record<string, { message: string }>);
    expect(trailer?.trolleyNumber?.message).toBe('A trailer comes in 3T, 6T or 7T.');
    expect(odd?.trolleyNumber?.message).toBe('A lorry comes in 4T, 8T, 12T, 16T, 20T or 24T.');
    expect(blank?.name?.message).toBe('Cannot be blank.');
    expect(noSize?.trolleyNumber?.message).toBeTruthy();
    expect(van?.vehicleType?.message).toBeTruthy();
    // Changing only the kind checks the stored size against the new kind.
    const kind = await failure(office.pb.collection('vehicles').update(lorry.id, { vehicleType: 'trailer' }));
    expect([kind.status, (kind.response.data as Record<string, { message: string }>).trolleyNumber?.message]).toEqual([
      400,
      'A trailer comes in 3T, 6T or 7T.',
    ]);
    expect((await office.pb.collection('vehicles').getFullList()).map((v) => [v.name, v.vehicleType, v.trolleyNumber])).toEqual([
      ['Big lorry', 'lorry', 24],
    ]);
  });

  it('every member reads; staff and viewers change nothing; office and admins delete, to Deleted', async () => {
    const { admin, office, staff, viewer } = await createTeam(server);
    const vehicle = await admin.pb.collection('vehicles').create({ name: 'Trailer', vehicleType: 'trailer', trolleyNumber: 7 });
    const round = await office.pb.collection('rounds').create({ name: 'Cotswolds' });
    for (const member of [admin, office, staff, viewer]) {
      await expect(member.pb.collection('vehicles').getOne(vehicle.id)).resolves.toMatchObject({ trolleyNumber: 7 });
      await expect(member.pb.collection('rounds').getOne(round.id)).resolves.toMatchObject({ name: 'Cotswolds' });
    }
    for (const member of [staff, viewer]) {
      const writes = await Promise.all([
        failure(member.pb.collection('vehicles').create({ name: 'Mine', vehicleType: 'lorry', trolleyNumber: 4 })),
        failure(member.pb.collection('vehicles').update(vehicle.id, { active: false })),
        failure(member.pb.collection('vehicles').delete(vehicle.id)),
        failure(member.pb.collection('rounds').create({ name: 'Mine' })),
        failure(member.pb.collection('rounds').update(round.id, { name: 'Mine' })),
        failure(member.pb.collection('rounds').delete(round.id)),
      ]);
      expect(writes.map((w) => [w.status, w.message])).toEqual(writes.map(() => [403, KEEPERS_ONLY]));
    }
    await expect(office.pb.collection('vehicles').update(vehicle.id, { active: false })).resolves.toMatchObject({ active: false });
    await admin.pb.collection('rounds').delete(round.id);
    await expect(failure(staff.pb.collection('rounds').getOne(round.id))).resolves.toMatchObject({ status: 404 });
    const deleted = await admin.pb.send<{ items: Array<{ collectionName: string; record: { id: string } }> }>('/api/deleted', {
      query: { collection: 'rounds' },
    });
    expect(deleted.items.map((e) => [e.collectionName, e.record.id])).toEqual([['rounds', round.id]]);
  });

  it('every member hears of a vehicle or round made, changed and deleted, as of any collection', async () => {
    const { office, viewer } = await createTeam(server);
    const vehicles = await listen(viewer.pb, 'vehicles', '*');
    const rounds = await listen(viewer.pb, 'rounds', '*');
    const lorry = await office.pb.collection('vehicles').create({ name: 'Lorry one', vehicleType: 'lorry', trolleyNumber: 8 });
    await office.pb.collection('vehicles').update(lorry.id, { active: false });
    await office.pb.collection('vehicles').delete(lorry.id);
    const round = await office.pb.collection('rounds').create({ name: 'North' });
    await office.pb.collection('rounds').update(round.id, { name: 'North and east' });
    await office.pb.collection('rounds').delete(round.id);
    const heard = (events: typeof vehicles.events) => events.map((e) => [e.action, e.record.id, e.record.name, e.record.active]);
    await waitFor(() => (vehicles.events.length >= 3 && rounds.events.length >= 3 ? true : undefined), 'three events of each');
    expect(heard(vehicles.events)).toEqual([
      ['create', lorry.id, 'Lorry one', true],
      ['update', lorry.id, 'Lorry one', false],
      ['delete', lorry.id, 'Lorry one', false],
    ]);
    expect(heard(rounds.events)).toEqual([
      ['create', round.id, 'North', undefined],
      ['update', round.id, 'North and east', undefined],
      ['delete', round.id, 'North and east', undefined],
    ]);
    await vehicles.unsubscribe();
    await rounds.unsubscribe();
  });

  it("another nursery's vehicles and rounds are not listed, found, changed or announced", async () => {
    const mine = await createTeam(server);
    const theirs = await createTeam(server);
    const their = await theirs.office.pb.collection('vehicles').create({ name: 'Their lorry', vehicleType: 'lorry', trolleyNumber: 8 });
    const theirRound = await theirs.office.pb.collection('rounds').create({ name: 'Their round' });
    const { events, unsubscribe } = await listen(mine.viewer.pb, 'vehicles', '*');
    await mine.office.pb.collection('vehicles').create({ name: 'Our lorry', vehicleType: 'lorry', trolleyNumber: 8 });
    await theirs.office.pb.collection('vehicles').update(their.id, { driver: 'Theirs' });
    await waitFor(() => events.find((e) => e.record.name === 'Our lorry'), 'our own vehicle announced');

    expect((await mine.admin.pb.collection('vehicles').getFullList()).map((v) => v.name)).toEqual(['Our lorry']);
    expect(await mine.admin.pb.collection('rounds').getFullList()).toEqual([]);
    expect((await failure(mine.admin.pb.collection('vehicles').getOne(their.id))).status).toBe(404);
    expect((await failure(mine.admin.pb.collection('rounds').update(theirRound.id, { name: 'Taken' }))).status).toBe(404);
    const elsewhere = await failure(mine.office.pb.collection('rounds').create({ name: 'Planted', nursery: theirs.admin.nursery }));
    expect(elsewhere.status).toBe(400);
    expect(events.map((e) => e.record.name)).toEqual(['Our lorry']);
    await unsubscribe();
  });
});
