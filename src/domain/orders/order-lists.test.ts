import { describe, expect, it } from 'vitest';
import { ORDER_DEFAULTS } from '../collections/tasks';
import type { OrderFields } from './order-fields';
import {
  collectBoardList,
  collectDayList,
  holdingList,
  isDay,
  pickSheetDayList,
  searchList,
  SEARCHED_CUSTOMERS,
  weekBoardFilter,
  weekBoardList,
} from './order-lists';

// The predicate side of each list rule, as tables. That the server's filter answers the same is
// checked with generated orders in src/server/records/list-rules-twin.test.ts.

const order = (overrides: Partial<OrderFields> = {}): OrderFields => ({
  ...ORDER_DEFAULTS,
  title: 'Greenfields Garden Centre',
  day: 'monday',
  postcode: 'ab12cd',
  orderNumber: 'SO-10442',
  customerType: 'wholesale',
  other: 'none',
  weekNumber: 47,
  year: 2026,
  orderInfo: '',
  status: '',
  trollies: '',
  extras: '',
  ...overrides,
});

const week47 = { year: 2026, weekNumber: 47 };

describe('which board an order is on', () => {
  it.each([
    ['none', true, false, false],
    ['collect', true, true, false],
    ['holding', false, false, true],
  ] as const)('board type %s: weekly %s, collect %s, holding %s', (other, weekly, collect, holding) => {
    const o = order({ other });
    expect([weekBoardList(week47).matches(o), collectBoardList(week47).matches(o), holdingList().matches(o)]).toEqual([
      weekly,
      collect,
      holding,
    ]);
  });

  it('matches the stored week and year as they are', () => {
    expect(weekBoardList(week47).matches(order())).toBe(true);
    expect(weekBoardList({ year: 2026, weekNumber: 48 }).matches(order())).toBe(false);
    expect(weekBoardList({ year: 2025, weekNumber: 47 }).matches(order())).toBe(false);
    // The server stores real years (a 0 it is sent is stored as 2024), so no list reads 0 as 2024.
    expect(weekBoardList({ year: 2024, weekNumber: 47 }).matches(order({ year: 0 }))).toBe(false);
  });

  it('keeps holding orders of any week on the holding list', () => {
    expect(holdingList().matches(order({ other: 'holding', weekNumber: 3, year: 2031 }))).toBe(true);
  });
});

describe('the filters the server is sent', () => {
  it('name every value as a parameter', () => {
    expect(weekBoardList(week47).filter).toEqual({
      expression: 'year = {:year0} && weekNumber = {:weekNumber0} && (other = {:other0} || other = {:other1})',
      params: { year0: 2026, weekNumber0: 47, other0: 'none', other1: 'collect' },
    });
    expect(weekBoardFilter(week47)).toEqual(weekBoardList(week47).filter);
    expect(collectBoardList(week47).filter).toEqual({
      expression: 'year = {:year0} && weekNumber = {:weekNumber0} && other = {:other0}',
      params: { year0: 2026, weekNumber0: 47, other0: 'collect' },
    });
    expect(holdingList().filter).toEqual({ expression: 'other = {:other0}', params: { other0: 'holding' } });
    expect(pickSheetDayList({ ...week47, day: 'Tuesday' }).filter.params).toMatchObject({ day0: 'tuesday' });
  });

  it('send the search text with % and _ escaped, and one with a backslash as a pattern of its own', () => {
    expect(searchList(' 50%_off ').filter.params).toEqual({ text: '50\\%\\_off' });
    expect(searchList('  50%_off\\ ').filter).toEqual({
      expression: 'title ~ {:text} || orderNumber ~ {:text} || postcode ~ {:text} || orderInfo ~ {:text}',
      params: { text: '%50\\%\\_off\\\\%' },
    });
  });

  it('sort the boards oldest first and search newest first', () => {
    expect([weekBoardList(week47), collectBoardList(week47), holdingList(), searchList('x')].map((l) => l.sort)).toEqual([
      'created',
      'created',
      'created',
      '-created',
    ]);
  });
});

describe('a collect-sheet day', () => {
  const tuesday = { ...week47, day: 'Tuesday' };
  it.each([
    ['a wholesale collect order that day', { other: 'collect' }, true],
    ['a collect order of type other', { other: 'collect', customerType: 'other' }, true],
    ['a collect order of type missed', { other: 'collect', customerType: 'missed' }, true],
    ['a whiteboard order', {}, false],
    ['a holding order', { other: 'holding' }, false],
    ['a collect order on thursday', { other: 'collect', day: 'thursday' }, false],
    ['a collect order another week', { other: 'collect', weekNumber: 46 }, false],
    ['a collect order another year', { other: 'collect', year: 2025 }, false],
  ] as const)('%s: %s', (_, overrides, expected) => {
    expect(collectDayList(tuesday).matches(order({ day: 'tuesday', ...overrides }))).toBe(expected);
  });
});

describe('a pick-sheet day', () => {
  const monday = { ...week47, day: 'Monday' };
  it.each([
    ['a wholesale whiteboard order that day', {}, monday, true],
    ['a retail order', { customerType: 'retail' }, monday, true],
    ['an order of type other', { customerType: 'other' }, monday, false],
    ['an order of type missed', { customerType: 'missed' }, monday, false],
    ['a collect order', { other: 'collect' }, monday, false],
    ['a holding order', { other: 'holding' }, monday, false],
    ['another day', { day: 'friday' }, monday, false],
    ['another week', { weekNumber: 46 }, monday, false],
    ['another year', { year: 2025 }, monday, false],
    ['a lower-case day in the route', {}, { ...monday, day: 'monday' }, true],
    // The whole day must match, not just its first letter as the original app compared.
    ['a thursday order on the tuesday sheet', { day: 'thursday' }, { ...monday, day: 'Tuesday' }, false],
    ['a sunday order on the saturday sheet', { day: 'sunday' }, { ...monday, day: 'Saturday' }, false],
    ['a tuesday order on the tuesday sheet', { day: 'tuesday' }, { ...monday, day: 'tuesday' }, true],
    ['a saturday order on the saturday sheet', { day: 'saturday' }, { ...monday, day: 'Saturday' }, true],
  ] as const)('%s: %s', (_, overrides, selection, expected) => {
    expect(pickSheetDayList(selection).matches(order(overrides))).toBe(expected);
  });

  it('recognises stored day names', () => {
    expect(isDay('monday')).toBe(true);
    expect(isDay('Monday')).toBe(false);
  });
});

describe('search', () => {
  it.each([
    ['green', true],
    ['GARDEN centre', true],
    ['10442', true],
    ['so-104', true],
    ['  green ', true],
    ['bloom', false],
    ['%', false],
    ['_', false],
    // Postcodes and notes are searched too.
    ['AB12', true],
    ['2cd', true],
    ['back gate', true],
    ['RING THE', true],
  ])('%o -> %s', (query, expected) => {
    expect(searchList(query).matches(order({ orderInfo: 'Ring the bell\nat the back gate' }))).toBe(expected);
  });

  it('takes % _ and \\ as the characters they are', () => {
    expect(searchList('50%').matches(order({ title: 'Roses 50% off' }))).toBe(true);
    expect(searchList('a_b').matches(order({ title: 'axb' }))).toBe(false);
    expect(searchList('a\\%').matches(order({ title: 'a\\% and more' }))).toBe(true);
  });

  it('leaves letters beyond A-Z that have a lower case to the server, whose databases fold them differently', () => {
    expect(searchList('ÉCOLE').matches(order({ title: 'école' }))).toBeNull();
    expect(searchList('rose').matches(order({ title: 'RÖSE' }))).toBeNull();
    expect(searchList('école').matches(order({ title: 'la petite école' }))).toBe(true);
    expect(searchList('door').matches(order({ orderInfo: 'Porte DÉROBÉE' }))).toBeNull();
  });

  it('also finds the orders of the customers the text found, whatever their own text', () => {
    const list = searchList('green', ['cust1', 'cust2']);
    expect(list.filter).toEqual({
      expression:
        'title ~ {:text} || orderNumber ~ {:text} || postcode ~ {:text} || orderInfo ~ {:text} || customer = {:customer0} || customer = {:customer1}',
      params: { text: 'green', customer0: 'cust1', customer1: 'cust2' },
    });
    expect(list.matches(order({ title: 'GGC', customer: 'cust2' }))).toBe(true);
    expect(list.matches(order({ title: 'GGC', customer: 'cust3' }))).toBe(false);
    expect(list.matches(order({ title: 'GGC' }))).toBe(false);
    // Even when the order's own text is left to the server.
    expect(searchList('É', ['cust1']).matches(order({ title: 'école', customer: 'cust1' }))).toBe(true);
  });

  it(`names at most ${SEARCHED_CUSTOMERS} customers, within the filter's length bound`, () => {
    const ids = Array.from({ length: SEARCHED_CUSTOMERS + 5 }, (_, i) => `cust${String(i).padStart(11, '0')}`);
    const list = searchList('x'.repeat(100), ids);
    expect(Object.keys(list.filter.params)).toHaveLength(SEARCHED_CUSTOMERS + 1);
    const bound = list.filter.expression.replace(/\{:(\w+)\}/g, (_, name: string) => JSON.stringify(list.filter.params[name]));
    expect(bound.length).toBeLessThan(3500);
  });
});
