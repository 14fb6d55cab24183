// Each stop's colour in the trolley mapper and on the run sheet (docs/decisions/071): a stop's
// cells and its row in the list share one swatch, so a loader sees at a glance which trolleys are
// whose. Plain data in, plain data out: the screen, the PDF and the tests call the same functions.
import type { RunStop } from './run-fields';
import { customerLabel } from './customer-label';
import { loadingOrder, trolleysNeeded } from './load-plan';
import type { VehicleType } from '../vocabulary/vehicle-kind';

/** Colours of one swatch as `#rrggbb`. */
export interface SwatchColours {
  /** The cell's fill. */
  fill: string;
  /** The cell's edge: the hue at full strength, so two pale fills side by side still part. */
  edge: string;
  /** Text on the fill: whichever of near-black and white reads better on it (readableTextOn). */
  text: string;
}

export interface StopSwatch {
  /** The hue's name, for people (tests, the decision record); never shown as the only cue. */
  name: string;
  /** On a light screen and on paper: a pale fill (saves ink) with a strong edge. */
  light: SwatchColours;
  /** On a dark screen: a deep fill with a bright edge, so the fill is not a glare at night. */
  dark: SwatchColours;
}

const NEAR_BLACK = '#0f172a';
const WHITE = '#ffffff';

/** [name, 200 fill, 600 edge, 800 dark fill, 400 dark edge] of the Tailwind palette. */
const HUES: readonly (readonly [string, string, string, string, string])[] = [
  ['red', '#fecaca', '#dc2626', '#991b1b', '#f87171'],
  ['teal', '#99f6e4', '#0d9488', '#115e59', '#2dd4bf'],
  ['fuchsia', '#f5d0fe', '#c026d3', '#86198f', '#e879f9'],
  ['lime', '#d9f99d', '#65a30d', '#3f6212', '#a3e635'],
  ['blue', '#bfdbfe', '#2563eb', '#1e40af', '#60a5fa'],
  ['orange', '#fed7aa', '#ea580c', '#9a3412', '#fb923c'],
  ['cyan', '#a5f3fc', '#0891b2', '#155e75', '#22d3ee'],
  ['pink', '#fbcfe8', '#db2777', '#9d174d', '#f472b6'],
  ['green', '#bbf7d0', '#16a34a', '#166534', '#4ade80'],
  ['violet', '#ddd6fe', '#7c3aed', '#5b21b6', '#a78bfa'],
  ['amber', '#fde68a', '#d97706', '#92400e', '#fbbf24'],
  ['sky', '#bae6fd', '#0284c7', '#075985', '#38bdf8'],
];

/**
 * Twelve swatches in drop order. The hues are taken round the colour wheel five steps (150°) at
 * a time, so neighbouring drops — whose trolleys stand side by side near the doors — never get
 * neighbouring hues, and the 12th differs from the 1st as much. No grey: grey is a blank trolley.
 */
export const STOP_SWATCHES: readonly StopSwatch[] = HUES.map(([name, fill, edge, darkFill, darkEdge]) => ({
  name,
  light: { fill, edge, text: readableTextOn(fill) },
  dark: { fill: darkFill, edge: darkEdge, text: readableTextOn(darkFill) },
}));

/** The swatch of the stop at `stopIndex` (0-based drop order); a 13th stop starts the round again. */
export function stopSwatch(stopIndex: number): StopSwatch {
  return STOP_SWATCHES[((stopIndex % STOP_SWATCHES.length) + STOP_SWATCHES.length) % STOP_SWATCHES.length]!;
}

/** WCAG relative luminance of `#rrggbb`. */
export function relativeLuminance(hex: string): number {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const [r, g, b] = [match[1]!, match[2]!, match[3]!].map((part) => {
    const channel = parseInt(part, 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** Near-black or white, whichever contrasts more with `fill`. */
export function readableTextOn(fill: string): string {
  return contrastRatio(fill, NEAR_BLACK) >= contrastRatio(fill, WHITE) ? NEAR_BLACK : WHITE;
}

/**
 * Which stop (0-based drop order) each cell's trolley belongs to, or null: an empty cell, a blank
 * trolley, or a label no stop has. Stops with the same label share its cells as "3 of 4 placed"
 * counts them (stopPlacements): each earlier stop takes up to what it needs, the last the rest.
 * An earlier drop takes the cells nearest the doors, where Fill puts it.
 */
export function cellStops(
  stops: readonly RunStop[],
  info: { vehicleType: VehicleType; trolleyNumber: number; grid: readonly string[] },
): (number | null)[] {
  const owners: (number | null)[] = info.grid.map(() => null);
  const stopsOfLabel = new Map<string, number[]>();
  stops.forEach((stop, index) => {
    const label = customerLabel(stop);
    if (label === '') return;
    stopsOfLabel.set(label, [...(stopsOfLabel.get(label) ?? []), index]);
  });
  // Cells by the doors first: the reverse of the order a crew loads them. Cells outside the
  // layout (none once the grid is normalised) come last, in their own order.
  const byDoors = loadingOrder(info.vehicleType, info.trolleyNumber)
    .filter((index) => index < info.grid.length)
    .reverse();
  const rest = info.grid.map((_, index) => index).filter((index) => !byDoors.includes(index));
  const taken = new Map<number, number>();
  for (const cell of [...byDoors, ...rest]) {
    const sharing = stopsOfLabel.get(info.grid[cell] ?? '');
    if (!sharing) continue;
    const last = sharing.length - 1;
    const owner = sharing.find((stopIndex, i) => i === last || (taken.get(stopIndex) ?? 0) < trolleysNeeded(stops[stopIndex]!))!;
    taken.set(owner, (taken.get(owner) ?? 0) + 1);
    owners[cell] = owner;
  }
  return owners;
}
