import { describe, expect, it } from 'vitest';
import type { VehicleInfo } from './run-fields';
import {
  chooseVehicleSize,
  clearCells,
  emptyVehicleInfo,
  filledCellsDropped,
  freshGrid,
  normalizeGrid,
  switchVehicleType,
  writeCell,
} from './run-plan';

const info = (over: Partial<VehicleInfo> = {}): VehicleInfo => ({ ...emptyVehicleInfo(), driver: 'Sam', ...over });

describe('freshGrid', () => {
  it.each([
    ['lorry', 4, 4],
    ['lorry', 12, 12],
    ['lorry', 24, 24],
    ['trailer', 3, 5],
    ['trailer', 7, 9],
    ['lorry', 7, 0],
    ['trailer', 0, 0],
  ] as const)('%s %iT has %i empty labels', (type, size, length) => {
    const grid = freshGrid(type, size);
    expect(grid).toHaveLength(length);
    expect(grid.every((cell) => cell === '')).toBe(true);
  });
});

describe('switchVehicleType', () => {
  it('clears the grid and the size, keeping the details', () => {
    const lorry = info({ vehicleType: 'lorry', trolleyNumber: 4, grid: ['A', 'B', '', 'Blank'] });
    expect(switchVehicleType(lorry, 'trailer')).toEqual(info({ vehicleType: 'trailer', trolleyNumber: 0, grid: [] }));
  });

  it('leaves the plan alone when the type is already chosen', () => {
    const lorry = info({ trolleyNumber: 4, grid: ['A', '', '', ''] });
    expect(switchVehicleType(lorry, 'lorry')).toBe(lorry);
  });
});

describe('chooseVehicleSize', () => {
  it.each([
    ['a first size', info(), 8, ['', '', '', '', '', '', '', '']],
    ['a bigger size keeps the labels', info({ trolleyNumber: 4, grid: ['A', 'B', 'C', 'D'] }), 8, ['A', 'B', 'C', 'D', '', '', '', '']],
    ['a smaller size drops the rest', info({ trolleyNumber: 8, grid: ['A', 'B', 'C', 'D', 'E', '', '', ''] }), 4, ['A', 'B', 'C', 'D']],
    ['a trailer 7T', info({ vehicleType: 'trailer' }), 7, ['', '', '', '', '', '', '', '', '']],
  ])('%s', (_, before, size, grid) => {
    expect(chooseVehicleSize(before, size)).toEqual({ ...before, trolleyNumber: size, grid });
  });
});

describe('cells', () => {
  const lorry = info({ trolleyNumber: 4, grid: ['A', '', '', ''] });

  it.each([
    [1, 'Greenfields - 1234', ['A', 'Greenfields - 1234', '', '']],
    [0, 'Blank', ['Blank', '', '', '']],
    [0, '', ['', '', '', '']],
    [4, 'Nope', ['A', '', '', '']],
    [-1, 'Nope', ['A', '', '', '']],
  ])('writing cell %i with %o', (index, label, grid) => {
    expect(writeCell(lorry, index, label).grid).toEqual(grid);
  });

  it('Clear All empties every cell and keeps the vehicle', () => {
    expect(clearCells(info({ trolleyNumber: 4, grid: ['A', 'B', 'Blank', ''] }))).toEqual(
      info({ trolleyNumber: 4, grid: ['', '', '', ''] }),
    );
  });

  it('normalizes a saved grid to the vehicle size', () => {
    expect(normalizeGrid(info({ trolleyNumber: 4, grid: ['A'] })).grid).toEqual(['A', '', '', '']);
    expect(normalizeGrid(info({ vehicleType: 'trailer', trolleyNumber: 3, grid: Array(9).fill('x') })).grid).toHaveLength(5);
  });
});

describe('filledCellsDropped', () => {
  const seven = info({ vehicleType: 'trailer', trolleyNumber: 7, grid: ['A', '', 'Blank', '', '', 'B', '', '', 'C'] });
  it.each([
    ['Clear All drops every filled cell', seven, { kind: 'clear' }, 4],
    ['7T -> 3T drops the filled cells 6 to 9', seven, { kind: 'size', trolleyNumber: 3 }, 2],
    ['7T -> 6T drops cell 9', seven, { kind: 'size', trolleyNumber: 6 }, 1],
    ['a larger size drops nothing', info({ trolleyNumber: 4, grid: ['A', 'B', 'C', 'D'] }), { kind: 'size', trolleyNumber: 8 }, 0],
    ['trailer -> lorry drops them all', seven, { kind: 'type', vehicleType: 'lorry' }, 4],
    ['the type already chosen drops nothing', seven, { kind: 'type', vehicleType: 'trailer' }, 0],
    ['an empty grid has nothing to drop', info({ trolleyNumber: 8, grid: freshGrid('lorry', 8) }), { kind: 'clear' }, 0],
  ] as const)('%s', (_, vehicle, change, dropped) => {
    expect(filledCellsDropped(vehicle, change)).toBe(dropped);
  });
});
