import type { CSSProperties } from 'react';
import { stopSwatch } from '#domain/trolleys/stop-colours';

/**
 * A stop's swatch as CSS variables (docs/decisions/071). The swatch's own light and dark colours
 * are chosen for contrast, so they are set here rather than left to the dark palette's remapping
 * (docs/decisions/050); `STOP_COLOURED` reads them, with `dark:` picking the dark set.
 */
export function stopColourStyle(stopIndex: number): CSSProperties {
  const { light, dark } = stopSwatch(stopIndex);
  return {
    '--stop-fill': light.fill,
    '--stop-edge': light.edge,
    '--stop-ink': light.text,
    '--stop-fill-dark': dark.fill,
    '--stop-edge-dark': dark.edge,
    '--stop-ink-dark': dark.text,
  } as CSSProperties; // CSSProperties has no custom properties; these are plain strings.
}

/** Fill, edge and text of an element styled with stopColourStyle. */
export const STOP_COLOURED =
  'border-(--stop-edge) bg-(--stop-fill) text-(--stop-ink) dark:border-(--stop-edge-dark) dark:bg-(--stop-fill-dark) dark:text-(--stop-ink-dark)';

/** The drop number on the stop's colour turned inside out: the same contrast as the cell's text. */
export const STOP_BADGE = 'bg-(--stop-ink) text-(--stop-fill) dark:bg-(--stop-ink-dark) dark:text-(--stop-fill-dark)';

/** The stop's drop number on its colour, beside it in the list: the key to the vehicle's cells. */
export function StopSwatch({ stopIndex, className = '' }: { stopIndex: number; className?: string }) {
  return (
    <span
      aria-hidden="true"
      data-testid="stop-swatch"
      style={stopColourStyle(stopIndex)}
      className={`inline-flex size-6 shrink-0 items-center justify-center rounded border-2 text-xs font-bold ${STOP_COLOURED} ${className}`}
    >
      {stopIndex + 1}
    </span>
  );
}
