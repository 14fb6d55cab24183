import { describe, expect, it } from 'vitest';
import { ORDER_DEFAULTS } from '#domain/collections/tasks';
import type { OrderRecord } from '#domain/records';
import { orderKeys, orderListScope } from '../query-keys';
import { applyOrderChange, orderListOf } from './order-lists';

const order = (id: string, over: Partial<OrderRecord> = {}): OrderRecord => ({
  ...ORDER_DEFAULTS,
  id,
  collectionId: 'tasks',
  collectionName: 'tasks',
  created: `2026-11-20 10:00:0${id.length}.000Z`,
  updated: '2026-11-20 10:00:00.000Z',
  title: `Order ${id}`,
  day: 'monday',
  postcode: 'ab1 2cd',
  orderNumber: '',
  customerType: 'wholesale',
  other: 'none',
  weekNumber: 47,
  year: 2026,
  orderInfo: '',
  status: '',
  trollies: '',
  extras: '',
  user: 'u',
  created_by: 'u',
  updated_by: 'u',
  nursery: 'nursery1',
  standingOrder: '',
  standingWeek: '',
  attachments: [],
  ...over,
});

describe('which cached list a record belongs in', () => {
  const week47 = { kind: 'week', year: 2026, week: 47 } as const;
  it.each([
    ['a whiteboard order of the week', order('a'), week47, true],
    ['a collect order of the week', order('a', { other: 'collect' }), week47, true],
    ['a holding order', order('a', { other: 'holding' }), week47, false],
    ['the same week of another year', order('a', { year: 2025 }), week47, false],
    ['another week', order('a', { weekNumber: 48 }), week47, false],
    ['a whiteboard order on the collect board', order('a'), { kind: 'collect', year: 2026, week: 47 }, false],
    ['a collect order on the collect board', order('a', { other: 'collect' }), { kind: 'collect', year: 2026, week: 47 }, true],
    ['a holding order on the holding list', order('a', { other: 'holding', weekNumber: 3 }), { kind: 'holding' }, true],
  ] as const)('%s: %s', (_name, record, scope, expected) => {
    expect(orderListOf(scope).matches(record)).toBe(expected);
  });

  it('judges search results by their text, and leaves letters the databases fold differently to the server', () => {
    expect(orderListOf({ kind: 'search', query: 'ORDER A', customers: [] }).matches(order('a'))).toBe(true);
    expect(orderListOf({ kind: 'search', query: 'x', customers: [] }).matches(order('a'))).toBe(false);
    expect(orderListOf({ kind: 'search', query: 'Ä', customers: [] }).matches(order('a'))).toBeNull();
  });

  it('keeps the orders of the customers a search found in its results', () => {
    const scope = orderListScope(orderKeys.search('green', ['cust1']));
    expect(scope).toEqual({ kind: 'search', query: 'green', customers: ['cust1'] });
    expect(orderListOf(scope!).matches(order('a', { customer: 'cust1' }))).toBe(true);
    expect(orderListOf(scope!).matches(order('a', { customer: 'cust2' }))).toBe(false);
  });
});

describe('applyOrderChange', () => {
  const a = order('a');
  const bb = order('bb');
  const ccc = order('ccc');

  it('inserts a new record in created order', () => {
    expect(applyOrderChange([a, ccc], { action: 'create', record: bb }, true).map((o) => o.id)).toEqual(['a', 'bb', 'ccc']);
  });

  it('replaces a record with a newer copy and keeps its place', () => {
    const newer = { ...bb, title: 'Renamed', updated: '2026-11-20 11:00:00.000Z' };
    expect(applyOrderChange([a, bb, ccc], { action: 'update', record: newer }, true)).toEqual([a, newer, ccc]);
  });

  it('never replaces a record with an older copy', () => {
    const list = [{ ...a, updated: '2026-11-20 12:00:00.000Z' }];
    expect(applyOrderChange(list, { action: 'update', record: a }, true)).toBe(list);
  });

  it('removes a deleted record, or one that moved to another week or board', () => {
    expect(applyOrderChange([a, bb], { action: 'delete', record: { id: 'a' } }, true)).toEqual([bb]);
    expect(applyOrderChange([a, bb], { action: 'update', record: { ...a, weekNumber: 48 } }, false)).toEqual([bb]);
  });

  it('inserts into a newest-first list (search) in its own order', () => {
    expect(applyOrderChange([ccc, a], { action: 'create', record: bb }, true, '-created').map((o) => o.id)).toEqual(['ccc', 'bb', 'a']);
  });

  it('returns the same list when the change does not touch it', () => {
    const list = [a];
    expect(applyOrderChange(list, { action: 'delete', record: { id: 'zz' } }, true)).toBe(list);
    expect(applyOrderChange(list, { action: 'create', record: bb }, false)).toBe(list);
  });
});
