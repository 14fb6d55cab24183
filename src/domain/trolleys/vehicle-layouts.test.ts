import { describe, expect, it } from 'vitest';
import { cellCount } from './vehicle-layouts';

describe('cellCount', () => {
  it.each([
    ['lorry', 4, 4],
    ['lorry', 24, 24],
    ['lorry', 10, 0],
    ['trailer', 3, 5],
    ['trailer', 6, 8],
    ['trailer', 7, 9],
    ['trailer', 8, 0],
    ['lorry', 0, 0],
  ] as const)('%s of %i trolleys has %i cells', (type, size, cells) => {
    expect(cellCount(type, size)).toBe(cells);
  });
});
