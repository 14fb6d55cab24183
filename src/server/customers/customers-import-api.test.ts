import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_FIELD_OF, CUSTOMERS_IMPORT_API } from '#domain/csv/customer-import';
import type { ImportPreview, ImportResult } from '#domain/csv/csv-import';
import { customersCsv } from '#domain/csv/exports';
import type { CustomerRecord } from '#domain/records';
import { createTeam, failure, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';

// Importing customers from CSV through the official SDK (docs/decisions/049), against the real
// server: a book exported from one nursery imports into another as the same customers; a row the
// book already has, or the file has twice, is a problem in words; nothing is written while any row
// is invalid unless only the valid rows are asked for; only office staff and admins may import.

// A round is another record of each nursery: compared by its name in the test of rounds below.
const FIELDS = Object.values(CUSTOMER_FIELD_OF).filter((field) => field !== 'round');
const pick = (customer: RecordModel) => Object.fromEntries(FIELDS.map((field) => [field, customer[field]]));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const book = (account: TestAccount) => account.pb.collection('customers').getFullList({ sort: 'name' });
const preview = (account: TestAccount, csv: string) =>
  account.pb.send<ImportPreview>(CUSTOMERS_IMPORT_API.preview, { method: 'POST', body: { csv } });
const importCsv = (account: TestAccount, csv: string, onlyValid?: boolean) =>
  account.pb.send<ImportResult>(CUSTOMERS_IMPORT_API.import, { method: 'POST', body: { csv, ...(onlyValid ? { onlyValid } : {}) } });

describe('importing customers from CSV', () => {
  it('makes the same customers in another nursery from an exported book (round trip), and none twice', async () => {
    const [from, to] = await Promise.all([createTeam(server), createTeam(server)]);
    const customers = from.office.pb.collection('customers');
    await customers.create({
      name: 'Jardinería Núñez',
      postcode: 'CH4 9ZZ',
      phone: '+44 1244 000000',
      email: 'orders@nunez.example',
      deliveryAddress: 'Back gate\nPlot 4, "The Yard"',
      customerType: 'retail',
      usualDay: 'wednesday',
      usualTrolleys: 12,
      poolAccount: '-CC 1234',
      notes: '=HYPERLINK("x"); call first',
    });
    await customers.create({ name: '@Home Gardens', customerType: 'wholesale', active: false, notes: '-3 owed' });
    await customers.create({ name: 'Plain', postcode: 'AB1 2CD', customerType: 'other' });
    const exported = await book(from.office);
    const csv = customersCsv(exported as unknown as CustomerRecord[]);
    expect(await book(to.admin)).toHaveLength(0);

    expect(await importCsv(to.admin, csv)).toEqual({ created: 3, skipped: [] });
    const imported = await book(to.admin);
    expect(imported.map(pick)).toEqual(exported.map(pick));
    expect(imported.every((customer) => customer.nursery === to.admin.nursery)).toBe(true);

    // The same file again: every customer is in the book already, so nothing is written.
    const again = await preview(to.admin, csv);
    expect(again).toMatchObject({ valid: 0, invalid: 3 });
    expect(again.rows.find((row) => row.row === 3)?.problems).toEqual(['“Plain” at AB1 2CD is already in the customer book.']);
    const refused = await failure(importCsv(to.admin, csv));
    expect(refused.status).toBe(400);
    expect(refused.message).toMatch(/^Nothing was imported: 3 of 3 rows have problems/);
    expect(await book(to.admin)).toHaveLength(3);
  });

  it("carries each customer's round by its name into the other nursery's round of that name; a round it has not is the row's problem", async () => {
    const [from, to] = await Promise.all([createTeam(server), createTeam(server)]);
    const north = await from.office.pb.collection('rounds').create({ name: 'Tuesday north' });
    const south = await from.office.pb.collection('rounds').create({ name: 'Cotswolds' });
    const customers = from.office.pb.collection('customers');
    await customers.create({ name: 'Ash Lane', round: north.id });
    await customers.create({ name: 'Birch', round: south.id });
    await customers.create({ name: 'Cedar' });
    const exported = await book(from.office);
    const rounds = await from.office.pb.collection('rounds').getFullList();
    const csv = customersCsv(exported as unknown as CustomerRecord[], new Map(rounds.map((round) => [round.id, String(round.name)])));
    expect(csv.split('\r\n')[1]).toContain('Tuesday north');

    const theirs = await to.office.pb.collection('rounds').create({ name: 'TUESDAY North' });
    const read = await preview(to.office, csv);
    expect(read).toMatchObject({ valid: 2, invalid: 1 });
    expect(read.rows.find((row) => row.row === 2)?.problems).toEqual([
      'Round: there is no round “Cotswolds” in your nursery. Add it on the Fleet screen first, or leave the cell blank.',
    ]);
    expect(await importCsv(to.office, csv, true)).toMatchObject({ created: 2 });
    const imported = await book(to.office);
    expect(imported.map((customer) => [customer.name, customer.round])).toEqual([
      ['Ash Lane', theirs.id],
      ['Cedar', ''],
    ]);
  });

  it('previews every row with its problems in words and writes nothing', async () => {
    const { office } = await createTeam(server);
    await office.pb.collection('customers').create({ name: 'Green Acre', postcode: 'DE1 1AA', customerType: 'retail' });
    const csv = [
      'Name,Postcode,E-mail,Usual trolleys,Usual delivery day,Active',
      'Fine,ZZ1 1ZZ,,2,Tuesday,Yes',
      ',ZZ1 1ZZ,not-an-address,1000,Someday,Maybe',
      'green acre,de11aa,,,,',
      'Fine,zz1 1zz,,,,No',
      '',
    ].join('\r\n');
    const answer = await preview(office, csv);
    expect(answer).toMatchObject({ valid: 1, invalid: 3 });
    expect(answer.rows.map((row) => row.row)).toEqual([1, 2, 3, 4]);
    expect(answer.rows[0]).toMatchObject({ problems: [], values: { name: 'Fine', usualDay: 'tuesday', usualTrolleys: 2, active: true } });
    const bad = answer.rows[1]?.problems.join(' ') ?? '';
    expect(bad).toContain('Name: Cannot be blank.');
    expect(bad).toContain('E-mail: Enter an e-mail address like name@example.com');
    expect(bad).toContain('Usual trolleys must be between 0 and 999.');
    expect(bad).toContain('Usual delivery day: Must be one of: None, Monday, Tuesday,');
    expect(bad).toContain('Active: Must be Yes or No.');
    expect(answer.rows[2]?.problems).toEqual(['“Green Acre” at DE1 1AA is already in the customer book.']);
    expect(answer.rows[3]?.problems).toEqual(['Row 1 has the same name and postcode.']);
    expect(await book(office)).toHaveLength(1);
  });

  it('imports nothing while any row is invalid, unless only the valid rows are asked for', async () => {
    const { admin } = await createTeam(server);
    const csv = 'Name,Customer type\r\nFirst,Retail\r\nSecond,Florist\r\nThird,wholesale\r\n';
    const refused = await failure(importCsv(admin, csv));
    expect(refused.status).toBe(400);
    expect(refused.message).toMatch(/^Nothing was imported: 1 of 3 rows have problems \(row 2: Customer type: .+\)/);
    expect(await book(admin)).toHaveLength(0);

    expect(await importCsv(admin, csv, true)).toEqual({
      created: 2,
      skipped: [{ row: 2, problems: [expect.stringMatching(/^Customer type: /)] }],
    });
    expect((await book(admin)).map((customer) => [customer.name, customer.customerType])).toEqual([
      ['First', 'retail'],
      ['Third', 'wholesale'],
    ]);
  });

  it('is for office staff and admins; a file it cannot read and a body without the text get a sentence', async () => {
    const { admin, staff, viewer } = await createTeam(server);
    const csv = 'Name\r\nNobody\r\n';
    for (const account of [staff, viewer]) {
      // One request at a time: a refusal not yet awaited would be an unhandled rejection.
      for (const attempt of [() => preview(account, csv), () => importCsv(account, csv)]) {
        const refused = await failure(attempt());
        expect(refused.status).toBe(403);
        expect(refused.message).toBe('Only office staff and admins can change customers. Ask one of them to add or change this customer.');
      }
    }
    expect((await failure(importCsv(admin, 'Colour\r\nred\r\n'))).message).toContain(
      'columns this import does not know: "Colour". Use the columns of the exported customer book',
    );
    expect((await failure(importCsv(admin, 'Postcode\r\nAB1 2CD\r\n'))).message).toBe('The file needs the columns Name.');
    const noText = await failure(admin.pb.send(CUSTOMERS_IMPORT_API.import, { method: 'POST', body: {} }));
    expect(noText).toMatchObject({ status: 400, message: expect.stringContaining('"csv"') });
    expect(await book(admin)).toHaveLength(0);
  });
});
