import { describe, expect, it } from 'vitest';
import { bookingMessage, type BookedStop, type StopOutcome } from './booking';

// The sentence a booking answers with (docs/decisions/064): it names what went out to whom and
// which stops booked nothing and why, and never reads as a booking that was not made.

const stop = (name: string, outcome: StopOutcome, trolleys = 0, shelves = 0): BookedStop => ({
  stop: name,
  name,
  outcome,
  trolleys,
  shelves,
  extensions: 0,
});

function message(stops: BookedStop[]): string {
  const count = (outcomes: StopOutcome[]) => stops.filter((item) => outcomes.includes(item.outcome)).length;
  return bookingMessage({
    stops,
    booked: count(['booked']),
    alreadyBooked: count(['booked-before']),
    skipped: count(['no-customer', 'nothing-to-book']),
  });
}

describe('bookingMessage', () => {
  it.each([
    [[stop('Green', 'booked', 3, 1)], 'Booked 1 stop out: Green (3 trolleys, 1 shelf).'],
    [
      [stop('Green', 'booked', 3), stop('Oak', 'booked', 1), stop('Walk-in', 'no-customer')],
      'Booked 2 stops out: Green (3 trolleys), Oak (1 trolley). 1 stop booked nothing: Walk-in (no customer).',
    ],
    [[stop('Green', 'booked-before', 3), stop('Oak', 'booked', 2)], 'Booked 1 stop out: Oak (2 trolleys). 1 stop had been booked already.'],
    [[stop('Green', 'booked-before', 3), stop('Oak', 'booked-before', 2)], 'Nothing booked: this run was booked out already (2 stops).'],
    [
      [stop('Green', 'booked-before', 3), stop('Walk-in', 'no-customer')],
      'Nothing booked: this run was booked out already (1 stop). 1 stop booked nothing: Walk-in (no customer).',
    ],
    [[stop('Walk-in', 'no-customer'), stop('Empty', 'nothing-to-book')], 'Nothing booked: Walk-in (no customer), Empty (nothing to book).'],
    [[], 'Nothing booked: this run has no stops.'],
  ])('%#: %s', (stops, expected) => {
    expect(message(stops)).toBe(expected);
  });

  it('names six stops at most and counts the rest', () => {
    const many = Array.from({ length: 9 }, (_, i) => stop(`S${i + 1}`, 'no-customer'));
    expect(message(many)).toBe(
      'Nothing booked: S1 (no customer), S2 (no customer), S3 (no customer), S4 (no customer), S5 (no customer), S6 (no customer) and 3 more.',
    );
  });

  it('never says "Booked" when nothing was', () => {
    expect(message([stop('Walk-in', 'no-customer')])).not.toMatch(/^Booked/);
  });
});
