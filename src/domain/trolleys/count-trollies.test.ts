import { describe, expect, it } from 'vitest';
import { countTrollies } from './count-trollies';

const stops = (...trollies: string[]) => trollies.map((t) => ({ trollies: t }));

describe('countTrollies', () => {
  it.each([
    [[], 0],
    [['3', '2', '1'], 6],
    [['3', '', 'two', '2T'], 3],
    [[' 4 ', '0.5', '0.5'], 5],
    [['0.1', '0.2'], 0.3],
    [['-2', '3'], 3],
    [['Infinity', 'NaN', '1e3'], 1000],
  ])('%o totals %d', (trollies, total) => {
    expect(countTrollies(stops(...trollies))).toBe(total);
  });
});
