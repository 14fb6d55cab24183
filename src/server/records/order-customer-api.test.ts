import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { order } from '../../../tests/support/realtime-client';
import { createTeam, failure, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';

// Orders know their customer from the start (docs/decisions/062): an order saved through the
// records API with `newCustomer: true` and no customer is linked, in its own transaction, to the
// customer its name and postcode already are, or to a customer made from it. Without the flag the
// spec's create stays as it was.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const customersOf = async (account: TestAccount) =>
  (await account.pb.collection('customers').getFullList({ sort: 'created' })).map((c) => ({
    id: c.id,
    name: String(c.name),
    postcode: String(c.postcode),
    customerType: String(c.customerType),
  }));

describe('an order saved with a new customer name', () => {
  it('makes exactly one customer from the order, links it, and answers without the flag', async () => {
    const { staff } = await createTeam(server);
    const placed = await staff.pb.collection('tasks').create(order('  Oak Farm Shop ', { postcode: 'GL7 1AB', newCustomer: true }));
    const book = await customersOf(staff);
    expect(book).toEqual([{ id: placed.customer, name: 'Oak Farm Shop', postcode: 'GL7 1AB', customerType: 'retail' }]);
    expect(placed).not.toHaveProperty('newCustomer');
    const read = await staff.pb.collection('tasks').getOne(placed.id);
    expect(read.customer).toBe(placed.customer);
    expect(read).not.toHaveProperty('newCustomer');
    // The next order of that name finds it: still one customer.
    const again = await staff.pb.collection('tasks').create(order('oak farm shop', { postcode: 'gl71ab', newCustomer: true }));
    expect(again.customer).toBe(placed.customer);
    expect(await customersOf(staff)).toHaveLength(1);
  });

  it('links the close match with the same postcode instead of making one', async () => {
    const { office, staff } = await createTeam(server);
    const hillside = await office.pb.collection('customers').create({ name: 'Hillside Garden Centre', postcode: 'GL7 1AB' });
    const placed = await staff.pb
      .collection('tasks')
      .create(order('Hillside Garden Centre Ltd', { postcode: 'gl7 1ab', newCustomer: true }));
    expect(placed.customer).toBe(hillside.id);
    expect(placed.title).toBe('Hillside Garden Centre Ltd');
    expect((await customersOf(staff)).map((c) => c.id)).toEqual([hillside.id]);
  });

  it('makes a new customer when the close match is at another postcode, or when there are two', async () => {
    const { office, staff } = await createTeam(server);
    const elsewhere = await office.pb.collection('customers').create({ name: 'Brook Nursery', postcode: 'GL7 1AB' });
    const placed = await staff.pb.collection('tasks').create(order('Brook Nursery Ltd', { postcode: 'SN1 2CD', newCustomer: true }));
    expect(placed.customer).not.toBe(elsewhere.id);
    // Now "Brook Nursery" has two customers; an order with no postcode could be either: a person decides, so a new one.
    const unsure = await staff.pb.collection('tasks').create(order('Brook Nursery', { newCustomer: true }));
    expect([elsewhere.id, placed.customer]).not.toContain(unsure.customer);
    expect(await customersOf(staff)).toHaveLength(3);
  });

  it('makes one customer when several saves of the same new name arrive at once, and links every order to it', async () => {
    const { staff, office } = await createTeam(server);
    staff.pb.autoCancellation(false);
    office.pb.autoCancellation(false);
    const names = ['Meadow View', 'meadow view', 'Meadow View Ltd', 'MEADOW VIEW LIMITED', 'Meadow  View.', 'Méadow View'];
    const placed = await Promise.all(
      names.map((name, i) =>
        (i % 2 === 0 ? staff : office).pb.collection('tasks').create(order(name, { postcode: 'BA1 1AA', newCustomer: true })),
      ),
    );
    const book = await customersOf(staff);
    expect(book).toHaveLength(1);
    expect(new Set(placed.map((p) => p.customer))).toEqual(new Set([book[0]?.id]));
  });

  it('answers a replayed create with a chosen id with the order it made, and makes no second customer', async () => {
    const { staff } = await createTeam(server);
    staff.pb.autoCancellation(false);
    const body = order('Willow Lane', { id: 'willowlane00001', postcode: 'OX1 1AA', newCustomer: true });
    const [first, second] = await Promise.all([staff.pb.collection('tasks').create(body), staff.pb.collection('tasks').create(body)]);
    const third = await staff.pb.collection('tasks').create(body);
    expect(first?.id).toBe('willowlane00001');
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    const book = await customersOf(staff);
    expect(book.map((c) => c.id)).toEqual([first?.customer]);
    expect(await staff.pb.collection('tasks').getFullList()).toHaveLength(1);
  });

  it('works on Edit Order too, and ignores the flag when a customer is chosen', async () => {
    const { office, staff } = await createTeam(server);
    const plain = await staff.pb.collection('tasks').create(order('Cedar Stores', { postcode: 'EX1 1AA' }));
    expect(plain.customer).toBe('');
    const linked = await staff.pb.collection('tasks').update(plain.id, { title: 'Cedar Stores Ltd', newCustomer: true });
    const book = await customersOf(staff);
    expect(book).toEqual([{ id: linked.customer, name: 'Cedar Stores Ltd', postcode: 'EX1 1AA', customerType: 'retail' }]);
    expect(linked).not.toHaveProperty('newCustomer');
    // Already linked: the flag changes nothing.
    const unchanged = await staff.pb.collection('tasks').update(plain.id, { newCustomer: true, title: 'Cedar Stores (Tue)' });
    expect(unchanged.customer).toBe(linked.customer);
    // A chosen customer wins over the flag.
    const chosen = await office.pb.collection('customers').create({ name: 'Someone Else', postcode: 'EX2 2BB' });
    const withChosen = await staff.pb.collection('tasks').create(order('A Brand New Name', { customer: chosen.id, newCustomer: true }));
    expect(withChosen.customer).toBe(chosen.id);
    expect(await customersOf(staff)).toHaveLength(2);
  });
});

describe('without the flag, or when the order is refused', () => {
  it("the spec's create without a customer works as before and makes no customer", async () => {
    const { staff } = await createTeam(server);
    const placed = await staff.pb.collection('tasks').create(order('Plain Order', { postcode: 'AB1 2CD' }));
    expect(placed.customer).toBe('');
    const notAsked = await staff.pb.collection('tasks').create(order('Plain Order Two', { newCustomer: false }));
    expect(notAsked.customer).toBe('');
    expect(await customersOf(staff)).toEqual([]);
  });

  it('leaves no customer behind when the order is invalid, and refuses a flag that is not true or false', async () => {
    const { staff, viewer } = await createTeam(server);
    const invalid = await failure(staff.pb.collection('tasks').create(order('Ghost Farm', { weekNumber: 60, newCustomer: true })));
    expect(invalid.status).toBe(400);
    expect(invalid.response.data).toHaveProperty('weekNumber');
    const notAFlag = await failure(staff.pb.collection('tasks').create(order('Ghost Farm', { newCustomer: 'yes' })));
    expect(notAFlag.status).toBe(400);
    expect(notAFlag.response.data).toMatchObject({ newCustomer: { message: expect.stringMatching(/true or false/) } });
    const viewerTried = await failure(viewer.pb.collection('tasks').create(order('Ghost Farm', { newCustomer: true })));
    expect(viewerTried.status).toBe(403);
    expect(await customersOf(staff)).toEqual([]);
    expect(await staff.pb.collection('tasks').getFullList()).toEqual([]);
  });

  it('refuses the flag on other collections, as any name that is no field', async () => {
    const { office } = await createTeam(server);
    const refused = await failure(office.pb.collection('customers').create({ name: 'Flagged', newCustomer: true }));
    expect(refused.status).toBe(400);
    expect(refused.response.data).toHaveProperty('newCustomer');
  });
});
