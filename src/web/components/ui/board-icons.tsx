// The few Lucide icons the board draws in its first load, as plain SVG with Lucide's own shapes
// and attributes, so they look exactly as before: lucide-react's icon runtime (about 3 kB gzip)
// then stays with the screens that load later (docs/decisions/074). Each shape is lucide-react
// 1.75's (ISC licence). Decorative: the button around an icon carries its name.
import type { ReactNode } from 'react';
import { StrokeIcon, type StrokeIconStyle } from './stroke-icon';

function lucideIcon(name: string, shapes: ReactNode) {
  function BoardIcon(style: StrokeIconStyle) {
    return (
      <StrokeIcon lucide={name} {...style}>
        {shapes}
      </StrokeIcon>
    );
  }
  return BoardIcon;
}

const FILE_OUTLINE = 'M6 22a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h8a2.4 2.4 0 0 1 1.704.706l3.588 3.588A2.4 2.4 0 0 1 20 8v12a2 2 0 0 1-2 2z';

export const FileDown = lucideIcon(
  'file-down',
  <>
    <path d={FILE_OUTLINE} />
    <path d="M14 2v5a1 1 0 0 0 1 1h5" />
    <path d="M12 18v-6" />
    <path d="m9 15 3 3 3-3" />
  </>,
);

export const FileUp = lucideIcon(
  'file-up',
  <>
    <path d={FILE_OUTLINE} />
    <path d="M14 2v5a1 1 0 0 0 1 1h5" />
    <path d="M12 12v6" />
    <path d="m15 15-3-3-3 3" />
  </>,
);

export const CalendarPlus = lucideIcon(
  'calendar-plus',
  <>
    <path d="M16 18h6" />
    <path d="M16 2v3" />
    <path d="M19 15v6" />
    <path d="M21 11.5V5a2 2 0 00-2-2H5a2 2 0 00-2 2v14a2 2 0 002 2h8.3" />
    <path d="M3 9h18" />
    <path d="M8 2v3" />
  </>,
);

export const Copy = lucideIcon(
  'copy',
  <>
    <rect width="14" height="14" x="8" y="8" rx="2" ry="2" />
    <path d="M4 16c-1.1 0-2-.9-2-2V4c0-1.1.9-2 2-2h10c1.1 0 2 .9 2 2" />
  </>,
);

export const ListChecks = lucideIcon(
  'list-checks',
  <>
    <path d="M13 5h8" />
    <path d="M13 12h8" />
    <path d="M13 19h8" />
    <path d="m3 17 2 2 4-4" />
    <path d="m3 7 2 2 4-4" />
  </>,
);

export const Plus = lucideIcon(
  'plus',
  <>
    <path d="M5 12h14" />
    <path d="M12 5v14" />
  </>,
);
