import fc from 'fast-check';
import PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collectBoardList,
  collectDayList,
  holdingList,
  pickSheetDayList,
  searchList,
  weekBoardList,
  type OrderList,
  type PickSheetSelection,
} from '#domain/orders/order-lists';
import { ORDER_DEFAULTS } from '#domain/collections/tasks';
import { BOARD_TYPES, CUSTOMER_TYPES, DAYS, type OrderRecord } from '#domain/records';
import { startTestServer, type TestServer } from '../../../tests/support/server';
import type { SqlDialect } from './filter/field-map';
import { compileFilter } from './filter/compile-filter';
import { compilePredicate } from './filter/evaluate-filter';
import { parseFilter } from './filter/parse-filter';
import { parseSort } from './filter/parse-sort';
import { tasksCollection } from './collections/tasks';
import { formatTimestamp, newRecordId } from './ids';
import { RecordStore } from './record-store';

// Each list rule of #domain/orders/order-lists has two forms: the filter the web sends (bound by
// the SDK's pb.filter, as the web binds it) and the predicate the web's realtime cache applies to
// a changed order. Generated orders go through both: the server's own filter evaluator (what
// realtime subscriptions use) and the SQL the server runs against the real tasks table must
// answer as the predicate does, and the SQL must return the list in the order the cache keeps.
// The predicate may say "only the server can tell" (null) for search text with letters the two
// databases fold differently; the board rules always answer.

const sdk = new PocketBase('http://127.0.0.1');
/** The filter text the web sends for a list. */
const filterText = (list: OrderList) => sdk.filter(list.filter.expression, list.filter.params);

// Few distinct values, so that generated orders and selections meet often.
const YEARS = [0, 2024, 2026, 2027] as const;
const WEEKS = [1, 47, 53] as const;
/** Letters both databases fold alike, ones they fold differently, LIKE's and the filter's own characters. */
const CHARACTERS = [
  'a',
  'b',
  'e',
  'A',
  'B',
  'E',
  'é',
  'É',
  'ß',
  'İ',
  '%',
  '_',
  '\\',
  '"',
  "'",
  ' ',
  '-',
  '1',
  '{',
  ':',
  '}',
  '&',
  '|',
  '~',
];
const text = (maxLength: number) => fc.array(fc.constantFrom(...CHARACTERS), { maxLength }).map((cs) => cs.join(''));

type GeneratedOrder = Omit<
  OrderRecord,
  | 'id'
  | 'collectionId'
  | 'collectionName'
  | 'created'
  | 'updated'
  | 'user'
  | 'created_by'
  | 'updated_by'
  | 'nursery'
  | 'attachments'
  | 'standingOrder'
  | 'standingWeek'
>;

/** Text around the search text, in its own or another letter case, or any text: so searches find something. */
const textAround = (needle: string, maxLength: number) =>
  fc.oneof(
    text(maxLength),
    fc
      .tuple(text(3), fc.constantFrom(needle, needle.toUpperCase(), needle.toLowerCase(), needle.slice(1)), text(3))
      .map((parts) => parts.join('')),
  );

/** A customer search found: its orders are found whatever their text. */
const FOUND_CUSTOMER = 'custfoundxxxxxx';

const generatedOrder = (needle: string): fc.Arbitrary<GeneratedOrder> =>
  fc
    .record({
      title: textAround(needle, 10),
      day: fc.constantFrom(...DAYS),
      postcode: textAround(needle, 6),
      orderNumber: textAround(needle, 6),
      customerType: fc.constantFrom(...CUSTOMER_TYPES),
      other: fc.constantFrom(...BOARD_TYPES),
      weekNumber: fc.constantFrom(...WEEKS),
      year: fc.constantFrom(...YEARS),
      // Notes may span lines; search finds text in them as in any field.
      orderInfo: fc.oneof(
        textAround(needle, 10),
        fc.tuple(textAround(needle, 4), textAround(needle, 4)).map((lines) => lines.join('\n')),
      ),
      // Linked to the customer a search found, to another, or to none (docs/decisions/037).
      customer: fc.constantFrom('', FOUND_CUSTOMER, 'custotherxxxxxx'),
      status: fc.constant(''),
      trollies: fc.constant(''),
      extras: fc.constant(''),
    })
    // Every other field of an order as a new order has it.
    .map((generated) => ({ ...ORDER_DEFAULTS, ...generated }));

const week = fc.record({ year: fc.constantFrom(2024, 2026, 2027), weekNumber: fc.constantFrom(...WEEKS) });
const pickSheet: fc.Arbitrary<PickSheetSelection> = fc
  .tuple(
    week,
    fc.constantFrom(...DAYS),
    fc.constantFrom<(d: string) => string>(
      (d) => d,
      (d) => d.toUpperCase(),
      (d) => d[0]!.toUpperCase() + d.slice(1),
    ),
  )
  .map(([w, day, spell]) => ({ ...w, day: spell(day) }));

/** One list of each kind for generated selections, and orders for them. */
const listsAndOrders = (maxOrders: number): fc.Arbitrary<[Array<[string, OrderList]>, GeneratedOrder[]]> =>
  fc.tuple(week, pickSheet, text(6)).chain(([w, sheet, needle]) =>
    fc.tuple(
      fc.constant<Array<[string, OrderList]>>([
        ['week board', weekBoardList(w)],
        ['collect board', collectBoardList(w)],
        ['holding list', holdingList()],
        ['pick-sheet day', pickSheetDayList(sheet)],
        ['collect-sheet day', collectDayList(sheet)],
        ['search', searchList(needle)],
        ['search with a customer found', searchList(needle, [FOUND_CUSTOMER])],
      ]),
      fc.array(generatedOrder(needle.trim()), { minLength: 1, maxLength: maxOrders }),
    ),
  );

function expectSameAnswer(name: string, list: OrderList, order: GeneratedOrder, server: boolean): void {
  const predicate = list.matches(order);
  if (!name.startsWith('search')) expect(predicate, `${name} must always answer`).not.toBeNull();
  if (predicate === null) return;
  expect({ list: name, filter: filterText(list), order, matches: predicate }).toEqual({
    list: name,
    filter: filterText(list),
    order,
    matches: server,
  });
}

describe.each(['sqlite', 'postgres'] as const)(
  "list rules: the predicate and the server's filter evaluator (%s) agree",
  (dialect: SqlDialect) => {
    it('for every generated order and list', () => {
      fc.assert(
        fc.property(listsAndOrders(10), ([rules, orders]) => {
          for (const [name, list] of rules) {
            const evaluate = compilePredicate(parseFilter(filterText(list)), tasksCollection.fields, dialect);
            for (const order of orders) expectSameAnswer(name, list, order, evaluate(order));
          }
        }),
        { numRuns: 300 },
      );
    });
  },
);

describe('list rules: the predicate and the SQL on the real tasks table agree, in the same order', () => {
  let server: TestServer;
  let store: RecordStore;
  const stored: OrderRecord[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    store = new RecordStore(server.built.database.db, server.built.database.dialect);
  });
  afterAll(async () => {
    await server.close();
  });

  /** Stores the orders as they are (year 0 too, as a database from before the year rule could hold). */
  async function storeOrders(orders: GeneratedOrder[]): Promise<void> {
    for (const order of orders) {
      // Distinct `created` values: the cache keeps lists in `created` order, the SQL breaks ties by insertion.
      const stamp = formatTimestamp(new Date(Date.UTC(2026, 0, 1) + stored.length * 1000));
      const record: OrderRecord = {
        ...order,
        id: newRecordId(),
        collectionId: tasksCollection.id,
        collectionName: tasksCollection.name,
        created: stamp,
        updated: stamp,
        user: '',
        created_by: '',
        updated_by: '',
        nursery: '',
        standingOrder: '',
        standingWeek: '',
        attachments: [],
      };
      await store.insert(tasksCollection.table, {
        ...order,
        id: record.id,
        created: stamp,
        updated: stamp,
        user: '',
        created_by: '',
        updated_by: '',
      });
      stored.push(record);
    }
  }

  async function inSql(list: OrderList): Promise<string[]> {
    const { dialect } = server.built.database;
    const { rows } = await store.list(tasksCollection.table, {
      where: [compileFilter(parseFilter(filterText(list)), tasksCollection.fields, dialect)],
      sort: parseSort(list.sort, tasksCollection.fields),
      page: 1,
      perPage: 10_000,
      skipTotal: true,
    });
    return rows.map((row) => String(row.id));
  }

  it('for every generated list over the stored orders', async () => {
    await fc.assert(
      fc.asyncProperty(listsAndOrders(8), async ([rules, orders]) => {
        await storeOrders(orders);
        for (const [name, list] of rules) {
          const sqlIds = await inSql(list);
          const found = new Set(sqlIds);
          for (const record of stored) expectSameAnswer(name, list, record, found.has(record.id));
          // The order the cache keeps a list in (applyOrderChange) is the order the server sends.
          const judged = new Set(stored.filter((r) => list.matches(r) !== null).map((r) => r.id));
          const byCreated = stored.filter((r) => list.matches(r) === true).map((r) => r.id);
          expect(sqlIds.filter((id) => judged.has(id))).toEqual(list.sort === 'created' ? byCreated : byCreated.reverse());
        }
      }),
      { numRuns: 30 },
    );
  });
});
