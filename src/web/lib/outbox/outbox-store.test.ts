import { describe, expect, it } from 'vitest';
import { describeNotSent, queuedStatusOf, type OutboxEntry } from './outbox-store';

const entry = (recordId: string, body: Record<string, unknown>, state: OutboxEntry['state'] = 'waiting'): OutboxEntry => ({
  key: `${recordId}-${JSON.stringify(body)}`,
  kind: 'update',
  collection: 'tasks',
  recordId,
  body,
  what: 'Status',
  order: 'Greenfields',
  at: 0,
  state,
});

describe('the outbox', () => {
  it('counts in words', () => {
    expect(describeNotSent(1)).toBe('1 change not sent');
    expect(describeNotSent(2)).toBe('2 changes not sent');
  });

  it("shows an order's newest waiting status, not one held back by a conflict", () => {
    const queue = [entry('a', { status: 'pulled' }), entry('b', { status: 'working' }), entry('a', { status: 'loaded' })];
    expect(queuedStatusOf(queue, 'a')).toBe('loaded');
    expect(queuedStatusOf(queue, 'c')).toBeUndefined();
    expect(queuedStatusOf([entry('a', { status: 'pulled' }, 'conflict')], 'a')).toBeUndefined();
    expect(queuedStatusOf([entry('a', { title: 'New name' })], 'a')).toBeUndefined();
  });
});
