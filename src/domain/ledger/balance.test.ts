import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balanceOf, daysOwed, owedSince, owes, type MovementCounts } from './balance';

const move = (kind: string, date: string, trolleys: number, shelves = 0, extensions = 0): MovementCounts => ({
  kind,
  date,
  trolleys,
  shelves,
  extensions,
});

describe('a customer balance', () => {
  it('adds deliveries, takes returns away and adds adjustments with their sign', () => {
    const balance = balanceOf([
      move('out', '2026-01-05', 10, 4, 2),
      move('in', '2026-01-12', 6, 4),
      move('adjustment', '2026-01-20', -1, 0, 1),
    ]);
    expect(balance).toEqual({ trolleys: 3, shelves: 0, extensions: 3 });
    expect(owes(balance)).toBe(true);
    expect(owes(balanceOf([move('out', '2026-01-05', 2), move('in', '2026-01-06', 2)]))).toBe(false);
  });

  it('owes since the first day of the unbroken run of days it held something', () => {
    expect(owedSince([])).toBe('');
    expect(owedSince([move('out', '2026-01-05', 3), move('in', '2026-01-09', 3), move('out', '2026-02-02', 5)])).toBe('2026-02-02');
    // A return and a delivery on the same day do not start a new run.
    expect(owedSince([move('out', '2026-01-05', 5), move('in', '2026-01-09', 5), move('out', '2026-01-09', 3)])).toBe('2026-01-05');
    // Order of recording does not matter, the dates do.
    expect(owedSince([move('out', '2026-03-01', 1), move('out', '2026-01-01', 1)])).toBe('2026-01-01');
    expect(owedSince([move('out', '2026-01-05', 2), move('in', '2026-01-06', 2)])).toBe('');
  });

  it('does not depend on the order movements come in', () => {
    const movement = fc.record({
      kind: fc.constantFrom('out', 'in', 'adjustment'),
      date: fc.integer({ min: 1, max: 28 }).map((d) => `2026-02-${String(d).padStart(2, '0')}`),
      trolleys: fc.integer({ min: 0, max: 9 }),
      shelves: fc.integer({ min: 0, max: 9 }),
      extensions: fc.integer({ min: 0, max: 9 }),
    });
    fc.assert(
      fc.property(fc.array(movement, { maxLength: 30 }), (movements) => {
        const reversed = [...movements].reverse();
        expect(balanceOf(reversed)).toEqual(balanceOf(movements));
        expect(owedSince(reversed)).toBe(owedSince(movements));
      }),
    );
  });

  it('counts whole days owed', () => {
    expect(daysOwed('2026-11-01', '2026-11-24')).toBe(23);
    expect(daysOwed('', '2026-11-24')).toBe(0);
  });
});
