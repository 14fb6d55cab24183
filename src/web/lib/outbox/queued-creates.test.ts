import { describe, expect, it } from 'vitest';
import { ORDER_DEFAULTS } from '#domain/collections/tasks';
import { collectBoardList, weekBoardList } from '#domain/orders/order-lists';
import type { OrderRecord } from '#domain/records';
import type { OutboxEntry } from './outbox-store';
import { withQueuedCreates } from './queued-creates';

// New orders still in the outbox, shown in the lists they belong in (docs/decisions/047).

const week47 = { year: 2026, weekNumber: 47 };
const fields = { title: 'Greenfields', day: 'friday', weekNumber: 47, year: 2026, other: 'none' };

const saved = (id: string): OrderRecord =>
  ({ ...ORDER_DEFAULTS, ...fields, id, created: '2026-11-20 08:00:00.000Z', updated: '2026-11-20 08:00:00.000Z' }) as OrderRecord;

const create = (recordId: string, body: Record<string, unknown> = {}, kind: OutboxEntry['kind'] = 'create'): OutboxEntry => ({
  key: `${kind}-${recordId}`,
  kind,
  collection: 'tasks',
  recordId,
  body: { ...ORDER_DEFAULTS, ...fields, ...body },
  what: 'New order',
  order: 'Greenfields',
  at: 0,
  state: 'waiting',
});

const ids = (orders: readonly OrderRecord[]) => orders.map((order) => order.id);

describe('new orders not sent yet, on the board', () => {
  it('adds each queued create of the list, after its orders, by the list’s own rule', () => {
    const queue = [
      create('queued1'),
      create('otherweek', { weekNumber: 48 }),
      create('collected', { other: 'collect' }),
      create('held', { other: 'holding' }),
      create('changed', {}, 'update'),
    ];
    const shown = withQueuedCreates([saved('saved1')], queue, weekBoardList(week47));
    expect(ids(shown)).toEqual(['saved1', 'queued1', 'collected']);
    expect(shown[1]).toMatchObject({ title: 'Greenfields', day: 'friday', created: '' });
    expect(ids(withQueuedCreates([], queue, collectBoardList(week47)))).toEqual(['collected']);
  });

  it('shows one line once the list has the order, even while its create is still queued', () => {
    // The realtime event (or a resent create's answer) can reach the list before the outbox
    // forgets the create: the saved line takes the queued one's place.
    const orders = [saved('queued1')];
    expect(ids(withQueuedCreates(orders, [create('queued1')], weekBoardList(week47)))).toEqual(['queued1']);
    expect(withQueuedCreates(orders, [create('queued1')], weekBoardList(week47))[0]).toBe(orders[0]);
  });

  it('keeps the list as it is when nothing is queued for it', () => {
    const orders = [saved('saved1')];
    expect(withQueuedCreates(orders, [], weekBoardList(week47))).toBe(orders);
    expect(withQueuedCreates(orders, [create('otherweek', { weekNumber: 48 })], weekBoardList(week47))).toBe(orders);
  });
});
