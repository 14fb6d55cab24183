// A small icon drawn as one stroked path on a 20×20 grid, in the text's colour: a few bytes each,
// so the shell and the board's first paint carry no icon library for it (docs/decisions/067).

/** Decorative: the button or the word beside it carries the name. */
export function StrokeIcon({
  d,
  className = 'h-5 w-5 shrink-0',
  strokeWidth = 1.8,
}: {
  d: string;
  className?: string;
  strokeWidth?: number;
}) {
  return (
    <svg viewBox="0 0 20 20" className={className} aria-hidden="true" focusable="false">
      <path d={d} fill="none" stroke="currentColor" strokeWidth={strokeWidth} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
