import { describe, expect, it } from 'vitest';
import type { OrderRecord } from '#domain/records';
import { statusConflictMessage } from './order-status-message';
import { describeBulkStatus, describeUndoneStatus, type BulkStatusResult } from './status-messages';

const order = (title: string, status: OrderRecord['status'] = ''): OrderRecord => ({
  id: title.toLowerCase(),
  collectionId: 'tasks',
  collectionName: 'tasks',
  created: '2026-11-20 10:00:00.000Z',
  updated: '2026-11-20 10:00:00.000Z',
  title,
  day: 'monday',
  postcode: '',
  orderNumber: '',
  customerType: 'wholesale',
  other: 'none',
  weekNumber: 48,
  year: 2026,
  orderInfo: '',
  status,
  trollies: '',
  extras: '',
  customer: '',
  standingOrder: '',
  standingWeek: '',
  attachments: [],
  user: 'u',
  created_by: 'u',
  updated_by: 'u',
  nursery: 'nursery1',
});

const changed = (...titles: string[]) => titles.map((t) => ({ before: order(t), after: order(t, 'loaded') }));

describe('describeBulkStatus', () => {
  const base: BulkStatusResult = { status: 'loaded', changed: [], unchanged: [], failed: [] };

  it.each([
    ['every order saved', { ...base, changed: changed('A', 'B', 'C', 'D', 'E', 'F', 'G', 'H') }, '8 orders set to Loaded.'],
    ['one order', { ...base, changed: changed('A') }, '1 order set to Loaded.'],
    [
      'some already had the status',
      { ...base, changed: changed('A', 'B'), unchanged: [order('C', 'loaded')] },
      '2 orders set to Loaded; 1 already was.',
    ],
    ['all already had it', { ...base, unchanged: [order('A', 'loaded'), order('B', 'loaded')] }, 'All 2 orders were already Loaded.'],
    ['missed is called Query', { ...base, status: 'missed', changed: changed('A') }, '1 order set to Query.'],
    ['no status is None', { ...base, status: '', changed: changed('A', 'B') }, '2 orders set to None.'],
  ] as const)('%s', (_name, result, expected) => {
    expect(describeBulkStatus(result as BulkStatusResult)).toBe(expected);
  });

  it('names the orders that were not saved, grouped by why', () => {
    const result: BulkStatusResult = {
      ...base,
      changed: changed('A', 'B', 'C', 'D', 'E'),
      failed: [
        { order: order('Greenfields'), reason: 'conflict' },
        { order: order('Hilltop'), reason: 'conflict' },
        { order: order('Oakwood'), reason: 'failed', message: 'Could not reach the server. Check your connection and try again.' },
      ],
    };
    expect(describeBulkStatus(result)).toBe(
      '5 of 8 orders set to Loaded. Not saved: Greenfields, Hilltop (someone else changed them meanwhile); ' +
        'Oakwood (Could not reach the server. Check your connection and try again).',
    );
  });

  it('says when nothing was saved', () => {
    const result: BulkStatusResult = { ...base, failed: [{ order: order('Greenfields'), reason: 'conflict' }] };
    expect(describeBulkStatus(result)).toBe('No order was set to Loaded. Not saved: Greenfields (someone else changed it meanwhile).');
  });
});

describe('single-order and undo messages', () => {
  it('say what happened in words', () => {
    expect(statusConflictMessage(order('Greenfields'))).toBe('Someone else changed Greenfields meanwhile, so its status was not saved.');
    expect(describeUndoneStatus(8, 0)).toBe('8 orders are back to their earlier status.');
    expect(describeUndoneStatus(1, 0)).toBe('1 order is back to its earlier status.');
    expect(describeUndoneStatus(6, 2)).toBe(
      '6 orders are back to their earlier status. 2 orders changed meanwhile and were left as they are.',
    );
  });
});
