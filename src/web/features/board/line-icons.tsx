// The icons of an order line as one path each, drawn as lucide draws them (24-unit box, round
// stroke; circles and the rectangle written as path arcs and lines): on a board of a hundred
// lines an icon of four to six elements, through a component reading a context, was a good part
// of the board's elements and of its first render.

import type { StatusIconName } from '#domain/vocabulary/order-status';
import { StrokeIcon, type StrokeIconStyle } from '../../components/ui/stroke-icon';

/** Lucide's Circle: radius 10 about the centre. */
const CIRCLE = 'M12 2a10 10 0 1 0 0 20a10 10 0 1 0 0-20';

/**
 * One drawing per status icon the order-status table names (docs/decisions/059): a status whose
 * icon has no path here does not compile, so a new status costs its table row and its path.
 */
const STATUS_PATHS: Readonly<Record<StatusIconName, string>> = {
  check: 'M20 6 9 17l-5-5',
  'archive-arrow-up':
    'M3 3h18a1 1 0 0 1 1 1v3a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zM4 8v11a2 2 0 0 0 2 2h2M20 8v11a2 2 0 0 1-2 2h-2M9 15l3-3 3 3M12 12v9',
  // The bow's dot (radius .5, filled) is covered by the stroke around it.
  'key-round':
    'M2.586 17.414A2 2 0 0 0 2 18.828V21a1 1 0 0 0 1 1h3a1 1 0 0 0 1-1v-1a1 1 0 0 1 1-1h1a1 1 0 0 0 1-1v-1a1 1 0 0 1 1-1h.172a2 2 0 0 0 1.414-.586l.814-.814a6.5 6.5 0 1 0-4-4zM16 7.5a.5.5 0 1 0 1 0a.5.5 0 1 0-1 0',
  'circle-question-mark': `${CIRCLE}M9 9.5a3 2.5 0 016 0c0 2-2 2-3 3.5M12 17h.01`,
  circle: CIRCLE,
};

const PATHS = {
  info: `${CIRCLE}M12 16v-4M12 8h.01`,
  // Two columns of three dots (circles of radius 1).
  'grip-vertical': [9, 15].flatMap((x) => [5, 12, 19].map((y) => `M${x - 1} ${y}a1 1 0 1 0 2 0a1 1 0 1 0-2 0`)).join(''),
  ...STATUS_PATHS,
};

export type LineIconName = keyof typeof PATHS;

/** A decorative icon (whatever holds it names it in words). */
export function LineIcon({ name, ...style }: { name: LineIconName } & StrokeIconStyle) {
  return <StrokeIcon lucide={name} d={PATHS[name]} {...style} />;
}
