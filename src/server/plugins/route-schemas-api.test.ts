import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMERS_IMPORT_API } from '#domain/csv/customer-import';
import { CUSTOMERS_API } from '#domain/customers/matching';
import { LEDGER_API } from '#domain/ledger/booking';
import { RUNS_API } from '#domain/runs/runs-api';
import { CUSTOMER_EDITORS_ONLY } from '../records/collections/customers';
import { createTeam, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';

// The feature routes' schemas (docs/decisions/061) type the body for the handler and change no
// answer: a body that is no object gets the route's own sentence, as it did when each service
// read `unknown`; a value of the wrong type is refused, never converted; and a caller who may not
// use the route is told so before anything about the body. An answer serialised by its response
// schema has the bytes JSON.stringify gave it.

let server: TestServer;
let office: TestAccount;
let viewer: TestAccount;
beforeAll(async () => {
  server = await startTestServer();
  ({ office, viewer } = await createTeam(server));
});
afterAll(async () => {
  await server?.close();
});

async function post(account: TestAccount, path: string, text: string) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: account.pb.authStore.token },
    body: text,
  });
  return { status: response.status, body: (await response.json()) as { message: string; data: Record<string, unknown> } };
}

const NOT_OBJECTS = ['null', '[]', '["csv"]', '5', '"csv"', 'true'];

describe('the feature routes’ schemas', () => {
  it('answer a body that is no object with the route’s own sentence', async () => {
    for (const text of NOT_OBJECTS) {
      expect(await post(office, CUSTOMERS_IMPORT_API.preview, text), text).toMatchObject({
        status: 400,
        body: { message: 'Send the CSV file’s text as "csv".', data: {} },
      });
      const merge = await post(office, CUSTOMERS_API.merge, text);
      expect(merge.status, text).toBe(400);
      expect(merge.body.message, text).toBe('Choose the customer to keep (keep) and the duplicate to merge into it (merge).');
      expect(Object.keys(merge.body.data), text).toEqual(['keep', 'merge']);
      expect(await post(office, RUNS_API.state('nosuchrun'), text), text).toMatchObject({
        status: 400,
        body: { message: 'Choose what the run does next: loading, dispatched, delivered or cancelled.' },
      });
    }
  });

  it('refuse a value of the wrong type instead of converting it', async () => {
    expect(await post(office, CUSTOMERS_IMPORT_API.preview, '{"csv": 123}')).toMatchObject({
      status: 400,
      body: { message: 'Send the CSV file’s text as "csv".' },
    });
    expect(await post(office, CUSTOMERS_IMPORT_API.preview, '{"csv": "Name\\r\\nA\\r\\n", "onlyValid": "true"}')).toMatchObject({
      status: 400,
      body: { message: '"onlyValid" is true or false.' },
    });
  });

  it('tell a caller who may not use the route so before anything about the body', async () => {
    for (const text of ['null', '{"keep": 5}']) {
      expect(await post(viewer, CUSTOMERS_API.merge, text), text).toMatchObject({ status: 403, body: { message: CUSTOMER_EDITORS_ONLY } });
    }
  });

  it('serialise the balances by their schema to the bytes JSON.stringify sent', async () => {
    const customer = await office.pb.collection('customers').create({ name: 'Green "Garden" Centre ✿', postcode: 'AB1 2CD' });
    await office.pb
      .collection('trolley_movements')
      .create({ customer: customer.id, kind: 'out', date: '2026-11-23', trolleys: 14, shelves: 6 });
    const response = await fetch(`${server.url}${LEDGER_API.balances}`, { headers: { authorization: office.pb.authStore.token } });
    expect(response.status).toBe(200);
    // In the order the service builds the answer (ledger-service.ts), every property there.
    const item = {
      customer: customer.id,
      name: 'Green "Garden" Centre ✿',
      kind: 'customer',
      trolleys: 14,
      shelves: 6,
      extensions: 0,
      since: '2026-11-23',
    };
    expect(await response.text()).toBe(JSON.stringify({ items: [item], totals: { trolleys: 14, shelves: 6, extensions: 0 } }));
  });
});
