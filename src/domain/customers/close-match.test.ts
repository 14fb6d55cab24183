import { describe, expect, it } from 'vitest';
import { closeMatches, closeNameKey, customerWithPostcode, sameCustomer } from './close-match';

const book = [
  { id: 'c1', name: 'Hillside Garden Centre', postcode: 'GL7 1AB' },
  { id: 'c2', name: 'Hillside Nursery', postcode: 'GL7 1AB' },
  { id: 'c3', name: 'Café Verde Ltd', postcode: 'BS1 4DJ' },
  { id: 'c4', name: 'Smith & Sons', postcode: 'OX1 1AA' },
  { id: 'c5', name: 'Smith and Sons', postcode: 'OX9 9ZZ' },
];

describe('close matches of a typed customer name', () => {
  it.each([
    ['case', 'hillside garden centre', 'c1'],
    ['spacing', '  Hillside   Garden Centre ', 'c1'],
    ['punctuation', 'Hillside Garden-Centre.', 'c1'],
    ['"Ltd" added', 'Hillside Garden Centre Ltd', 'c1'],
    ['"Limited" added', 'Hillside Garden Centre Limited', 'c1'],
    ['"Ltd." with a full stop', 'Hillside Garden Centre Ltd.', 'c1'],
    ['"Ltd" left off', 'Cafe Verde', 'c3'],
    ['accents left off', 'CAFE VERDE LIMITED', 'c3'],
    ['accents added', 'Hîllside Gárden Centre', 'c1'],
  ])('%s: "%s" is a close match', (_, typed, id) => {
    expect(closeMatches(typed, '', book).map((c) => c.id)).toEqual([id]);
  });

  it.each([
    ['a word more', 'Hillside Garden Centre North'],
    ['a word less', 'Hillside'],
    ['a letter different', 'Hilside Garden Centre'],
    ['only the suffix', 'Ltd'],
    ['nothing', '   '],
  ])('%s: "%s" is not', (_, typed) => {
    expect(closeMatches(typed, '', book)).toEqual([]);
  });

  it('"&" and "and" are the same word; the same postcode comes first', () => {
    expect(closeMatches('smith and sons', 'OX9 9ZZ', book).map((c) => c.id)).toEqual(['c5', 'c4']);
    expect(closeNameKey('Smith & Sons')).toBe(closeNameKey('Smith and Sons'));
  });

  it('links to one customer only when exactly one fits the postcode', () => {
    expect(sameCustomer('hillside garden centre ltd', 'gl71ab', book)?.id).toBe('c1');
    expect(sameCustomer('hillside garden centre', '', book)?.id).toBe('c1');
    expect(sameCustomer('hillside garden centre', 'ZZ1 1ZZ', book)).toBeNull();
    expect(sameCustomer('Smith and Sons', '', book)).toBeNull();
    expect(sameCustomer('Smith and Sons', 'OX1 1AA', book)?.id).toBe('c4');
  });

  it('offers a match as its name and postcode', () => {
    expect(customerWithPostcode(book[0]!)).toBe('Hillside Garden Centre, GL7 1AB');
    expect(customerWithPostcode({ name: ' Oak ', postcode: '' })).toBe('Oak');
  });
});
