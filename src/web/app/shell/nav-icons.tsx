// The navigation's icons: one stroked path each on a 20×20 grid, a few bytes apiece, so the
// shell stays small (docs/decisions/067).
export const NAV_ICONS = {
  board: 'M3 4h14v12H3zM8 4v12M13 4v12',
  collect: 'M4 8h12l-1 9H5zM7 8V6a3 3 0 0 1 6 0v2',
  holding: 'M10 3v7l4 2M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16',
  search: 'M9 15a6 6 0 1 0 0-12 6 6 0 0 0 0 12M13.5 13.5 17 17',
  runs: 'M2 5h10v9H2zM12 8h3l3 3v3h-6M5 17a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3M15 17a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3',
  mapper: 'M3 3h6v6H3zM11 3h6v6h-6zM3 11h6v6H3zM14 11v6M11 14h6',
  pickSheet: 'M5 2h10v16H5zM8 6h4M8 10h4M8 14h2',
  customers: 'M7 9a3 3 0 1 0 0-6 3 3 0 0 0 0 6M2 17a5 5 0 0 1 10 0M14 9a2.5 2.5 0 1 0 0-5M15 12a4 4 0 0 1 3 5',
  link: 'M8 12l4-4M9 5l1-1a3.5 3.5 0 0 1 5 5l-1 1M11 15l-1 1a3.5 3.5 0 0 1-5-5l1-1',
  statement: 'M4 2h12v16H4zM7 6h6M7 10h6M7 14h3',
  labels: 'M3 3h7l7 7-7 7-7-7zM7 7h.01',
  fleet: 'M1 6h9v8H1zM10 9h4l3 3v2h-7M4 17a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3M14 17a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3M13 3h6M16 1v4',
  team: 'M10 9a3 3 0 1 0 0-6 3 3 0 0 0 0 6M4 17a6 6 0 0 1 12 0',
  settings:
    'M10 13a3 3 0 1 0 0-6 3 3 0 0 0 0 6M10 1v3M10 16v3M1 10h3M16 10h3M3.6 3.6l2.2 2.2M14.2 14.2l2.2 2.2M3.6 16.4l2.2-2.2M14.2 5.8l2.2-2.2',
  deleted: 'M3 5h14M8 5V3h4v2M5 5l1 12h8l1-12',
  map: 'M2 5l5-2 6 2 5-2v12l-5 2-6-2-5 2zM7 3v12M13 5v12',
  add: 'M10 4v12M4 10h12',
  scan: 'M3 7V4h4M13 3h4v4M17 13v4h-4M7 17H3v-4M3 10h14',
  logout: 'M8 3H4v14h4M13 6l4 4-4 4M17 10H8',
  more: 'M4 10h.01M10 10h.01M16 10h.01',
  refresh: 'M16 10a6 6 0 1 1-1.8-4.3M16 3v3.5h-3.5',
} as const;

export type NavIconName = keyof typeof NAV_ICONS;

/** One of NAV_ICONS, drawn in the text's colour; decorative (the word beside it is the name). */
export function NavIcon({ d, className = 'h-5 w-5 shrink-0' }: { d: string; className?: string }) {
  return (
    <svg viewBox="0 0 20 20" className={className} aria-hidden="true" focusable="false">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
