import { describe, expect, it } from 'vitest';
import type { RoundOrderStop } from './plan-api';
import { ordinal, stopCertainty } from './round-order-words';

const stop = (name: string, fields: Partial<RoundOrderStop> = {}): RoundOrderStop => ({
  customer: name.toLowerCase().replace(/\W/g, ''),
  name,
  postcode: '',
  runs: 11,
  agreed: 9,
  shared: 11,
  isNewcomer: false,
  pin: 0,
  ...fields,
});

describe('ordinal', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [101, '101st'],
    [111, '111th'],
  ])('%i is %s', (n, word) => expect(ordinal(n)).toBe(word));
});

describe('stopCertainty', () => {
  const round = [
    stop('Birch Nurseries', { postcode: 'GL7 5AB', agreed: 8, shared: 10 }),
    stop('Cotswold Garden Centre', { postcode: 'GL7 1AA' }),
    stop('Ash Farm Shop', { pin: 3 }),
    stop('Newcomer Ltd', { postcode: 'gl71xx', runs: 0, agreed: 0, shared: 0, isNewcomer: true }),
    stop('Faraway Plants', { postcode: 'BS1 4DJ', runs: 0, agreed: 0, shared: 0, isNewcomer: true }),
    stop('Loner Plants', { runs: 2, agreed: 0, shared: 0 }),
  ];
  it.each([
    [0, 'before Cotswold Garden Centre on 8 of 10 runs'],
    [1, 'after Birch Nurseries on 9 of 11 runs'],
    [2, 'pinned 3rd'],
    [3, 'new — placed by postcode GL7'],
    [4, 'new — placed at the end'],
    [5, 'on 2 runs, never with Faraway Plants'],
    [6, ''],
  ])('stop %i: %s', (index, words) => expect(stopCertainty(round, index)).toBe(words));

  it('a round of one customer says on how many runs it was', () => {
    expect(stopCertainty([stop('Only One', { runs: 1, shared: 0, agreed: 0 })], 0)).toBe(
      'on 1 run, never with another customer of the round',
    );
  });
  it('one run agreeing is one run', () => {
    expect(stopCertainty([stop('A'), stop('B', { agreed: 1, shared: 1 })], 1)).toBe('after A on 1 of 1 run');
  });
});
