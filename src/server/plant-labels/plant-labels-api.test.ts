import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, failure, startTestServer, type TestServer } from '../../../tests/support/server';
import { listen, waitFor } from '../../../tests/support/realtime-client';

// The plant-label list (collection `plant_labels`, docs/decisions/057) through the official SDK:
// the original app's own calls work as they are; every member reads the list, staff and up add and
// mark plants, office and admins delete them (to Deleted); bad input gets a sentence; another
// nursery's plants are never seen, changed or announced.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const VIEWERS = 'Viewers can look but not change plant labels.';
const DELETERS = 'Only office staff and admins can delete plant labels. Ask one of them to delete it.';

describe('plant labels', () => {
  it("takes the original app's create and update as they are, and keeps who added the plant", async () => {
    const { admin, staff } = await createTeam(server);
    // The original app's own call: its name, "new", and its own id as `user`.
    const made = await staff.pb
      .collection('plant_labels')
      .create({ plant_name: 'Lavandula angustifolia 3L', has_labels: 'new', user: staff.id });
    expect(made).toMatchObject({
      plant_name: 'Lavandula angustifolia 3L',
      has_labels: 'new',
      user: staff.id,
      created_by: staff.id,
      nursery: staff.nursery,
    });
    // Without a state it is not checked yet; the user is always the caller.
    const bare = await staff.pb.collection('plant_labels').create({ plant_name: 'Buxus sempervirens' });
    expect(bare).toMatchObject({ has_labels: 'new', user: staff.id });
    const marked = await admin.pb.collection('plant_labels').update(made.id, { has_labels: 'print' });
    expect(marked).toMatchObject({ has_labels: 'print', updated_by: admin.id, user: staff.id });
    const list = await staff.pb.collection('plant_labels').getFullList({ sort: 'plant_name', filter: 'has_labels = "print"' });
    expect(list.map((p) => p.plant_name)).toEqual(['Lavandula angustifolia 3L']);
  });

  it('refuses a blank or too long name, a line break and an unknown state, in sentences, storing nothing', async () => {
    const { staff } = await createTeam(server);
    const refusals = await Promise.all(
      [
        { plant_name: '   ' },
        { plant_name: 'x'.repeat(201) },
        { plant_name: 'Rosa\nIceberg' },
        { plant_name: 'Rosa', has_labels: 'maybe' },
      ].map((body) => failure(staff.pb.collection('plant_labels').create(body))),
    );
    expect(refusals.map((r) => r.status)).toEqual([400, 400, 400, 400]);
    const [blank, long, lines, state] = refusals.map((r) => r.response.data as Record<string, { message: string }>);
    expect(blank?.plant_name?.message).toBe('Cannot be blank.');
    expect(long?.plant_name?.message).toMatch(/200/);
    expect(lines?.plant_name?.message).toMatch(/line/i);
    expect(state?.has_labels?.message).toMatch(/new, labels, print|one of/i);
    expect(await staff.pb.collection('plant_labels').getFullList()).toEqual([]);
  });

  it('every member reads; staff and up add and mark; office and admins delete, to Deleted; each refusal says why', async () => {
    const { admin, office, staff, viewer } = await createTeam(server);
    const plant = await staff.pb.collection('plant_labels').create({ plant_name: 'Rosa Iceberg' });
    for (const member of [admin, office, staff, viewer])
      await expect(member.pb.collection('plant_labels').getOne(plant.id)).resolves.toMatchObject({ plant_name: 'Rosa Iceberg' });

    const add = await failure(viewer.pb.collection('plant_labels').create({ plant_name: 'Taxus' }));
    expect([add.status, add.message]).toEqual([403, VIEWERS]);
    const mark = await failure(viewer.pb.collection('plant_labels').update(plant.id, { has_labels: 'labels' }));
    expect([mark.status, mark.message]).toEqual([403, VIEWERS]);
    await expect(office.pb.collection('plant_labels').update(plant.id, { has_labels: 'labels' })).resolves.toMatchObject({
      has_labels: 'labels',
    });

    for (const member of [staff, viewer]) {
      const refused = await failure(member.pb.collection('plant_labels').delete(plant.id));
      expect([refused.status, refused.message]).toEqual([403, DELETERS]);
    }
    // No deletion password: a plant deleted by a slip is restored from Deleted.
    await office.pb.collection('plant_labels').delete(plant.id);
    await expect(failure(staff.pb.collection('plant_labels').getOne(plant.id))).resolves.toMatchObject({ status: 404 });
    const deleted = await admin.pb.send<{ items: Array<{ collectionName: string; record: { id: string } }> }>('/api/deleted', {
      query: { collection: 'plant_labels' },
    });
    expect(deleted.items.map((e) => [e.collectionName, e.record.id])).toEqual([['plant_labels', plant.id]]);
    await admin.pb.send(`/api/deleted/plant_labels/${plant.id}/restore`, { method: 'POST' });
    await expect(viewer.pb.collection('plant_labels').getOne(plant.id)).resolves.toMatchObject({ has_labels: 'labels' });
  });

  it("another nursery's plants are not listed, found, changed or announced; its people cannot be named", async () => {
    const mine = await createTeam(server);
    const theirs = await createTeam(server);
    const their = await theirs.staff.pb.collection('plant_labels').create({ plant_name: 'Secret Salvia' });
    const { events, unsubscribe } = await listen(mine.viewer.pb, 'plant_labels', '*');
    await mine.staff.pb.collection('plant_labels').create({ plant_name: 'Our Salvia' });
    await theirs.staff.pb.collection('plant_labels').update(their.id, { has_labels: 'print' });
    await waitFor(() => events.find((e) => e.record.plant_name === 'Our Salvia'), 'our own plant announced');

    expect((await mine.admin.pb.collection('plant_labels').getFullList()).map((p) => p.plant_name)).toEqual(['Our Salvia']);
    expect((await failure(mine.admin.pb.collection('plant_labels').getOne(their.id))).status).toBe(404);
    expect((await failure(mine.admin.pb.collection('plant_labels').update(their.id, { has_labels: 'labels' }))).status).toBe(404);
    const naming = await failure(mine.staff.pb.collection('plant_labels').create({ plant_name: 'Planted', user: theirs.staff.id }));
    expect(naming.status).toBe(400);
    const elsewhere = await failure(
      mine.staff.pb.collection('plant_labels').create({ plant_name: 'Planted', nursery: theirs.admin.nursery }),
    );
    expect(elsewhere.status).toBe(400);
    expect(events.map((e) => e.record.plant_name)).toEqual(['Our Salvia']);
    expect(await theirs.admin.pb.collection('plant_labels').getOne(their.id)).toMatchObject({ has_labels: 'print' });
    await unsubscribe();
  });
});
