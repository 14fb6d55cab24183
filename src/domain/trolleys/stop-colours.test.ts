import { describe, expect, it } from 'vitest';
import type { RunStop, VehicleInfo } from './run-fields';
import { freshGrid, emptyVehicleInfo, BLANK_TROLLEY_LABEL } from './run-plan';
import { fillInReverseDropOrder } from './load-plan';
import { cellStops, contrastRatio, readableTextOn, STOP_SWATCHES, stopSwatch } from './stop-colours';

const stop = (title: string, trollies: string, orderNumber = ''): RunStop => ({
  id: title,
  title,
  postcode: '',
  trollies,
  extras: '',
  orderNumber,
});

const lorry = (trolleyNumber: number, cells: Record<number, string> = {}): VehicleInfo => {
  const grid = freshGrid('lorry', trolleyNumber);
  for (const [trolley, label] of Object.entries(cells)) grid[Number(trolley) - 1] = label;
  return { ...emptyVehicleInfo(), vehicleType: 'lorry', trolleyNumber, grid };
};

/** Hue of `#rrggbb` in degrees. */
function hue(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const delta = max - min;
  const h = max === r ? ((g - b) / delta) % 6 : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4;
  return (h * 60 + 360) % 360;
}
const hueDistance = (a: string, b: string) => {
  const d = Math.abs(hue(a) - hue(b));
  return Math.min(d, 360 - d);
};

describe('the stop palette', () => {
  it('has 12 distinct swatches, none grey (grey is a blank trolley)', () => {
    expect(STOP_SWATCHES).toHaveLength(12);
    expect(new Set(STOP_SWATCHES.map((swatch) => swatch.light.fill)).size).toBe(12);
    expect(new Set(STOP_SWATCHES.map((swatch) => swatch.dark.fill)).size).toBe(12);
    for (const { light } of STOP_SWATCHES) {
      const [r, g, b] = [1, 3, 5].map((at) => parseInt(light.fill.slice(at, at + 2), 16));
      expect(Math.max(r!, g!, b!) - Math.min(r!, g!, b!)).toBeGreaterThan(30);
    }
  });

  it('gives neighbouring drops hues at least 60° apart, the 12th and the 13th (the 1st again) too', () => {
    for (let index = 0; index < 13; index += 1) {
      expect(hueDistance(stopSwatch(index).light.edge, stopSwatch(index + 1).light.edge)).toBeGreaterThanOrEqual(60);
    }
    expect(stopSwatch(12)).toBe(stopSwatch(0));
  });

  it('keeps cell text at 4.5:1 (WCAG AA) or more on every fill, light, dark and on paper', () => {
    for (const { name, light, dark } of STOP_SWATCHES) {
      expect(contrastRatio(light.text, light.fill), `${name} light`).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(dark.text, dark.fill), `${name} dark`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('picks near-black on a pale fill and white on a deep one', () => {
    expect(readableTextOn('#fef3c7')).toBe('#0f172a');
    expect(readableTextOn('#1e3a8a')).toBe('#ffffff');
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
  });
});

describe('cellStops', () => {
  it('gives each cell the stop whose label it holds; empty, blank and unknown cells none', () => {
    const stops = [stop('Greenfields', '2'), stop('Oak Farm', '1', 'SO-101234')];
    const info = lorry(4, { 1: 'Oak Farm - SO-101234', 2: 'Greenfields', 3: BLANK_TROLLEY_LABEL, 4: 'Nobody' });
    expect(cellStops(stops, info)).toEqual([1, 0, null, null]);
  });

  it('matches what Fill placed: every cell of a stop is that stop', () => {
    const stops = [stop('A', '2'), stop('B', '3'), stop('C', '1')];
    const { grid } = fillInReverseDropOrder(stops, lorry(8));
    const owners = cellStops(stops, { ...lorry(8), grid });
    grid.forEach((label, cell) => expect(owners[cell]).toBe(label === '' ? null : ['A', 'B', 'C'].indexOf(label)));
  });

  it('shares one label between two stops as the placed counts do, the first drop by the doors', () => {
    // The same customer twice without an order number: the first needs 1, the second the rest.
    const stops = [stop('Greenfields', '1'), stop('Oak Farm', '1'), stop('Greenfields', '2')];
    const info = lorry(4, { 1: 'Greenfields', 2: 'Greenfields', 4: 'Greenfields' });
    // Cells are taken from the doors inwards (Trolley 4 first), as Fill places the first drop.
    expect(cellStops(stops, info)).toEqual([2, 2, null, 0]);
  });
});
