import { describe, expect, it } from 'vitest';
import { matchKey, planMatches } from './matching';

describe('matching orders to customers', () => {
  it('compares name and postcode ignoring case and spaces', () => {
    expect(matchKey(' Green  Garden Centre', 'ab1 2cd')).toBe(matchKey('green garden centre', 'AB12CD'));
    expect(matchKey('Green Garden Centre', 'AB1 2CD')).not.toBe(matchKey('Green Garden Centres', 'AB1 2CD'));
    expect(matchKey('Green Garden Centre', 'AB1 2CD')).not.toBe(matchKey('Green Garden Centre', 'AB1 2CE'));
  });

  it('links an order only to the one customer of the same name and postcode; lists the rest', () => {
    const plan = planMatches(
      [
        { id: 'o1', title: 'green garden centre', postcode: 'ab1 2cd' },
        { id: 'o2', title: 'Hill Top', postcode: 'HT1 1AA' },
        { id: 'o3', title: 'Twins', postcode: 'TW1 1AA' },
        { id: 'o4', title: 'hill top ', postcode: 'ht11aa' },
        { id: 'o5', title: 'Green Garden Centre', postcode: '' },
      ],
      [
        { id: 'c1', name: 'Green Garden Centre', postcode: 'AB1 2CD' },
        { id: 'c2', name: 'Twins', postcode: 'TW1 1AA' },
        { id: 'c3', name: 'twins', postcode: 'tw11aa' },
      ],
    );
    expect([...plan.links]).toEqual([['o1', 'c1']]);
    expect(plan.unmatched).toEqual([
      { title: 'Hill Top', postcode: 'HT1 1AA', orders: 2, reason: 'none' },
      { title: 'Green Garden Centre', postcode: '', orders: 1, reason: 'none' },
      { title: 'Twins', postcode: 'TW1 1AA', orders: 1, reason: 'several' },
    ]);
  });
});
