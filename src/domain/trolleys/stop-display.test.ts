import { describe, expect, it } from 'vitest';
import { formatTrollies, stopDisplay } from './stop-display';

describe('formatTrollies', () => {
  it.each([
    ['3', '3T'],
    [' 2 ', '2T'],
    ['0.5', '0.5T'],
    ['3T', '3T'],
    ['3 t', '3T'],
    ['', ''],
    ['  ', ''],
    ['half', 'halfT'],
    ['0', ''],
    [' 0T', ''],
    ['0.0', ''],
    ['10', '10T'],
  ])('%o is shown as %o', (trollies, shown) => {
    expect(formatTrollies(trollies)).toBe(shown);
  });
});

describe('stopDisplay', () => {
  const stop = { id: 's1', title: 'Greenfields ', postcode: 'ab12cd', trollies: '3', extras: '2 shelves', orderNumber: 'SO-104421' };

  it.each([
    [
      'a full stop',
      stop,
      0,
      { position: 1, title: 'Greenfields', orderNumber: '4421', postcode: 'AB1 2CD', trollies: '3T', extras: '2 shelves' },
    ],
    [
      'a short order number and a postcode with its space',
      { ...stop, orderNumber: '42', postcode: 'tn12 6ab' },
      4,
      { position: 5, title: 'Greenfields', orderNumber: '42', postcode: 'TN12 6AB', trollies: '3T', extras: '2 shelves' },
    ],
    [
      'a note instead of a postcode, nothing else',
      { ...stop, postcode: 'collect', orderNumber: '', trollies: '', extras: '' },
      1,
      { position: 2, title: 'Greenfields', orderNumber: '', postcode: 'collect', trollies: '', extras: '' },
    ],
  ])('%s', (_, input, index, shown) => {
    expect(stopDisplay(input, index)).toEqual(shown);
  });
});
