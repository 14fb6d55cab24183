// Issue 32's board figures (docs/decisions/074): the JavaScript before the board's first paint and
// until the week's orders show (from the build), and the first and repeat visit on the yard
// profile (medians of at least five, `npm run bench:board-load`). `npm run bench` prints each with
// its target and the load average it was measured under, and a clear OVER line when it misses.
import { FIRST_PAINT_BUDGET_KB, ORDERS_VISIBLE_BUDGET_KB } from './bundle';

export const BOARD_KEYS = [
  'board_first_paint_kb_gzip',
  'board_orders_visible_kb_gzip',
  'board_first_visit_ms',
  'board_repeat_visit_ms',
] as const;
export type BoardKey = (typeof BOARD_KEYS)[number];

/** Each figure's ceiling. */
export const BOARD_TARGETS: Record<BoardKey, number> = {
  board_first_paint_kb_gzip: FIRST_PAINT_BUDGET_KB,
  board_orders_visible_kb_gzip: ORDERS_VISIBLE_BUDGET_KB,
  board_first_visit_ms: 1100,
  board_repeat_visit_ms: 300,
};

/** `board_first_visit_ms 1043 (target ≤ 1100) load 0.91 …`, and an OVER line when it misses (or is missing). */
export function boardFigureLines(key: BoardKey, value: number | null, load: string): string[] {
  const shown = value === null ? 'null' : key.endsWith('_ms') ? value.toFixed(0) : value.toFixed(2);
  const lines = [`${key} ${shown} (target ≤ ${BOARD_TARGETS[key]})${load ? ` load ${load}` : ''}`];
  if (value === null || !Number.isFinite(value) || value > BOARD_TARGETS[key])
    lines.push(`OVER: ${key} ${shown} misses its target ≤ ${BOARD_TARGETS[key]}`);
  return lines;
}
