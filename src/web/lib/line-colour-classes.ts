import type { LineColour } from '#domain/orders/line-colours';

/** Text colour of each line colour (the names of docs/product.md#weekly-board; shades dark enough for 4.5:1 on white). */
export const lineTextClass: Record<LineColour, string> = {
  default: 'text-slate-900',
  blue: 'text-blue-700',
  green: 'text-green-700',
  fuchsia: 'text-fuchsia-700',
  orange: 'text-orange-700',
  red: 'text-red-700',
};

/** A stripe at the start of a board line in the same colour, so colour reads at a glance. */
export const lineStripeClass: Record<LineColour, string> = {
  default: 'border-l-slate-300',
  blue: 'border-l-blue-600',
  green: 'border-l-green-600',
  fuchsia: 'border-l-fuchsia-600',
  orange: 'border-l-orange-500',
  red: 'border-l-red-600',
};

/** A swatch of each line colour for the board's legend: the stripe's shade, as a filled square. */
export const lineSwatchClass: Record<LineColour, string> = {
  default: 'bg-slate-300',
  blue: 'bg-blue-600',
  green: 'bg-green-600',
  fuchsia: 'bg-fuchsia-600',
  orange: 'bg-orange-500',
  red: 'bg-red-600',
};
