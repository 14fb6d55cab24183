import { describe, expect, it } from 'vitest';
import type { OrderRecord } from '../collections/tasks';
import { boardDays, isBoardFiltered, isShownByFilter, NO_BOARD_FILTER, parseBoardFilter, type BoardFilter } from './board-filter';

type Line = Pick<OrderRecord, 'id' | 'day' | 'status' | 'customerType' | 'trollies'>;
const line = (id: string, over: Partial<Line> = {}): Line => ({
  id,
  day: 'monday',
  status: '',
  customerType: 'wholesale',
  trollies: '',
  ...over,
});

describe('isShownByFilter', () => {
  const loadedRetail = line('a', { status: 'loaded', customerType: 'retail' });
  const pulledWholesale = line('b', { status: 'pulled' });
  it.each<[string, BoardFilter, Line, boolean]>([
    ['no filter shows everything', NO_BOARD_FILTER, loadedRetail, true],
    ['"not loaded" hides a loaded order', { status: 'not-loaded', customerType: 'all' }, loadedRetail, false],
    ['"not loaded" shows a pulled one', { status: 'not-loaded', customerType: 'all' }, pulledWholesale, true],
    ['one status shows that status only', { status: 'pulled', customerType: 'all' }, pulledWholesale, true],
    ['one status hides the others', { status: 'pulled', customerType: 'all' }, loadedRetail, false],
    ['no status is a status of its own', { status: '', customerType: 'all' }, line('c'), true],
    ['one customer type', { status: 'all', customerType: 'retail' }, loadedRetail, true],
    ['one customer type hides the others', { status: 'all', customerType: 'retail' }, pulledWholesale, false],
    ['both must hold', { status: 'not-loaded', customerType: 'retail' }, loadedRetail, false],
  ])('%s', (_name, filter, order, expected) => {
    expect(isShownByFilter(order, filter)).toBe(expected);
  });
});

describe('parseBoardFilter', () => {
  it('reads back what was stored, and anything else as no filter', () => {
    expect(parseBoardFilter({ status: 'not-loaded', customerType: 'retail' })).toEqual({ status: 'not-loaded', customerType: 'retail' });
    expect(parseBoardFilter({ status: '', customerType: 'other' })).toEqual({ status: '', customerType: 'other' });
    expect(parseBoardFilter({ status: 'sold', customerType: 7 })).toEqual(NO_BOARD_FILTER);
    expect(parseBoardFilter(null)).toEqual(NO_BOARD_FILTER);
    expect(isBoardFiltered(NO_BOARD_FILTER)).toBe(false);
    expect(isBoardFiltered({ status: 'all', customerType: 'missed' })).toBe(true);
  });
});

describe('boardDays', () => {
  const orders = [
    line('a', { trollies: '2' }),
    line('b', { status: 'loaded', trollies: '3' }),
    line('c', { day: 'friday', trollies: '1.5' }),
    line('d', { day: 'friday', trollies: '2T' }),
  ];

  it('groups by day, counts what is shown and what the filter hides, and adds up trolleys', () => {
    const days = boardDays(orders, { status: 'not-loaded', customerType: 'all' });
    expect(days.monday).toEqual({ orders: [orders[0]], hidden: 1, trollies: 2 });
    expect(days.friday).toEqual({ orders: [orders[2], orders[3]], hidden: 0, trollies: 1.5 });
    expect(days.sunday).toEqual({ orders: [], hidden: 0, trollies: 0 });
  });

  it('keeps a day that did not change, so it is not drawn again', () => {
    const before = boardDays(orders, NO_BOARD_FILTER);
    const changed = [...orders.slice(0, 3), { ...orders[3]!, trollies: '4' }];
    const after = boardDays(changed, NO_BOARD_FILTER, before);
    expect(after.monday).toBe(before.monday);
    expect(after.friday).not.toBe(before.friday);
    expect(after.friday.trollies).toBe(5.5);
  });
});
