import { describe, expect, it } from 'vitest';
import { cellCount, vehicleLayout, vehicleSizes } from './vehicle-layouts';

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

describe('vehicleSizes', () => {
  it('offers the spec sizes per vehicle type', () => {
    expect(vehicleSizes('lorry')).toEqual([4, 8, 12, 16, 20, 24]);
    expect(vehicleSizes('trailer')).toEqual([3, 6, 7]);
  });
});

/** block:row:column@drawRow,drawColumn+span for a compact table. */
const describeCells = (type: 'lorry' | 'trailer', size: number) =>
  vehicleLayout(type, size).cells.map((c) => `${c.block}:${c.row}:${c.column}@${c.drawRow},${c.drawColumn}+${c.columnSpan}`);

describe('vehicleLayout', () => {
  it.each([
    ['lorry', 4, 4, 1],
    ['lorry', 8, 4, 2],
    ['lorry', 12, 4, 3],
    ['lorry', 16, 4, 4],
    ['lorry', 20, 4, 5],
    ['lorry', 24, 4, 6],
    ['trailer', 3, 3, 3],
    ['trailer', 6, 3, 4],
    ['trailer', 7, 3, 5],
    ['lorry', 10, 4, 0],
    ['trailer', 0, 3, 0],
  ] as const)('%s %iT is drawn %i columns by %i rows', (type, size, columns, rows) => {
    const layout = vehicleLayout(type, size);
    expect({ columns: layout.columns, rows: layout.rows }).toEqual({ columns, rows });
    expect(layout.cells).toHaveLength(cellCount(type, size));
    expect(layout.cells.map((c) => c.index)).toEqual(layout.cells.map((_, i) => i));
  });

  it('fills a lorry row by row, four across', () => {
    expect(describeCells('lorry', 8)).toEqual([
      'grid:0:0@0,0+1',
      'grid:0:1@0,1+1',
      'grid:0:2@0,2+1',
      'grid:0:3@0,3+1',
      'grid:1:0@1,0+1',
      'grid:1:1@1,1+1',
      'grid:1:2@1,2+1',
      'grid:1:3@1,3+1',
    ]);
    expect(vehicleLayout('lorry', 24).cells.at(-1)).toMatchObject({ row: 5, column: 3 });
  });

  it('puts a trailer head block, then its neck block, then a 3x3 grid', () => {
    expect(describeCells('trailer', 7)).toEqual([
      'head:0:0@0,0+3',
      'neck:0:0@1,0+3',
      'grid:0:0@2,0+1',
      'grid:0:1@2,1+1',
      'grid:0:2@2,2+1',
      'grid:1:0@3,0+1',
      'grid:1:1@3,1+1',
      'grid:1:2@3,2+1',
      'grid:2:0@4,0+1',
    ]);
    expect(describeCells('trailer', 3)).toEqual(['head:0:0@0,0+3', 'neck:0:0@1,0+3', 'grid:0:0@2,0+1', 'grid:0:1@2,1+1', 'grid:0:2@2,2+1']);
  });

  it('never places two cells on one spot', () => {
    for (const [type, size] of [
      ['lorry', 24],
      ['trailer', 7],
    ] as const) {
      const spots = vehicleLayout(type, size).cells.map((c) => `${c.drawRow},${c.drawColumn}`);
      expect(new Set(spots).size).toBe(spots.length);
    }
  });
});
