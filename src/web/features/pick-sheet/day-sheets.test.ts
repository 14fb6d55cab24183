import { describe, expect, it } from 'vitest';
import type { Day, OrderRecord } from '#domain/records';
import { daySheet, daysWithOrders, weekSheets } from './day-sheets';

const week = { year: 2026, week: 48 };
let n = 0;
const order = (day: Day, over: Partial<OrderRecord> = {}): OrderRecord => {
  n += 1;
  return {
    id: `o${n}`,
    collectionId: 'tasks',
    collectionName: 'tasks',
    created: '',
    updated: '',
    title: `Order ${n}`,
    day,
    postcode: '',
    orderNumber: '',
    customerType: 'wholesale',
    other: 'none',
    weekNumber: 48,
    year: 2026,
    orderInfo: 'Gate code 1234',
    status: '',
    trollies: '2',
    extras: '',
    customer: '',
    standingOrder: '',
    standingWeek: '',
    attachments: [],
    user: 'u',
    created_by: 'u',
    updated_by: 'u',
    nursery: 'nursery1',
    ...over,
  };
};

describe('day sheets', () => {
  const wednesday = order('wednesday');
  const wednesdayCollect = order('wednesday', { other: 'collect', customerType: 'other' });
  const friday = order('friday', { customerType: 'retail' });
  const fridayMissed = order('friday', { customerType: 'missed' });
  const orders = [wednesday, wednesdayCollect, friday, fridayMissed];

  it('head a day with its month and carry trollies, notes and the ticks made on screen', () => {
    const sheet = daySheet('pick', orders, { ...week, day: 'wednesday' }, { [wednesday.id]: ['Green', 'Shelves'] });
    expect(sheet).toMatchObject({ kind: 'pick', date: 'Wednesday 25 November 2026', dayLabel: 'Wednesday', week: 48 });
    expect(sheet.rows).toEqual([
      {
        title: wednesday.title,
        postcode: '',
        orderNumber: '',
        trollies: '2',
        notes: 'Gate code 1234',
        tone: 'default',
        ticked: ['Green', 'Shelves'],
      },
    ]);
  });

  it('put a day’s collect orders on its collect sheet only', () => {
    expect(daySheet('collect', orders, { ...week, day: 'wednesday' }, {}).rows.map((r) => r.title)).toEqual([wednesdayCollect.title]);
    expect(daySheet('collect', orders, { ...week, day: 'friday' }, {}).rows).toEqual([]);
  });

  it('offer the days with orders to pick for a week print, or every day when none has', () => {
    expect(daysWithOrders(orders, week)).toEqual(['wednesday', 'friday']);
    expect(daysWithOrders([wednesdayCollect], week)).toHaveLength(7);
  });

  it('print chosen days in week order, each day’s collect sheet after it when it has one', () => {
    const sheets = weekSheets(orders, week, ['friday', 'monday', 'wednesday'], true, {});
    expect(sheets.map((s) => `${s.kind} ${s.dayLabel} ${s.rows.length}`)).toEqual([
      'pick Monday 0',
      'pick Wednesday 1',
      'collect Wednesday 1',
      'pick Friday 1',
    ]);
    expect(weekSheets(orders, week, ['wednesday'], false, {}).map((s) => s.kind)).toEqual(['pick']);
  });
});
