import { describe, expect, it } from 'vitest';
import type { RunStop } from './run-fields';
import { customerLabel } from './customer-label';
import { estimateOf, loadedByOrder, orderLoadText, stopLoads } from './estimated-loaded';

const stop = (id: string, title: string, trollies: string): RunStop => ({ id, title, postcode: '', trollies, extras: '', orderNumber: id });
const cells = (s: RunStop, n: number) => Array.from({ length: n }, () => customerLabel(s));

describe('stopLoads: estimated and loaded', () => {
  const hill = stop('o1', 'Hillside', '4');
  const oak = stop('o2', 'Oak', '2');
  const half = stop('o3', 'Brook', '1.5');
  const typo = stop('o4', 'Ash', 'abc');
  it.each([
    ['no plan: nothing loaded, nothing said', [hill, oak], [], [null, null], ['', '']],
    ['a plan of blanks is no plan', [hill], ['Blank', ''], [null], ['']],
    ['loaded as estimated', [hill, oak], [...cells(hill, 4), ...cells(oak, 2)], [4, 2], ['', '']],
    ['one more loaded', [hill, oak], [...cells(hill, 5), ...cells(oak, 2)], [5, 2], ['est. 4 · loaded 5', '']],
    ['one fewer loaded, the other left off', [hill, oak], [...cells(hill, 3)], [3, 0], ['est. 4 · loaded 3', 'est. 2 · loaded 0']],
    ['a part trolley takes a whole cell', [half], cells(half, 2), [2], ['']],
    ['a count that is no number is estimated at 0', [typo], cells(typo, 1), [1], ['est. 0 · loaded 1']],
  ] as const)('%s', (_, stops, grid, loaded, texts) => {
    const loads = stopLoads(stops, grid);
    expect(loads.map((load) => load.loaded)).toEqual(loaded);
    expect(loads.map((load) => load.text)).toEqual(texts);
  });

  it('reads the estimate as typed', () => {
    expect([estimateOf(' 4 '), estimateOf('1.5'), estimateOf('abc'), estimateOf(''), estimateOf('-1')]).toEqual(['4', '1.5', '', '', '']);
  });
});

describe('loadedByOrder and the pick sheet', () => {
  it('sums each order over the planned runs of the day, and says so only when it differs', () => {
    const hill = stop('o1', 'Hillside', '4');
    const oak = stop('o2', 'Oak', '2');
    const loaded = loadedByOrder([
      { stops: [hill, oak], grid: [...cells(hill, 3), ...cells(oak, 2)] },
      { stops: [hill], grid: cells(hill, 2) },
      { stops: [stop('o9', 'Unplanned', '3')], grid: [] },
    ]);
    expect(Object.fromEntries(loaded)).toEqual({ o1: 5, o2: 2 });
    expect(orderLoadText('4', loaded.get('o1'))).toBe('est. 4 · loaded 5');
    expect(orderLoadText('2', loaded.get('o2'))).toBe('');
    expect(orderLoadText('3', loaded.get('o9'))).toBe('');
  });
});
