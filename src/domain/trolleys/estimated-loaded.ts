// Estimated and loaded (docs/decisions/065): an order's trolley count is the estimate; what went
// onto the lorry is the loaded count — the run plan's cells labelled with the stop (stopPlacements).
// Sheets show both only when they differ: "est. 4 · loaded 5". Pure: the run sheet, the pick sheet
// and their tests call these.

import { stopPlacements, trolleysNeeded } from './load-plan';
import { BLANK_TROLLEY_LABEL } from './run-plan';
import type { RunStop } from './run-fields';

export interface StopLoad {
  /** The order's count as typed, when it is a number ("4", "1.5"); '' when it is none. */
  estimated: string;
  /** The cells of the run's plan holding the stop's label; null when the run has no plan yet. */
  loaded: number | null;
  /** "est. 4 · loaded 5" when the plan loads another number of trolleys than the order says; '' otherwise. */
  text: string;
}

/** Whether a grid holds any stop's label (Blank marks a spare cell, not a plan). */
export function hasLoadPlan(grid: readonly string[]): boolean {
  return grid.some((cell) => cell.trim() !== '' && cell !== BLANK_TROLLEY_LABEL);
}

/** An order's count as typed when it is a number ("4", "1.5"); '' when it is none ("abc", blank). */
export function estimateOf(trollies: string): string {
  const typed = trollies.trim();
  return typed !== '' && Number.isFinite(Number(typed)) && Number(typed) >= 0 ? typed : '';
}

/** "est. 4 · loaded 5", the same for every sheet. */
export function estimatedLoadedText(estimated: string, loaded: number): string {
  return `est. ${estimated === '' ? '0' : estimated} · loaded ${loaded}`;
}

/**
 * Each stop's estimate and what the plan loaded for it. A stop differs when its cells are not the
 * cells its estimate needs (a part trolley takes a whole cell: "1.5" loaded on 2 cells does not
 * differ). No plan, no loaded count: a run not yet mapped says nothing.
 */
export function stopLoads(stops: readonly RunStop[], grid: readonly string[]): StopLoad[] {
  const planned = hasLoadPlan(grid);
  const placements = stopPlacements(stops, grid);
  return stops.map((stop, index) => {
    const estimated = estimateOf(stop.trollies);
    if (!planned) return { estimated, loaded: null, text: '' };
    const loaded = placements[index]?.placed ?? 0;
    const differs = loaded !== trolleysNeeded(stop);
    return { estimated, loaded, text: differs ? estimatedLoadedText(estimated, loaded) : '' };
  });
}

/**
 * What the runs of a day loaded for each order (by the stop's order id), summed over its runs:
 * the pick sheet's loaded count. Orders on no planned run are absent.
 */
export function loadedByOrder(runs: ReadonlyArray<{ stops: readonly RunStop[]; grid: readonly string[] }>): Map<string, number> {
  const loaded = new Map<string, number>();
  for (const run of runs) {
    if (!hasLoadPlan(run.grid)) continue;
    stopLoads(run.stops, run.grid).forEach((load, index) => {
      const id = run.stops[index]?.id ?? '';
      if (id === '' || load.loaded === null) return;
      loaded.set(id, (loaded.get(id) ?? 0) + load.loaded);
    });
  }
  return loaded;
}

/** The pick sheet's "est. 4 · loaded 5" of an order: '' when no plan loaded it, or loaded what it needs. */
export function orderLoadText(trollies: string, loaded: number | undefined): string {
  if (loaded === undefined || loaded === trolleysNeeded({ trollies })) return '';
  return estimatedLoadedText(estimateOf(trollies), loaded);
}
