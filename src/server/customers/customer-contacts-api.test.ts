import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, failure, startTestServer, type TestServer } from '../../../tests/support/server';
import { CUSTOMER_EDITORS_ONLY } from '../records/collections/customers';
import { MAIL_LOG_BY_THE_SERVER } from '../records/collections/customer-contacts';

// A customer's contacts through the SDK (docs/decisions/077): office and admins keep them, each
// address checked, each kind of mail switched on or off; staff and viewers read them; another
// nursery's customer cannot be named; the mail log is the server's to write.

let server: TestServer;
let team: Awaited<ReturnType<typeof createTeam>>;
let other: Awaited<ReturnType<typeof createTeam>>;
beforeAll(async () => {
  server = await startTestServer();
  team = await createTeam(server);
  other = await createTeam(server);
});
afterAll(async () => {
  await server.close();
});

describe("a customer's contacts", () => {
  it('office adds, changes and removes a contact; every kind of mail starts switched on', async () => {
    const customer = await team.office.pb.collection('customers').create({ name: 'Hillside Garden Centre' });
    const contact = await team.office.pb
      .collection('customer_contacts')
      .create({ customer: customer.id, name: 'Jo, tills', email: 'jo@hillside.test', phone: '01234 567890' });
    expect(contact).toMatchObject({
      customer: customer.id,
      nursery: team.office.nursery,
      email: 'jo@hillside.test',
      deliveryNotices: true,
      balanceReminders: true,
      statements: true,
    });
    const changed = await team.admin.pb.collection('customer_contacts').update(contact.id, { statements: false });
    expect(changed.statements).toBe(false);
    // Staff and viewers read them (the driver's page will show a phone), never change them.
    const read = await team.viewer.pb.collection('customer_contacts').getFullList({ filter: `customer = "${customer.id}"` });
    expect(read.map((c) => c.email)).toEqual(['jo@hillside.test']);
    const refused = await failure(team.staff.pb.collection('customer_contacts').update(contact.id, { email: 'me@elsewhere.test' }));
    expect(refused.status).toBe(403);
    expect(refused.response.message).toBe(CUSTOMER_EDITORS_ONLY);
    await team.office.pb.collection('customer_contacts').delete(contact.id);
    expect(await team.office.pb.collection('customer_contacts').getFullList({ filter: `customer = "${customer.id}"` })).toEqual([]);
  });

  it('refuses an address that is not one, and a contact without one, with a sentence', async () => {
    const customer = await team.office.pb.collection('customers').create({ name: 'Brook Nursery' });
    const bad = await failure(team.office.pb.collection('customer_contacts').create({ customer: customer.id, email: 'jo at brook' }));
    expect(bad.status).toBe(400);
    expect(bad.response.data.email?.message).toBe('Enter an e-mail address like name@example.com.');
    const none = await failure(team.office.pb.collection('customer_contacts').create({ customer: customer.id, email: '' }));
    expect(none.status).toBe(400);
    expect(none.response.data.email?.message).toBeTruthy();
    expect(await team.office.pb.collection('customer_contacts').getFullList({ filter: `customer = "${customer.id}"` })).toEqual([]);
  });

  it("never ties a contact to another nursery's customer, and never shows one to another nursery", async () => {
    const theirs = await other.office.pb.collection('customers').create({ name: 'Their Customer' });
    const refused = await failure(team.office.pb.collection('customer_contacts').create({ customer: theirs.id, email: 'x@their.test' }));
    expect(refused.status).toBe(400);
    expect(refused.response.data.customer?.message).toBe('Customer not found in your nursery. Choose one from the list.');
    const contact = await other.office.pb.collection('customer_contacts').create({ customer: theirs.id, email: 'x@their.test' });
    expect((await failure(team.office.pb.collection('customer_contacts').getOne(contact.id))).status).toBe(404);
  });

  it('the mail log is read by members and written by the server only', async () => {
    const customer = await team.office.pb.collection('customers').create({ name: 'Log Customer' });
    const refused = await failure(
      team.admin.pb.collection('customer_mail').create({ customer: customer.id, to: 'x@log.test', subject: 'Hello', status: 'sent' }),
    );
    expect(refused.status).toBe(403);
    expect(refused.response.message).toBe(MAIL_LOG_BY_THE_SERVER);
    expect(await team.staff.pb.collection('customer_mail').getFullList()).toEqual([]);
  });
});
