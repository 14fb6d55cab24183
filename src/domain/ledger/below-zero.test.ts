import { describe, expect, it } from 'vitest';
import type { Balance } from './balance';
import { balanceChangesOf, belowZeroRefusal, countsTakenBelowZero, driverBelowZeroNote, readBelowZero } from './below-zero';

const b = (trolleys: number, shelves = 0, extensions = 0): Balance => ({ trolleys, shelves, extensions });

describe('countsTakenBelowZero', () => {
  it.each([
    ['down to zero', b(2), b(0), []],
    ['below zero', b(2), b(-7), ['trolleys']],
    ['further below zero', b(-7), b(-8), ['trolleys']],
    ['back up towards zero', b(-7), b(-3), []],
    ['unchanged below zero', b(-7, 2), b(-7, 1), []],
    ['two counts', b(0, 1, 0), b(-1, -2, 0), ['trolleys', 'shelves']],
  ] as const)('%s', (_, before, after, expected) => {
    expect(countsTakenBelowZero(before, after)).toEqual(expected);
  });
});

describe('belowZeroRefusal', () => {
  it.each([
    [
      'a return of trolleys, asked by office',
      b(2),
      b(-7),
      { kind: 'in', moved: b(9) },
      'may-confirm',
      'Hillside Garden Centre holds 2 trolleys; returning 9 would leave -7. Confirm and give a reason to record it.',
    ],
    [
      'a return, asked by staff',
      b(1),
      b(-1),
      { kind: 'in', moved: b(2) },
      'may-not-confirm',
      'Hillside Garden Centre holds 1 trolley; returning 2 would leave -1. Only office staff or an admin can record it below zero: ask one of them to check it.',
    ],
    [
      'two counts name their nouns',
      b(0, 1),
      b(-1, -2),
      { kind: 'in', moved: b(1, 3) },
      'may-confirm',
      'Hillside Garden Centre holds 0 trolleys and 1 shelf; returning 1 trolley and 3 shelves would leave -1 trolley and -2 shelves. Confirm and give a reason to record it.',
    ],
    [
      'an adjustment',
      b(0, 0, 1),
      b(0, 0, -1),
      { kind: 'adjustment', moved: b(0, 0, -2) },
      'may-confirm',
      'Hillside Garden Centre holds 1 extension; adjusting by -2 would leave -1. Confirm and give a reason to record it.',
    ],
    [
      'an edit',
      b(1),
      b(-3),
      { kind: 'edit' },
      'may-confirm',
      'Hillside Garden Centre holds 1 trolley; this change would leave -3. Confirm and give a reason to record it.',
    ],
  ] as const)('%s', (_, before, after, change, asker, sentence) => {
    expect(belowZeroRefusal('Hillside Garden Centre', before, after, change, asker)).toBe(sentence);
  });

  it('is never asked for a change that leaves every count at or above zero', () => {
    expect(() => belowZeroRefusal('X', b(2), b(0), { kind: 'edit' }, 'may-confirm')).toThrow(/no count goes below zero/);
  });
});

describe('readBelowZero', () => {
  it.each([
    [undefined, false],
    [null, false],
    ['', false],
    [false, false],
    ['false', false],
    [true, true],
    ['true', true],
    ['yes', 'invalid'],
    [1, 'invalid'],
  ] as const)('%s → %s', (value, expected) => {
    expect(readBelowZero(value)).toBe(expected);
  });
});

describe('balanceChangesOf', () => {
  const m = (customer: string, kind: string, trolleys: number) => ({
    customer,
    kind,
    date: '2026-11-24',
    trolleys,
    shelves: 0,
    extensions: 0,
  });
  it.each([
    ['a return lowers its customer', null, m('a', 'in', 3), { a: b(-3) }],
    ['a delivery raises it', null, m('a', 'out', 3), { a: b(3) }],
    ['an edit of a return by its difference', m('a', 'in', 1), m('a', 'in', 5), { a: b(-4) }],
    ['a return made a delivery', m('a', 'in', 2), m('a', 'out', 2), { a: b(4) }],
    ['a delivery moved to another customer', m('a', 'out', 2), m('b', 'out', 2), { a: b(-2), b: b(2) }],
    ['a delete', m('a', 'out', 2), null, { a: b(-2) }],
  ] as const)('%s', (_, before, after, expected) => {
    expect(Object.fromEntries(balanceChangesOf(before, after))).toEqual(expected);
  });
});

describe('driverBelowZeroNote', () => {
  it.each([
    ['at or above zero: the plain note', b(3), b(0), 'Back from run "Mon"'],
    [
      'below zero: says so',
      b(3),
      b(-2),
      'Back from run "Mon". Booked as the driver counted it, though it leaves -2 trolleys: check with the customer.',
    ],
    [
      'already below, further',
      b(-1, 0, 0),
      b(-2, 0, 0),
      'Back from run "Mon". Booked as the driver counted it, though it leaves -2 trolleys: check with the customer.',
    ],
  ] as const)('%s', (_, before, after, note) => {
    expect(driverBelowZeroNote('Mon', before, after)).toBe(note);
  });
});
