import { describe, expect, it } from 'vitest';
import { boardLineColour, customerTypeColour } from './line-colours';

describe('boardLineColour', () => {
  it.each([
    ['wholesale', 'none', false, 'default'],
    ['retail', 'none', false, 'blue'],
    ['other', 'none', false, 'green'],
    ['missed', 'none', false, 'fuchsia'],
    ['wholesale', 'collect', false, 'orange'],
    ['retail', 'collect', false, 'orange'],
    ['missed', 'collect', false, 'orange'],
    // Selection mode: retail blue and other red.
    ['retail', 'none', true, 'blue'],
    ['other', 'none', true, 'red'],
    ['other', 'collect', true, 'red'],
    ['retail', 'collect', true, 'blue'],
    ['missed', 'none', true, 'fuchsia'],
    ['wholesale', 'collect', true, 'orange'],
  ] as const)('%s on board type %s, selection mode %s: %s', (customerType, other, selecting, expected) => {
    expect(boardLineColour({ customerType, other }, selecting)).toBe(expected);
  });
});

describe('customerTypeColour', () => {
  it('colours the holding list titles', () => {
    expect(['wholesale', 'retail', 'other', 'missed'].map((t) => customerTypeColour(t as 'retail'))).toEqual([
      'default',
      'blue',
      'green',
      'fuchsia',
    ]);
  });
});
