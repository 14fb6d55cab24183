import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMERS_API } from '#domain/customers/matching';
import { listen, order, waitFor } from '../../../tests/support/realtime-client';
import {
  createAccount,
  createTeam,
  failure,
  startTestServer,
  TEST_DELETE_PASSWORD,
  type TestAccount,
  type TestServer,
} from '../../../tests/support/server';

// The customer book through the official SDK (docs/decisions/037): a nursery's members read its
// customers, office staff and admins change them; orders name one of their own nursery's; two
// duplicates merge in one transaction; existing orders are linked by name and postcode, never
// guessed; another nursery's customers are nowhere to be seen.

const customer = (name: string, extra: Record<string, unknown> = {}) => ({ name, postcode: 'AB1 2CD', customerType: 'retail', ...extra });

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const nursery = () => createTeam(server);

const send = (account: TestAccount, path: string, body: unknown) => account.pb.send(path, { method: 'POST', body });

describe('the customer book', () => {
  it('office and admins add and change customers; staff and viewers read them and are told why not', async () => {
    const { admin, office, staff, viewer } = await nursery();
    const made = await office.pb
      .collection('customers')
      .create(customer('Green Garden Centre', { phone: '01234 567890', usualTrolleys: 6 }));
    expect(made).toMatchObject({ name: 'Green Garden Centre', nursery: admin.nursery, active: true, usualDay: '', usualTrolleys: 6 });
    const changed = await admin.pb.collection('customers').update(made.id, { usualDay: 'tuesday', active: false });
    expect(changed).toMatchObject({ usualDay: 'tuesday', active: false });
    for (const reader of [staff, viewer]) {
      await expect(reader.pb.collection('customers').getOne(made.id)).resolves.toMatchObject({ name: 'Green Garden Centre' });
      const create = await failure(reader.pb.collection('customers').create(customer('Not allowed')));
      expect(create.status).toBe(403);
      expect(create.message).toMatch(/Only office staff and admins can change customers/);
      expect((await failure(reader.pb.collection('customers').update(made.id, { name: 'Renamed' }))).status).toBe(403);
    }
    const search = await staff.pb.collection('customers').getList(1, 10, { filter: 'name ~ "gard"' });
    expect(search.items.map((c) => c.id)).toEqual([made.id]);
  });

  it('refuses what a person could not mean, with a sentence on the field', async () => {
    const { office } = await nursery();
    const refused = await failure(office.pb.collection('customers').create(customer('', { email: 'not-an-address', usualTrolleys: -1 })));
    expect(refused.status).toBe(400);
    expect(refused.response.data).toMatchObject({
      name: { message: expect.any(String) },
      email: { message: 'Enter an e-mail address like name@example.com, or leave it empty.' },
      usualTrolleys: { message: expect.any(String) },
    });
  });

  it('an order names a customer of its own nursery and expands it', async () => {
    const { office, staff } = await nursery();
    const made = await office.pb.collection('customers').create(customer('Hill Top'));
    const placed = await staff.pb.collection('tasks').create(order('Hill Top', { customer: made.id }), { expand: 'customer' });
    expect(placed.customer).toBe(made.id);
    expect(placed.expand?.customer).toMatchObject({ id: made.id, name: 'Hill Top' });
    // The SDK sends the record back whole: the customer it already names is fine.
    await expect(staff.pb.collection('tasks').update(placed.id, { ...placed, title: 'Hill Top (Tue)' })).resolves.toMatchObject({
      customer: made.id,
    });
  });
});

describe("another nursery's customers", () => {
  it('are 404, in no list, cannot be named by an order, are not expanded and are no realtime event', async () => {
    const mine = await nursery();
    const theirs = await nursery();
    const secret = await theirs.office.pb.collection('customers').create(customer('Their Best Customer'));
    await mine.office.pb.collection('customers').create(customer('Our customer'));

    for (const account of [mine.admin, mine.office, mine.staff, mine.viewer]) {
      expect((await failure(account.pb.collection('customers').getOne(secret.id))).status).toBe(404);
      const all = await account.pb.collection('customers').getFullList({ filter: `id = "${secret.id}" || name ~ "Their"` });
      expect(all).toEqual([]);
    }
    expect((await failure(mine.office.pb.collection('customers').update(secret.id, { name: 'Mine now' }))).status).toBe(404);
    expect(
      (await failure(mine.office.pb.collection('customers').delete(secret.id, { headers: { 'X-Confirm-Password': TEST_DELETE_PASSWORD } })))
        .status,
    ).toBe(404);

    // Naming it on an order is refused with the same sentence as an id that does not exist.
    const named = await failure(mine.staff.pb.collection('tasks').create(order('Sneaky', { customer: secret.id })));
    const unknown = await failure(mine.staff.pb.collection('tasks').create(order('Sneaky', { customer: 'abcdefghijklmno' })));
    expect(named.status).toBe(400);
    expect(named.response.data).toEqual(unknown.response.data);
    expect(named.response.data.customer).toMatchObject({ message: 'Customer not found in your nursery. Choose one from the list.' });
    const ours = await mine.staff.pb.collection('tasks').create(order('Ours'));
    expect((await failure(mine.staff.pb.collection('tasks').update(ours.id, { customer: secret.id }))).status).toBe(400);

    // Even an order that somehow holds the id (written straight into the database) expands nothing.
    await server.built.database.db.updateTable('tasks').set({ customer: secret.id }).where('id', '=', ours.id).execute();
    const seen = await mine.staff.pb.collection('tasks').getOne(ours.id, { expand: 'customer' });
    expect(seen.expand?.customer).toBeUndefined();

    // Merging across nurseries: 404 either way round.
    const own = await mine.office.pb.collection('customers').create(customer('Own'));
    for (const body of [
      { keep: own.id, merge: secret.id },
      { keep: secret.id, merge: own.id },
    ])
      expect((await failure(send(mine.office, CUSTOMERS_API.merge, body))).status).toBe(404);
    await expect(theirs.office.pb.collection('customers').getOne(secret.id)).resolves.toMatchObject({ name: 'Their Best Customer' });

    // Realtime: a change meets its own nursery's streams only.
    const ourStream = await listen(mine.viewer.pb, 'customers', '*');
    const guess = await listen(mine.viewer.pb, 'customers', secret.id);
    await theirs.office.pb.collection('customers').update(secret.id, { notes: 'Gate code 1234' });
    const ownChange = await mine.office.pb.collection('customers').update(own.id, { notes: 'After theirs' });
    await waitFor(() => ourStream.events.find((e) => e.record.id === ownChange.id), 'our own customer event');
    // On PostgreSQL the event of `own`'s create can still be on its way when the stream opens, so
    // our stream may hold it too: what matters is that theirs never arrives.
    expect([...new Set(ourStream.events.map((e) => e.record.id))]).toEqual([own.id]);
    expect(guess.events).toEqual([]);
    await mine.viewer.pb.realtime.unsubscribe();
  });
});

describe('merging two customers', () => {
  it("moves every order to the one kept, fills its blanks from the other's, and removes the duplicate", async () => {
    const { office, staff } = await nursery();
    const keep = await office.pb.collection('customers').create(customer('Green Garden Centre', { phone: '' }));
    const dup = await office.pb
      .collection('customers')
      .create(customer('Green Garden Center', { phone: '01234 567890', postcode: 'XX1 1XX' }));
    const placed = await Promise.all([1, 2, 3].map((n) => staff.pb.collection('tasks').create(order(`GGC ${n}`, { customer: dup.id }))));
    const untouched = await staff.pb.collection('tasks').create(order('Other', { customer: keep.id }));

    const result = await send(office, CUSTOMERS_API.merge, { keep: keep.id, merge: dup.id });
    expect(result).toMatchObject({ movedOrders: 3, record: { id: keep.id, phone: '01234 567890', postcode: 'AB1 2CD' } });
    const orders = await staff.pb.collection('tasks').getFullList({ filter: `customer = "${keep.id}"` });
    expect(orders.map((o) => o.id).sort()).toEqual([...placed.map((o) => o.id), untouched.id].sort());
    expect((await failure(staff.pb.collection('customers').getOne(dup.id))).status).toBe(404);
    // Each moved order names who moved it, in updated_by and in its history.
    const moved = await staff.pb.collection('tasks').getOne(placed[0]?.id ?? '');
    expect(moved.updated_by).toBe(office.id);
    const history = await staff.pb.send(`/api/collections/tasks/records/${moved.id}/history`, {});
    expect(history.items.at(-1)).toMatchObject({
      action: 'update',
      byName: office.username,
      changes: expect.arrayContaining([expect.objectContaining({ field: 'customer' })]),
    });
  });

  it('answers bad requests with a sentence, and refuses staff and viewers', async () => {
    const { office, staff, viewer } = await nursery();
    const one = await office.pb.collection('customers').create(customer('One'));
    const other = await office.pb.collection('customers').create(customer('Other'));
    const missing = await failure(send(office, CUSTOMERS_API.merge, { keep: one.id }));
    expect(missing.status).toBe(400);
    expect(missing.response.data.merge).toMatchObject({ message: 'Choose the duplicate to merge.' });
    const itself = await failure(send(office, CUSTOMERS_API.merge, { keep: one.id, merge: one.id }));
    expect(itself.status).toBe(400);
    expect(itself.message).toBe('Choose two different customers: a customer cannot be merged into itself.');
    expect((await failure(send(office, CUSTOMERS_API.merge, 'nonsense'))).status).toBe(400);
    expect((await failure(send(office, CUSTOMERS_API.merge, { keep: one.id, merge: 'abcdefghijklmno' }))).status).toBe(404);
    for (const account of [staff, viewer]) {
      const refused = await failure(send(account, CUSTOMERS_API.merge, { keep: one.id, merge: other.id }));
      expect(refused.status).toBe(403);
      expect(refused.message).toMatch(/Only office staff and admins can change customers/);
    }
    const visitor = await failure(server.client().send(CUSTOMERS_API.merge, { method: 'POST', body: { keep: one.id, merge: other.id } }));
    expect(visitor.status).toBe(401);
    await expect(office.pb.collection('customers').getOne(other.id)).resolves.toMatchObject({ name: 'Other' });
  });
});

describe('matching existing orders to customers', () => {
  it('links by name and postcode ignoring case and spaces, lists the rest, never guesses, and can run again', async () => {
    const { office, staff } = await nursery();
    const stranger = await createAccount(server);
    const ggc = await office.pb.collection('customers').create(customer('Green Garden Centre', { postcode: 'AB1 2CD' }));
    await office.pb.collection('customers').create(customer('Twins', { postcode: 'TW1 1AA' }));
    await office.pb.collection('customers').create(customer('twins', { postcode: 'tw11aa' }));
    const linked = await Promise.all([
      staff.pb.collection('tasks').create(order('green garden centre', { postcode: 'ab12cd' })),
      staff.pb.collection('tasks').create(order(' GREEN GARDEN  CENTRE', { postcode: 'AB1 2CD' })),
    ]);
    const noCustomer = await staff.pb.collection('tasks').create(order('Hill Top', { postcode: 'HT1 1AA' }));
    const twins = await staff.pb.collection('tasks').create(order('Twins', { postcode: 'TW1 1AA' }));
    const theirs = await stranger.pb.collection('tasks').create(order('Green Garden Centre', { postcode: 'AB1 2CD' }));

    const first = await send(office, CUSTOMERS_API.matchOrders, {});
    expect(first).toEqual({
      linked: 2,
      unmatched: [
        { title: 'Hill Top', postcode: 'HT1 1AA', orders: 1, reason: 'none' },
        { title: 'Twins', postcode: 'TW1 1AA', orders: 1, reason: 'several' },
      ],
      moreUnmatched: 0,
    });
    for (const placed of linked) await expect(staff.pb.collection('tasks').getOne(placed.id)).resolves.toMatchObject({ customer: ggc.id });
    for (const left of [noCustomer, twins])
      await expect(staff.pb.collection('tasks').getOne(left.id)).resolves.toMatchObject({ customer: '' });
    await expect(stranger.pb.collection('tasks').getOne(theirs.id)).resolves.toMatchObject({ customer: '' });

    // Again: nothing new to link; once Hill Top is a customer, its order is linked.
    expect(await send(office, CUSTOMERS_API.matchOrders, {})).toMatchObject({ linked: 0 });
    const hillTop = await office.pb.collection('customers').create(customer('Hill Top', { postcode: 'HT1 1AA' }));
    expect(await send(office, CUSTOMERS_API.matchOrders, {})).toMatchObject({ linked: 1, unmatched: [{ title: 'Twins' }] });
    await expect(staff.pb.collection('tasks').getOne(noCustomer.id)).resolves.toMatchObject({ customer: hillTop.id });
    expect((await failure(send(staff, CUSTOMERS_API.matchOrders, {}))).status).toBe(403);
  });

  it('links years of orders a batch at a time, and lists the largest unmatched names first', async () => {
    const { office, staff } = await nursery();
    const ggc = await office.pb.collection('customers').create(customer('Big Garden Centre'));
    // More orders than one batch writes, and more unmatched names than the answer lists.
    const many = 450;
    for (let at = 0; at < many; at += 25)
      await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          staff.pb
            .collection('tasks')
            .create(at + i < 250 ? order('Big Garden Centre', { postcode: 'AB1 2CD' }) : order(`Walk-in ${at + i}`)),
        ),
      );
    const answer = await send(office, CUSTOMERS_API.matchOrders, {});
    expect(answer).toMatchObject({ linked: 250, moreUnmatched: 0 });
    expect(answer.unmatched).toHaveLength(200);
    const extra = await staff.pb.collection('tasks').create(order('Walk-in late'));
    expect(await send(office, CUSTOMERS_API.matchOrders, {})).toMatchObject({ linked: 0, moreUnmatched: 1 });
    const linked = await staff.pb.collection('tasks').getList(1, 1, { filter: `customer = "${ggc.id}"` });
    expect(linked.totalItems).toBe(250);
    expect(extra.customer).toBe('');
  });
});
