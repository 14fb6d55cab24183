import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUTURE_YEAR } from '../../../tests/support/open-weeks';
import { createAccount, failure, startTestServer, type TestServer } from '../../../tests/support/server';

// Filters end to end: what the SDK sends as `filter=`, parsed and compiled by the server, against
// real rows. The parser's own cases live in filter/*.test.ts; these check the HTTP contract.

// Two years still to come (new orders may not go into past weeks).
const LATER_YEAR = FUTURE_YEAR + 1;

const ORDERS = [
  {
    title: 'Greenfields Garden Centre',
    weekNumber: 10,
    year: LATER_YEAR,
    day: 'monday',
    customerType: 'retail',
    other: 'none',
    orderNumber: 'SO-100',
    status: 'working',
  },
  {
    title: 'Oakwood Nursery',
    weekNumber: 11,
    year: LATER_YEAR,
    day: 'tuesday',
    customerType: 'wholesale',
    other: 'collect',
    orderNumber: 'SO-200',
    status: '',
  },
  {
    title: `O'Brien "Plants" & Sons`,
    weekNumber: 12,
    year: LATER_YEAR,
    day: 'monday',
    customerType: 'wholesale',
    other: 'holding',
    orderNumber: 'SO-300',
    status: 'pulled',
  },
  {
    title: '100% Perennials_Ltd',
    weekNumber: 12,
    year: FUTURE_YEAR,
    day: 'friday',
    customerType: 'missed',
    other: 'none',
    orderNumber: '',
    status: 'loaded',
  },
  {
    title: 'greenhouse direct',
    weekNumber: 52,
    year: FUTURE_YEAR,
    day: 'sunday',
    customerType: 'other',
    other: 'none',
    orderNumber: 'SO-500',
    status: 'missed',
  },
];

describe('filters through the SDK', () => {
  let server: TestServer;
  let pb: PocketBase;
  let mine: string;

  beforeAll(async () => {
    server = await startTestServer();
    const account = await createAccount(server);
    pb = account.pb;
    mine = pb.filter('user = {:user}', { user: account.id });
    for (const order of ORDERS) await pb.collection('tasks').create(order);
    // Someone else's order, so every filter below must also hold the user condition to pass.
    const other = await createAccount(server);
    await other.pb.collection('tasks').create({ ...ORDERS[0], title: 'Greenfields (other user)' });
  });
  afterAll(async () => {
    await server.close();
  });

  async function titles(filter: string): Promise<string[]> {
    const items = await pb.collection('tasks').getFullList({ filter: `(${mine}) && (${filter})`, sort: 'title' });
    return items.map((r) => String(r.title));
  }
  const expected = (predicate: (o: (typeof ORDERS)[number]) => boolean) =>
    ORDERS.filter(predicate)
      .map((o) => o.title)
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

  it.each([
    ['=', 'weekNumber = 12', (o: (typeof ORDERS)[number]) => o.weekNumber === 12],
    ['!=', 'weekNumber != 12', (o: (typeof ORDERS)[number]) => o.weekNumber !== 12],
    ['>', 'weekNumber > 11', (o: (typeof ORDERS)[number]) => o.weekNumber > 11],
    ['>=', 'weekNumber >= 11', (o: (typeof ORDERS)[number]) => o.weekNumber >= 11],
    ['<', 'weekNumber < 11', (o: (typeof ORDERS)[number]) => o.weekNumber < 11],
    ['<=', 'weekNumber <= 11', (o: (typeof ORDERS)[number]) => o.weekNumber <= 11],
    ['~ (contains, any case)', "title ~ 'GREEN'", (o: (typeof ORDERS)[number]) => o.title.toLowerCase().includes('green')],
    ['!~', "title !~ 'green'", (o: (typeof ORDERS)[number]) => !o.title.toLowerCase().includes('green')],
    [
      '&&',
      "day = 'monday' && customerType = 'wholesale'",
      (o: (typeof ORDERS)[number]) => o.day === 'monday' && o.customerType === 'wholesale',
    ],
    ['||', "other = 'collect' || other = 'holding'", (o: (typeof ORDERS)[number]) => o.other === 'collect' || o.other === 'holding'],
    [
      'parentheses',
      `(year = ${FUTURE_YEAR} || weekNumber = 10) && other = 'none'`,
      (o: (typeof ORDERS)[number]) => (o.year === FUTURE_YEAR || o.weekNumber === 10) && o.other === 'none',
    ],
    [
      'parentheses changing precedence',
      `year = ${FUTURE_YEAR} || (weekNumber = 10 && other = 'collect')`,
      (o: (typeof ORDERS)[number]) => o.year === FUTURE_YEAR || (o.weekNumber === 10 && o.other === 'collect'),
    ],
    ['empty text', "orderNumber = ''", (o: (typeof ORDERS)[number]) => o.orderNumber === ''],
    ['null means empty', 'status = null', (o: (typeof ORDERS)[number]) => o.status === ''],
  ])('%s', async (_name, filter, predicate) => {
    const want = expected(predicate);
    expect(want.length).toBeGreaterThan(0);
    expect(await titles(filter)).toEqual(want);
  });

  it('matches a value with both kinds of quote inside, built with pb.filter', async () => {
    const title = `O'Brien "Plants" & Sons`;
    expect(await titles(pb.filter('title = {:title}', { title }))).toEqual([title]);
    expect(await titles(pb.filter('title ~ {:part}', { part: `'brien "plants"` }))).toEqual([title]);
  });

  it('treats _ in a ~ value as an ordinary character, and % as a wildcard as PocketBase does', async () => {
    expect(await titles(pb.filter('title ~ {:part}', { part: '100%ltd' }))).toEqual(['100% Perennials_Ltd']);
    expect(await titles(pb.filter('title ~ {:part}', { part: 'Perennials_L' }))).toEqual(['100% Perennials_Ltd']);
    expect(await titles(pb.filter('title ~ {:part}', { part: 'Perennials L' }))).toEqual([]);
  });

  it('compares dates sent by pb.filter', async () => {
    const future = new Date(Date.now() + 3600_000);
    expect(await titles(pb.filter('created < {:t}', { t: future }))).toHaveLength(ORDERS.length);
    expect(await titles(pb.filter('created > {:t}', { t: future }))).toEqual([]);
  });

  it('filters booleans on users', async () => {
    const me = await pb.collection('users').getList(1, 10, { filter: 'verified = true' });
    expect(me.items).toHaveLength(1);
    expect((await pb.collection('users').getList(1, 10, { filter: 'verified = false' })).items).toHaveLength(0);
  });

  it('answers 400 naming an unknown field', async () => {
    const error = await failure(pb.collection('tasks').getList(1, 10, { filter: "colour = 'red'" }));
    expect(error.status).toBe(400);
    expect(error.response).toMatchObject({ status: 400, data: {} });
    expect(error.message).toContain('colour');
    expect(error.message).toMatch(/unknown field/i);
  });

  it('answers 400 naming an unknown sort field', async () => {
    const error = await failure(pb.collection('tasks').getList(1, 10, { sort: '-colour' }));
    expect(error.status).toBe(400);
    expect(error.message).toContain('colour');
  });

  it.each([
    ["title = 'Oak"],
    ['(weekNumber = 1'],
    ['weekNumber = '],
    ['weekNumber === 1'],
    ['&& weekNumber = 1'],
    ['weekNumber = 1 weekNumber = 2'],
  ])('answers 400 with a clear message to the malformed filter %s', async (filter) => {
    const error = await failure(pb.collection('tasks').getList(1, 10, { filter }));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/^Invalid filter/);
  });

  it('answers 400 for a value that does not fit a number field', async () => {
    const error = await failure(pb.collection('tasks').getList(1, 10, { filter: "weekNumber = 'twelve'" }));
    expect(error.status).toBe(400);
  });

  it('never runs injected SQL: the attempt finds nothing or is refused, and the table survives', async () => {
    const attack = "x' OR 1=1; DROP TABLE tasks; --";
    expect(await titles(pb.filter('title = {:title}', { title: attack }))).toEqual([]);
    expect(await titles(pb.filter('title ~ {:title}', { title: attack }))).toEqual([]);
    const raw = await failure(pb.collection('tasks').getList(1, 10, { filter: "title = '' OR 1=1; DROP TABLE tasks; --" }));
    expect(raw.status).toBe(400);
    const sorted = await failure(pb.collection('tasks').getList(1, 10, { sort: 'title; DROP TABLE tasks' }));
    expect(sorted.status).toBe(400);
    const fieldAttack = await failure(pb.collection('tasks').getList(1, 10, { filter: "title) OR (1 = '1" }));
    expect(fieldAttack.status).toBe(400);
    expect(await titles('weekNumber > 0')).toHaveLength(ORDERS.length);
  });

  // Found by the fuzz test on PostgreSQL: `%_%\` answered 500 ("LIKE pattern must not end with
  // escape character"). Runs last: it adds orders the cases above do not expect.
  it("takes a lone \\ ending a client's own ~ pattern as a literal \\, on every database", async () => {
    await pb.collection('tasks').create({ ...ORDERS[0], title: 'Potting shed \\' });
    await pb.collection('tasks').create({ ...ORDERS[0], title: 'Potting shed \\ north' });
    expect(await titles(pb.filter('title ~ {:pattern}', { pattern: '%_%\\' }))).toEqual(['Potting shed \\']);
    expect(await titles(pb.filter('title ~ {:pattern}', { pattern: '%shed %\\' }))).toEqual(['Potting shed \\']);
  });
});
