// The one shell of the app's stroked icons, in the text's colour: each icon is only its drawing,
// so the shell and the board's first paint carry no icon library (docs/decisions/067, 074).
import type { ReactNode } from 'react';

/** What a caller may set on any stroked icon. */
export interface StrokeIconStyle {
  className?: string;
  strokeWidth?: number;
}

type StrokeIconProps = StrokeIconStyle &
  (
    | { /** One path on the app's own 20×20 grid. */ d: string; lucide?: undefined; children?: undefined }
    | {
        /**
         * A Lucide icon's name: its 24-unit grid and stroke, so it looks as lucide-react draws it
         * (its size comes from the caller's class, as every caller gives one). Not lucide-react's
         * `lucide lucide-<name>` classes: nothing styles or finds an icon by them, and a board's
         * hundred lines carried them in the markup kept for the next visit (docs/decisions/084).
         */
        lucide: string;
        d?: string;
        /** The Lucide shapes, when the icon is not one path `d`. */
        children?: ReactNode;
      }
  );

/** Decorative: the button or the word beside it carries the name. */
export function StrokeIcon({
  d,
  lucide,
  children,
  className = lucide ? '' : 'h-5 w-5 shrink-0',
  strokeWidth = lucide ? 2 : 1.8,
}: StrokeIconProps) {
  return (
    <svg
      viewBox={lucide ? '0 0 24 24' : '0 0 20 20'}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className || undefined}
      aria-hidden="true"
      focusable="false"
    >
      {d && <path d={d} />}
      {children}
    </svg>
  );
}
