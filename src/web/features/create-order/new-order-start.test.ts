import { describe, expect, it } from 'vitest';
import { newOrderStart } from './new-order-start';

// Wednesday 25 November 2026 is in ISO week 48 of 2026.
const today = { year: 2026, month: 11, day: 25 };

describe('where Add Order starts', () => {
  it('at the week and day it was opened for', () => {
    const start = newOrderStart({ week: { year: 2026, week: 50 }, day: 'friday' }, today);
    expect(start.note).toBeNull();
    expect(start.values).toMatchObject({ year: 2026, weekNumber: 50, day: 'friday', other: 'none', customerType: 'wholesale', status: '' });
  });

  it('this week counts, and a collect board gives a collect', () => {
    expect(newOrderStart({ week: { year: 2026, week: 48 }, other: 'collect' }, today).values).toMatchObject({
      weekNumber: 48,
      day: 'monday',
      other: 'collect',
    });
  });

  it('this week instead of a week that has passed, and says why', () => {
    const start = newOrderStart({ week: { year: 2026, week: 12 }, day: 'tuesday' }, today);
    expect(start.values).toMatchObject({ year: 2026, weekNumber: 48, day: 'tuesday' });
    expect(start.note).toBe(
      'Week 12 of 2026 has passed, and new orders go into this week or a later one: this order starts in week 48 of 2026.',
    );
  });
});
