import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, startTestServer, type TestServer } from '../../../tests/support/server';
import { MAX_PAGE } from './list-query';
import { FUTURE_YEAR } from '../../../tests/support/open-weeks';

// Request bounds (docs/decisions/010): every list parameter is range-checked. Odd values get a 400 that says what is allowed,
// never a 5xx, and valid ones keep working.

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  const account = await createAccount(server);
  token = account.pb.authStore.token;
  await account.pb.collection('tasks').create({ title: 'Greenfields', weekNumber: 12, year: FUTURE_YEAR });
});

afterAll(async () => {
  await server.close();
});

/** GET the tasks list with a raw query string (repeated keys and odd encodings included). */
async function list(query: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.url}/api/collections/tasks/records?${query}`, { headers: { Authorization: token } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('list query parameters', () => {
  it('answers page=4e17 with a 400 naming the limit (was a 500)', async () => {
    expect(await list('page=4e17')).toEqual({
      status: 400,
      body: { status: 400, code: 400, message: 'The "page" query parameter must be a whole number from 1 to 100,000.', data: {} },
    });
  });

  it.each([
    ['page=0', /"page" .* from 1 to 100,000/],
    ['page=-1', /"page"/],
    ['page=1.5', /"page"/],
    [`page=${MAX_PAGE + 1}`, /"page"/],
    ['page=NaN', /"page"/],
    ['page=1&page=2', /"page" query parameter was given more than once/],
    ['perPage=0', /"perPage" .* from 1 to 1000/],
    ['perPage=-5', /"perPage"/],
    ['perPage=2.5', /"perPage"/],
    ['perPage=1e3', /"perPage"/],
    ['skipTotal=maybe', /"skipTotal" .* true or false/],
    [`sort=${'title,'.repeat(1000)}`, /Invalid sort: the sort is too long/],
    [`filter=${encodeURIComponent(`title = "${'x'.repeat(4000)}"`)}`, /Invalid filter: the filter is too long/],
    [`fields=${'id,'.repeat(400)}`, /"fields" query parameter is too long \(1200 characters; at most 1000\)/],
    ['filter=a&filter=b', /"filter" query parameter was given more than once/],
  ])('refuses %s with a 400 that says why', async (query, message) => {
    const answer = await list(query);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: 400, message: expect.stringMatching(message), data: {} });
  });

  it('keeps valid values working: the last page allowed, perPage above 1000 counted as 1000, skipTotal forms', async () => {
    expect(await list(`page=${MAX_PAGE}&perPage=1000`)).toMatchObject({ status: 200, body: { page: MAX_PAGE, perPage: 1000, items: [] } });
    expect(await list('perPage=99999999999999999999999')).toMatchObject({ status: 200, body: { perPage: 1000 } });
    expect(await list('skipTotal=true')).toMatchObject({ status: 200, body: { totalItems: -1 } });
    expect(await list('skipTotal=0')).toMatchObject({ status: 200, body: { totalItems: 1 } });
    expect(await list('page=&perPage=')).toMatchObject({ status: 200, body: { page: 1, perPage: 30 } });
  });

  it('answers any odd value with 200 or 400, never anything else, and 400 exactly when the value is not allowed', async () => {
    const oddText = fc.oneof(
      fc.constantFrom(
        '-1',
        '0',
        '1',
        '30',
        '1000',
        '1001',
        '100000',
        '100001',
        '1.5',
        '4e17',
        '1e3',
        '0x10',
        ' 1',
        '１',
        'NaN',
        'Infinity',
      ),
      fc.constantFrom('-Infinity', '9'.repeat(400), '', 'true', 'false', 'null', '[]', '{}', '%00', '\u0000', '"1"', '+1', '01'),
      fc.integer({ min: -1e6, max: 2e5 }).map(String),
      fc.double().map(String),
      fc.string({ maxLength: 20 }),
    );
    const parameter = fc.constantFrom('page', 'perPage', 'skipTotal');
    const isAllowed = (name: string, value: string): boolean => {
      if (value === '') return true;
      if (name === 'skipTotal') return ['1', 't', 'true', 'TRUE', 'True', 'T', '0', 'f', 'false', 'FALSE', 'False', 'F'].includes(value);
      if (!/^[0-9]+$/.test(value) || Number(value) < 1) return false;
      return name === 'perPage' || Number(value) <= MAX_PAGE;
    };
    await fc.assert(
      fc.asyncProperty(parameter, fc.array(oddText, { minLength: 1, maxLength: 2 }), async (name, values) => {
        const answer = await list(values.map((value) => `${name}=${encodeURIComponent(value)}`).join('&'));
        const allowed = values.length === 1 && isAllowed(name, values[0] ?? '');
        expect({ name, values, status: answer.status }).toEqual({ name, values, status: allowed ? 200 : 400 });
        if (!allowed) expect(answer.body).toMatchObject({ status: 400, message: expect.stringContaining(`"${name}"`) });
      }),
      { numRuns: 300 },
    );
  });
});
