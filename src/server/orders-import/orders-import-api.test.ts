import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersCsv } from '#domain/csv/exports';
import { FIELD_OF, ORDERS_IMPORT_API } from '#domain/csv/order-import';
import type { OrderRecord } from '#domain/records';
import { FUTURE_YEAR } from '../../../tests/support/open-weeks';
import { createAccount, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';

// Importing orders from CSV through the API (docs/decisions/049), against the real server.
const FIELDS = Object.values(FIELD_OF);
const pick = (order: RecordModel) => Object.fromEntries(FIELDS.map((field) => [field, order[field]]));

describe('importing orders from CSV', () => {
  let server: TestServer;
  let exporter: TestAccount;
  let importer: TestAccount;

  async function post(account: TestAccount, path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', Authorization: account.pb.authStore.token },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
  const weekOf = (account: TestAccount, week: number) =>
    account.pb.collection('tasks').getFullList({ filter: `year = ${FUTURE_YEAR} && weekNumber = ${week}`, sort: 'title' });

  beforeAll(async () => {
    server = await startTestServer();
    // Two nurseries: one exports its week, the other's same week is empty.
    [exporter, importer] = await Promise.all([createAccount(server), createAccount(server)]);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('makes the same orders in an empty week from an exported week (round trip)', async () => {
    const orders = exporter.pb.collection('tasks');
    await orders.create({
      title: 'Jardinería Núñez',
      day: 'wednesday',
      postcode: 'CH4 9ZZ',
      customerType: 'retail',
      other: 'none',
      weekNumber: 10,
      year: FUTURE_YEAR,
      status: 'missed',
      trollies: '3',
      orderInfo: '=HYPERLINK("x")\nback gate',
    });
    await orders.create({
      title: '@Home, "Gardens"',
      day: 'monday',
      customerType: 'wholesale',
      other: 'collect',
      weekNumber: 10,
      year: FUTURE_YEAR,
      orderNumber: '-7',
      trollies: '-1',
      extras: '2 + shelf',
    });
    await orders.create({
      title: 'Plain',
      day: 'sunday',
      customerType: 'other',
      other: 'none',
      weekNumber: 10,
      year: FUTURE_YEAR,
      status: 'loaded',
    });
    const exported = await weekOf(exporter, 10);
    const csv = ordersCsv(exported as unknown as OrderRecord[]);
    expect(await weekOf(importer, 10)).toHaveLength(0);

    const answer = await post(importer, ORDERS_IMPORT_API.import, { csv });
    expect(answer).toEqual({ status: 200, body: { created: 3, skipped: [] } });
    const imported = await weekOf(importer, 10);
    expect(imported.map(pick)).toEqual(exported.map(pick));
    // The importer's nursery and name, not the exporter's.
    expect(imported.every((order) => order.nursery === importer.nursery && order.created_by === importer.id)).toBe(true);
  });

  it('previews every row with its problems in words and writes nothing', async () => {
    const csv = `Year,Week,Day,Customer name\r\n${FUTURE_YEAR},11,Monday,Good one\r\n${FUTURE_YEAR},60,Funday,\r\n2020,11,Monday,Long gone\r\n`;
    const answer = await post(importer, ORDERS_IMPORT_API.preview, { csv });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ valid: 1, invalid: 2 });
    const rows = answer.body.rows as Array<{ row: number; problems: string[] }>;
    expect(rows.map((row) => row.row)).toEqual([1, 2, 3]);
    expect(rows[0]?.problems).toEqual([]);
    expect(rows[1]?.problems.join(' ')).toMatch(/Week must be between 1 and 5[23]/);
    expect(rows[2]?.problems.join(' ')).toMatch(/week/i);
    expect(await weekOf(importer, 11)).toHaveLength(0);
  });

  it('imports nothing while any row is invalid, unless only the valid rows are asked for', async () => {
    const csv = `Year,Week,Day,Customer name\r\n${FUTURE_YEAR},12,Monday,First\r\n${FUTURE_YEAR},12,Someday,Second\r\n${FUTURE_YEAR},12,Friday,Third\r\n`;
    const refused = await post(importer, ORDERS_IMPORT_API.import, { csv });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^Nothing was imported: 1 of 3 rows have problems \(row 2: .+\)/);
    expect(await weekOf(importer, 12)).toHaveLength(0);

    const partial = await post(importer, ORDERS_IMPORT_API.import, { csv, onlyValid: true });
    expect(partial.status).toBe(200);
    expect(partial.body).toMatchObject({ created: 2, skipped: [{ row: 2, problems: [expect.any(String)] }] });
    expect((await weekOf(importer, 12)).map((order) => order.title)).toEqual(['First', 'Third']);
  });

  it('refuses a file it cannot read, a viewer, and a body without the text, each with a sentence', async () => {
    expect(await post(importer, ORDERS_IMPORT_API.import, { csv: 'Colour\r\nred\r\n' })).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('columns this import does not know') },
    });
    expect(await post(importer, ORDERS_IMPORT_API.import, {})).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('"csv"') },
    });
    const viewer = await createAccount(server, { nursery: importer.nursery, role: 'viewer' });
    expect(await post(viewer, ORDERS_IMPORT_API.import, { csv: 'Year\r\n1\r\n' })).toMatchObject({ status: 403 });
  });
});
