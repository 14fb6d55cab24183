import { describe, expect, it } from 'vitest';
import type { OrderFields } from '#domain/orders/order-fields';
import { clampCopyTarget, copyOf, copyWeeks, defaultCopyTarget } from './duplicate-order';

// Wednesday 25 November 2026: ISO week 48 of 2026 (a year of 53 weeks).
const today = { year: 2026, month: 11, day: 25 };
const fields: OrderFields = {
  title: 'Greenfields',
  day: 'friday',
  postcode: 'gl7 2qa',
  orderNumber: 'SO-1',
  customerType: 'retail',
  other: 'collect',
  weekNumber: 50,
  year: 2026,
  orderInfo: 'Back gate',
  status: 'loaded',
  trollies: '3',
  extras: '1 shelf',
  customer: '',
};

describe('duplicating an order', () => {
  it('copies every field into the chosen day and week, with no status', () => {
    expect(copyOf(fields, { day: 'monday', year: 2027, weekNumber: 2 })).toEqual({
      ...fields,
      day: 'monday',
      year: 2027,
      weekNumber: 2,
      status: '',
    });
  });

  it('starts at the same day and week, or this week when that has passed', () => {
    expect(defaultCopyTarget(fields, today)).toEqual({ day: 'friday', year: 2026, weekNumber: 50 });
    expect(defaultCopyTarget({ ...fields, weekNumber: 12 }, today)).toEqual({ day: 'friday', year: 2026, weekNumber: 48 });
  });

  it('offers only this week and later', () => {
    const { years, weeks } = copyWeeks(2026, today);
    expect(years).toEqual([2027, 2026]);
    expect(weeks[0]).toBe(48);
    expect(weeks.at(-1)).toBe(53);
    expect(copyWeeks(2027, today).weeks).toHaveLength(52);
    expect(clampCopyTarget({ day: 'monday', year: 2026, weekNumber: 2 }, today).weekNumber).toBe(48);
    expect(clampCopyTarget({ day: 'monday', year: 2027, weekNumber: 53 }, today).weekNumber).toBe(52);
  });
});
