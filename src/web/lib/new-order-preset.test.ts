import { describe, expect, it } from 'vitest';
import { newOrderHref, newOrderPresetOf } from './new-order-preset';

const thisWeek = { year: 2026, week: 48 };
const presetOf = (href: string) => newOrderPresetOf(new URLSearchParams(href.split('?')[1] ?? ''), thisWeek);

describe('the Add Order preset in the address', () => {
  it('round-trips the week, day and board type', () => {
    const href = newOrderHref({ week: { year: 2026, week: 50 }, day: 'friday', other: 'collect' });
    expect(href).toBe('/createCustomer?year=2026&week=50&day=friday&other=collect');
    expect(presetOf(href)).toEqual({ week: { year: 2026, week: 50 }, day: 'friday', other: 'collect' });
  });

  it('falls back to this week and the form defaults for what is missing or not real', () => {
    expect(presetOf('/createCustomer')).toEqual({ week: thisWeek, day: undefined, other: undefined });
    expect(presetOf('/createCustomer?year=2026&week=99&day=someday&other=lorry')).toEqual({
      week: { year: 2026, week: 53 },
      day: undefined,
      other: undefined,
    });
  });
});
