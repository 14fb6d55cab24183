import { describe, expect, it } from 'vitest';
import type { OrderFields } from './order-fields';
import {
  groupOrdersByDay,
  isDay,
  isInWeek,
  isOnCollectBoard,
  isOnHoldingList,
  isOnPickSheet,
  isOnWeeklyBoard,
  matchesSearch,
} from './board-filters';

const order = (overrides: Partial<OrderFields> = {}): OrderFields => ({
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

describe('which board an order is on', () => {
  it.each([
    ['none', true, false, false],
    ['collect', true, true, false],
    ['holding', false, false, true],
  ] as const)('board type %s: weekly %s, collect %s, holding %s', (other, weekly, collect, holding) => {
    const o = order({ other });
    expect([isOnWeeklyBoard(o), isOnCollectBoard(o), isOnHoldingList(o)]).toEqual([weekly, collect, holding]);
  });

  it('matches the week and year, reading year 0 as 2024', () => {
    expect(isInWeek(order(), { year: 2026, weekNumber: 47 })).toBe(true);
    expect(isInWeek(order(), { year: 2026, weekNumber: 48 })).toBe(false);
    expect(isInWeek(order(), { year: 2025, weekNumber: 47 })).toBe(false);
    expect(isInWeek(order({ year: 0 }), { year: 2024, weekNumber: 47 })).toBe(true);
  });
});

describe('isOnPickSheet', () => {
  const monday = { year: 2026, weekNumber: 47, day: 'Monday' };
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
    ['a legacy 2024 order', { year: 0 }, { ...monday, year: 2024 }, true],
    ['a lower-case day in the route', {}, { ...monday, day: 'monday' }, true],
    // docs/decisions/026: the whole day must match, not just its first letter.
    ['a thursday order on the tuesday sheet', { day: 'thursday' }, { ...monday, day: 'Tuesday' }, false],
    ['a sunday order on the saturday sheet', { day: 'sunday' }, { ...monday, day: 'Saturday' }, false],
    ['a tuesday order on the tuesday sheet', { day: 'tuesday' }, { ...monday, day: 'tuesday' }, true],
    ['a saturday order on the saturday sheet', { day: 'saturday' }, { ...monday, day: 'Saturday' }, true],
  ] as const)('%s: %s', (_, overrides, selection, expected) => {
    expect(isOnPickSheet(order(overrides), selection)).toBe(expected);
  });
});

describe('matchesSearch', () => {
  it.each([
    ['green', true],
    ['GARDEN centre', true],
    ['10442', true],
    ['so-104', true],
    ['  green ', true],
    ['bloom', false],
    ['', false],
    ['   ', false],
  ])('%o -> %s', (query, expected) => {
    expect(matchesSearch(order(), query)).toBe(expected);
  });
});

describe('groupOrdersByDay', () => {
  it('puts each order in its day column, keeping their order', () => {
    const a = order({ title: 'A', day: 'friday' });
    const b = order({ title: 'B', day: 'monday' });
    const c = order({ title: 'C', day: 'friday' });
    const columns = groupOrdersByDay([a, b, c]);
    expect(columns.friday).toEqual([a, c]);
    expect(columns.monday).toEqual([b]);
    expect(columns.sunday).toEqual([]);
    expect(Object.keys(columns)).toHaveLength(7);
  });

  it('recognises stored day names', () => {
    expect(isDay('monday')).toBe(true);
    expect(isDay('Monday')).toBe(false);
  });
});
