import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMERS_API } from '#domain/customers/matching';
import { createTeam, failure, startTestServer, type TestServer } from '../../../tests/support/server';

// A customer's delivery round and its pinned place in it (fields `round` and `roundPlace` of
// `customers`, migration 022, docs/decisions/076) through the official SDK: office staff and admins
// set them, a round of another nursery is refused like any relation to another nursery's record,
// a place outside 0–200 gets a sentence, and a round customers are still on is not deleted.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

type FieldErrors = Record<string, { message: string } | undefined>;

describe("a customer's round and place in it", () => {
  it('are none and not pinned by default; office and admins set them; staff and viewers are told why not', async () => {
    const { admin, office, staff, viewer } = await createTeam(server);
    const round = await office.pb.collection('rounds').create({ name: 'Cotswolds' });
    const customer = await office.pb.collection('customers').create({ name: 'Greenfields', postcode: 'GL7 5AB' });
    expect(customer).toMatchObject({ round: '', roundPlace: 0 });

    await expect(office.pb.collection('customers').update(customer.id, { round: round.id, roundPlace: 2 })).resolves.toMatchObject({
      round: round.id,
      roundPlace: 2,
    });
    await expect(admin.pb.collection('customers').update(customer.id, { roundPlace: 0 })).resolves.toMatchObject({ roundPlace: 0 });
    for (const member of [staff, viewer]) {
      const refused = await failure(member.pb.collection('customers').update(customer.id, { round: '' }));
      expect(refused.status).toBe(403);
      await expect(member.pb.collection('customers').getOne(customer.id, { expand: 'round' })).resolves.toMatchObject({
        round: round.id,
        expand: { round: { name: 'Cotswolds' } },
      });
    }
  });

  it('a place outside 0 to 200 or a round that is not there gets a sentence, storing nothing', async () => {
    const { office } = await createTeam(server);
    const customer = await office.pb.collection('customers').create({ name: 'Oak Farm' });
    const [negative, far, fraction, unknown] = await Promise.all([
      failure(office.pb.collection('customers').update(customer.id, { roundPlace: -1 })),
      failure(office.pb.collection('customers').update(customer.id, { roundPlace: 201 })),
      failure(office.pb.collection('customers').update(customer.id, { roundPlace: 1.5 })),
      failure(office.pb.collection('customers').update(customer.id, { round: 'nosuchround0000' })),
    ]);
    for (const refusal of [negative, far, fraction, unknown]) expect(refusal.status).toBe(400);
    expect((negative.response.data as FieldErrors).roundPlace?.message).toBeTruthy();
    expect((far.response.data as FieldErrors).roundPlace?.message).toBeTruthy();
    expect((fraction.response.data as FieldErrors).roundPlace?.message).toBeTruthy();
    expect((unknown.response.data as FieldErrors).round?.message).toBe('Round not found in your nursery. Choose one from the list.');
    await expect(office.pb.collection('customers').getOne(customer.id)).resolves.toMatchObject({ round: '', roundPlace: 0 });
  });

  it("another nursery's round is refused in the same words as one that is not there", async () => {
    const mine = await createTeam(server);
    const theirs = await createTeam(server);
    const theirRound = await theirs.office.pb.collection('rounds').create({ name: 'Their round' });
    const refusedCreate = await failure(mine.office.pb.collection('customers').create({ name: 'Birch', round: theirRound.id }));
    const customer = await mine.office.pb.collection('customers').create({ name: 'Birch' });
    const refusedUpdate = await failure(mine.office.pb.collection('customers').update(customer.id, { round: theirRound.id }));
    for (const refusal of [refusedCreate, refusedUpdate]) {
      expect(refusal.status).toBe(400);
      expect((refusal.response.data as FieldErrors).round?.message).toBe('Round not found in your nursery. Choose one from the list.');
    }
    expect((await mine.office.pb.collection('customers').getFullList()).map((c) => [c.name, c.round])).toEqual([['Birch', '']]);
  });

  it('a round customers are still on is not deleted: the sentence names them; once moved, it goes to Deleted and comes back', async () => {
    const { admin, office } = await createTeam(server);
    const round = await office.pb.collection('rounds').create({ name: 'Tuesday north' });
    const names = ['Ash Lane', 'Birch', 'Cedar Gardens', 'Damson', 'Elm Nursery'];
    const customers = [];
    for (const name of names) customers.push(await office.pb.collection('customers').create({ name, round: round.id }));

    const many = await failure(office.pb.collection('rounds').delete(round.id));
    expect([many.status, many.message]).toEqual([
      400,
      'Ash Lane, Birch, Cedar Gardens and 2 more are still on this round. Give them another round, or none, before deleting it.',
    ]);
    for (const customer of customers.slice(1)) await office.pb.collection('customers').update(customer.id, { round: '' });
    const one = await failure(office.pb.collection('rounds').delete(round.id));
    expect([one.status, one.message]).toEqual([
      400,
      'Ash Lane is still on this round. Give it another round, or none, before deleting it.',
    ]);
    await expect(office.pb.collection('rounds').getOne(round.id)).resolves.toMatchObject({ name: 'Tuesday north' });

    await office.pb.collection('customers').update(customers[0]!.id, { round: '' });
    await office.pb.collection('rounds').delete(round.id);
    expect((await failure(office.pb.collection('rounds').getOne(round.id))).status).toBe(404);
    await admin.pb.send(`/api/deleted/rounds/${round.id}/restore`, { method: 'POST' });
    await expect(office.pb.collection('rounds').getOne(round.id)).resolves.toMatchObject({ name: 'Tuesday north' });
  });

  it('a merge gives the customer kept the round and pin of the one merged when it has no round of its own', async () => {
    const { office } = await createTeam(server);
    const [north, south] = await Promise.all([
      office.pb.collection('rounds').create({ name: 'North' }),
      office.pb.collection('rounds').create({ name: 'South' }),
    ]);
    const [kept, merged, other, onSouth] = await Promise.all([
      office.pb.collection('customers').create({ name: 'Greenfields' }),
      office.pb.collection('customers').create({ name: 'Greenfields Ltd', round: north.id, roundPlace: 3 }),
      office.pb.collection('customers').create({ name: 'Oak Farm', round: south.id, roundPlace: 2 }),
      office.pb.collection('customers').create({ name: 'Oak Farm Ltd', round: north.id, roundPlace: 1 }),
    ]);
    const merge = (keep: string, gone: string) =>
      office.pb.send<{ record: { round: string; roundPlace: number } }>(CUSTOMERS_API.merge, {
        method: 'POST',
        body: { keep, merge: gone },
      });
    await expect(merge(kept.id, merged.id)).resolves.toMatchObject({ record: { round: north.id, roundPlace: 3 } });
    // A round of its own stays, with its own pin.
    await expect(merge(other.id, onSouth.id)).resolves.toMatchObject({ record: { round: south.id, roundPlace: 2 } });
  });
});
