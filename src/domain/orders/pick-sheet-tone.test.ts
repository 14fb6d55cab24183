import { describe, expect, it } from 'vitest';
import { pickSheetTone } from './pick-sheet-tone';

describe('pickSheetTone', () => {
  it.each([
    ['retail', 'blue'],
    ['other', 'red'],
    ['missed', 'magenta'],
    ['wholesale', 'default'],
  ] as const)('%s is %s', (customerType, tone) => {
    expect(pickSheetTone(customerType)).toBe(tone);
  });
});
