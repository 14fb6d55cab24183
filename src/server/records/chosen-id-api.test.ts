import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUTURE_YEAR } from '../../../tests/support/open-weeks';
import { createAccount, failure, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';
import { ID_TAKEN_MESSAGE } from './chosen-id';

// A create may name its record's id, as PocketBase allows; the web app's outbox does so that a
// create sent again after its answer was lost never makes a second order (docs/decisions/047).

let counter = 0;
/** A fresh 15-character id, as the web app makes them. */
function newId(): string {
  counter += 1;
  return `outbox${String(counter).padStart(9, '0')}`;
}

const order = (title: string) => ({
  title,
  day: 'tuesday',
  postcode: 'AB1 2CD',
  orderNumber: 'SO-1',
  year: FUTURE_YEAR,
  weekNumber: 10,
  trollies: 3,
  status: '',
});

describe('a create with a chosen id', () => {
  let server: TestServer;
  let staff: TestAccount;
  let colleague: TestAccount;
  let stranger: TestAccount;

  beforeAll(async () => {
    server = await startTestServer();
    staff = await createAccount(server);
    colleague = await createAccount(server, { nursery: staff.nursery, role: 'staff' });
    stranger = await createAccount(server);
  });
  afterAll(async () => {
    await server.close();
  });

  async function countWithTitle(title: string): Promise<number> {
    return (await staff.pb.collection('tasks').getFullList({ filter: staff.pb.filter('title = {:title}', { title }) })).length;
  }

  it('keeps the id, and a resend of the same create answers that record without making another', async () => {
    const id = newId();
    const first = await staff.pb.collection('tasks').create({ id, ...order('Resent once') });
    expect(first.id).toBe(id);
    const again = await staff.pb.collection('tasks').create({ id, ...order('Resent once') });
    expect(again).toMatchObject({ id, title: 'Resent once', created: first.created, updated: first.updated });
    expect(await countWithTitle('Resent once')).toBe(1);
  });

  it('answers the record also when it was changed since it was made (by anyone)', async () => {
    const id = newId();
    await staff.pb.collection('tasks').create({ id, ...order('Changed since') });
    const changed = await colleague.pb.collection('tasks').update(id, { status: 'pulled', trollies: 5 });
    const again = await staff.pb.collection('tasks').create({ id, ...order('Changed since') });
    expect(again).toMatchObject({ id, status: 'pulled', trollies: '5', updated: changed.updated });
    expect(await countWithTitle('Changed since')).toBe(1);
  });

  it('refuses a different body with a taken id in words, and changes nothing', async () => {
    const id = newId();
    const first = await staff.pb.collection('tasks').create({ id, ...order('Taken id') });
    const error = await failure(staff.pb.collection('tasks').create({ id, ...order('Another order') }));
    expect(error.status).toBe(400);
    expect(error.response).toMatchObject({ message: ID_TAKEN_MESSAGE, data: { id: { code: 'validation_not_unique' } } });
    expect(await staff.pb.collection('tasks').getOne(id)).toMatchObject({ title: 'Taken id', updated: first.updated });
    expect(await countWithTitle('Another order')).toBe(0);
  });

  it("never answers another nursery's record: its id is taken, in the same words", async () => {
    const id = newId();
    await staff.pb.collection('tasks').create({ id, ...order('Theirs') });
    const error = await failure(stranger.pb.collection('tasks').create({ id, ...order('Theirs') }));
    expect(error.status).toBe(400);
    expect(error.response.message).toBe(ID_TAKEN_MESSAGE);
    expect(JSON.stringify(error.response)).not.toContain('Theirs');
    expect(await stranger.pb.collection('tasks').getFullList()).toEqual([]);
  });

  it('refuses an id of a deleted record, so Restore never meets a second one', async () => {
    const id = newId();
    await staff.pb.collection('tasks').create({ id, ...order('Deleted one') });
    await staff.pb.collection('tasks').delete(id, { headers: { 'X-Confirm-Password': 'Prune-The-Roses' } });
    const error = await failure(staff.pb.collection('tasks').create({ id, ...order('Deleted one') }));
    expect(error.status).toBe(400);
    expect(error.response.message).toBe(ID_TAKEN_MESSAGE);
  });

  it('refuses a malformed id on the field', async () => {
    for (const id of ['short', 'UPPERCASEUPPERC', 'with-dash-12345', 12345]) {
      const error = await failure(staff.pb.collection('tasks').create({ id, ...order('Bad id') }));
      expect(error.status).toBe(400);
      expect(error.response.data).toMatchObject({ id: { code: 'validation_invalid_value' } });
    }
    expect(await countWithTitle('Bad id')).toBe(0);
  });

  it('two identical creates at once make one record and both answer it', async () => {
    const id = newId();
    const sends = await Promise.all(
      Array.from({ length: 4 }, () => staff.pb.collection('tasks').create<RecordModel>({ id, ...order('At once') }, { requestKey: null })),
    );
    expect(new Set(sends.map((record) => `${record.id} ${record.created}`)).size).toBe(1);
    expect(await countWithTitle('At once')).toBe(1);
  });
});
