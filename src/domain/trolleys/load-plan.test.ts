import { describe, expect, it } from 'vitest';
import type { RunStop, VehicleInfo } from './run-fields';
import { blankSpareCells, fillInReverseDropOrder, loadCapacity, loadingOrder, stopPlacements, trolleysNeeded } from './load-plan';
import { emptyVehicleInfo, freshGrid } from './run-plan';

const stop = (title: string, trollies: string, orderNumber = ''): RunStop => ({
  id: title,
  title,
  postcode: '',
  trollies,
  extras: '',
  orderNumber,
});

const vehicle = (vehicleType: VehicleInfo['vehicleType'], trolleyNumber: number, cells: Record<number, string> = {}): VehicleInfo => {
  const grid = freshGrid(vehicleType, trolleyNumber);
  for (const [trolley, label] of Object.entries(cells)) grid[Number(trolley) - 1] = label;
  return { ...emptyVehicleInfo(), vehicleType, trolleyNumber, grid };
};

/** A grid as "Trolley n: label" lines of the filled cells, the way staff read the drawing. */
const filled = (grid: readonly string[]) => grid.flatMap((label, i) => (label === '' ? [] : [`${i + 1}: ${label}`]));

describe('trolleysNeeded', () => {
  it.each([
    ['3', 3],
    [' 2 ', 2],
    ['1.5', 2],
    ['0.5', 1],
    ['0', 0],
    ['', 0],
    ['2T', 0],
    ['two', 0],
    ['-3', 0],
    ['Infinity', 0],
  ])('"%s" needs %i cells', (trollies, cells) => {
    expect(trolleysNeeded({ trollies })).toBe(cells);
  });
});

describe('loadingOrder', () => {
  it.each([
    ['lorry', 8, [0, 1, 2, 3, 4, 5, 6, 7]],
    ['lorry', 4, [0, 1, 2, 3]],
    // Head, neck, then the 3x3 grid row by row from the front.
    ['trailer', 7, [0, 1, 2, 3, 4, 5, 6, 7, 8]],
    ['trailer', 3, [0, 1, 2, 3, 4]],
    ['lorry', 7, []],
  ] as const)('%s %iT loads from the front to the doors: %j', (type, size, order) => {
    expect(loadingOrder(type, size)).toEqual(order);
  });
});

describe('stopPlacements', () => {
  it.each([
    {
      case: 'counts the cells holding each stop’s label',
      stops: [stop('Greenfields', '4', 'SO-1'), stop('Bloom', '2'), stop('Hillside', 'two')],
      grid: ['Greenfields - SO-1', 'Bloom', 'Greenfields - SO-1', 'Blank', '', 'Hillside'],
      placements: [
        { needed: 4, placed: 2 },
        { needed: 2, placed: 1 },
        { needed: 0, placed: 1 },
      ],
    },
    {
      case: 'shares a label between stops in drop order, the last taking the rest',
      stops: [stop('Bloom', '1'), stop('Bloom', '2')],
      grid: ['Bloom', 'Bloom', 'Bloom', 'Bloom'],
      placements: [
        { needed: 1, placed: 1 },
        { needed: 2, placed: 3 },
      ],
    },
    {
      case: 'never counts empty cells for an untitled stop',
      stops: [stop('', '2')],
      grid: ['', '', 'Blank'],
      placements: [{ needed: 2, placed: 0 }],
    },
  ])('$case', ({ stops, grid, placements }) => {
    expect(stopPlacements(stops, grid)).toEqual(placements);
  });
});

describe('fillInReverseDropOrder', () => {
  it.each([
    {
      case: 'lorry: the last drop deepest (from Trolley 1), the first drop by the doors',
      stops: [stop('First', '2'), stop('Second', '3'), stop('Third', '1')],
      info: vehicle('lorry', 8),
      filled: ['1: Third', '2: Second', '3: Second', '4: Second', '5: First', '6: First'],
      placed: 6,
      leftOff: [],
    },
    {
      case: 'trailer: head and neck first, the 3x3 grid row by row to the doors',
      stops: [stop('First', '3'), stop('Last', '3', '77')],
      info: vehicle('trailer', 7),
      filled: ['1: Last - 77', '2: Last - 77', '3: Last - 77', '4: First', '5: First', '6: First'],
      placed: 6,
      leftOff: [],
    },
    {
      case: 'keeps what is placed and fills around it, adding only what is missing',
      stops: [stop('First', '2'), stop('Second', '2')],
      info: vehicle('lorry', 4, { 1: 'Blank', 2: 'Second', 4: 'First' }),
      filled: ['1: Blank', '2: Second', '3: Second', '4: First'],
      placed: 1,
      leftOff: [{ stopIndex: 0, label: 'First', count: 1 }],
    },
    {
      case: 'over capacity: places what fits, the earliest drops are left off',
      stops: [stop('First', '2'), stop('Second', '2'), stop('Third', '3')],
      info: vehicle('lorry', 4),
      filled: ['1: Third', '2: Third', '3: Third', '4: Second'],
      placed: 4,
      leftOff: [
        { stopIndex: 0, label: 'First', count: 2 },
        { stopIndex: 1, label: 'Second', count: 1 },
      ],
    },
    {
      case: 'a stop without a name cannot be written and is left off; part trolleys take a cell',
      stops: [stop('', '1'), stop('Half', '0.5'), stop('Notes only', 'two')],
      info: vehicle('lorry', 4),
      filled: ['1: Half'],
      placed: 1,
      leftOff: [{ stopIndex: 0, label: '', count: 1 }],
    },
    {
      case: 'no size chosen: nothing placed',
      stops: [stop('First', '1')],
      info: vehicle('lorry', 0),
      filled: [],
      placed: 0,
      leftOff: [{ stopIndex: 0, label: 'First', count: 1 }],
    },
  ])('$case', ({ case: _, stops, info, ...expected }) => {
    const result = fillInReverseDropOrder(stops, info);
    expect({ filled: filled(result.grid), placed: result.placed, leftOff: result.leftOff }).toEqual(expected);
    expect(result.grid).toHaveLength(info.grid.length);
  });

  it('is done after one Fill: a second places nothing more', () => {
    const stops = [stop('First', '2'), stop('Second', '1')];
    const once = fillInReverseDropOrder(stops, vehicle('lorry', 4));
    const twice = fillInReverseDropOrder(stops, { ...vehicle('lorry', 4), grid: once.grid });
    expect(twice).toEqual({ grid: once.grid, placed: 0, leftOff: [] });
  });
});

describe('blankSpareCells', () => {
  it('marks every empty cell Blank and keeps the rest', () => {
    expect(blankSpareCells(['A', '', 'Blank', ''])).toEqual(['A', 'Blank', 'Blank', 'Blank']);
  });
});

describe('loadCapacity', () => {
  it.each([
    { trollies: ['4', '4'], size: 8, capacity: { needed: 8, cells: 8, over: 0 } },
    { trollies: ['4', '4', '1.5'], size: 8, capacity: { needed: 10, cells: 8, over: 2 } },
    { trollies: ['two', ''], size: 4, capacity: { needed: 0, cells: 4, over: 0 } },
  ])('$trollies on $size cells: $capacity', ({ trollies, size, capacity }) => {
    const stops = trollies.map((t, i) => stop(`S${i}`, t));
    expect(loadCapacity(stops, vehicle('lorry', size))).toEqual(capacity);
  });

  it('counts a trailer by its cells (7T has 9)', () => {
    expect(loadCapacity([stop('A', '9')], vehicle('trailer', 7)).over).toBe(0);
    expect(loadCapacity([stop('A', '10')], vehicle('trailer', 7)).over).toBe(1);
  });
});
