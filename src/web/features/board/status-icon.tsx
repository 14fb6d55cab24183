import { statusLabel } from '#domain/orders/format';
import { ORDER_STATUS_TABLE, ORDER_STATUSES, type OrderStatus, type StatusIconName } from '#domain/vocabulary/order-status';
import type { Tone } from '#domain/vocabulary/tone';
import type { Choice } from '../../components/ui/choice-menu';
import { LineIcon } from './line-icons';

const ICON_CLASS = 'size-4 shrink-0';

/** The colour of a status icon of each tone. */
const TONE_CLASSES: Readonly<Record<Tone, string>> = {
  neutral: 'text-slate-300',
  info: 'text-sky-700',
  good: 'text-emerald-700',
  warning: 'text-amber-700',
  danger: 'text-red-600',
};

/** Icons drawn heavier than lucide's 2 so they read at 16 px: the tick and the question mark. */
const STROKE_WIDTHS: Readonly<Partial<Record<StatusIconName, number>>> = { check: 3, 'circle-question-mark': 2.5 };

/**
 * The loading status as an icon (docs/product.md#weekly-board), the icon and tone of its row in the
 * order-status table: pulled a tick, loaded a box with an arrow, working a key, missed a red question
 * mark, no status a plain circle. Decorative: whatever holds it says the status in words.
 */
export function StatusGlyph({ status, className = ICON_CLASS }: { status: OrderStatus; className?: string }) {
  // A stored value that is no status (never written by this app) is drawn as no status.
  const { icon, tone } = Object.hasOwn(ORDER_STATUS_TABLE, status) ? ORDER_STATUS_TABLE[status] : ORDER_STATUS_TABLE[''];
  return <LineIcon name={icon} className={`${className} ${TONE_CLASSES[tone]}`} strokeWidth={STROKE_WIDTHS[icon]} />;
}

/**
 * Each tone's chip: a solid fill with white words, so the status reads across a loading bay
 * (docs/decisions/069). Shade 700 under white is 4.5:1 or more; under dark mode's mirrored palette
 * (docs/decisions/050) the fill turns pale and the words dark, and the pair keeps its contrast.
 * No status is quiet: a dashed ring round the plain circle, no fill and no word.
 */
const CHIP_CLASSES: Readonly<Record<Tone, string>> = {
  neutral: 'chip-none',
  info: 'chip-word bg-sky-700',
  good: 'chip-word bg-emerald-700',
  warning: 'chip-word bg-amber-700',
  danger: 'chip-word bg-red-700',
};

/**
 * The status as a chip: its colour, the spec's icon and its word ("Pulled"); no status is a quiet
 * empty circle. Decorative for screen readers too: the button or image holding it says "Status: …".
 */
export function StatusChip({ status }: { status: OrderStatus }) {
  const known = Object.hasOwn(ORDER_STATUS_TABLE, status) ? status : '';
  const { icon, tone, label } = ORDER_STATUS_TABLE[known];
  return (
    <span aria-hidden="true" data-status={known || 'none'} className={`chip ${CHIP_CLASSES[tone]}`}>
      <LineIcon name={icon} className="icon-4-fixed" strokeWidth={STROKE_WIDTHS[icon]} />
      {known && label}
    </span>
  );
}

/** The status as an icon with its name ("Status: Query") for screen readers and a tooltip. */
export function StatusIcon({ status }: { status: OrderStatus }) {
  const label = statusLabel(status);
  return (
    <span role="img" aria-label={`Status: ${label}`} title={label} className="inline-flex items-center" data-status={status || 'none'}>
      <StatusGlyph status={status} />
    </span>
  );
}

/** Every status as a menu choice, in the order of the edit form (the table's): None, Working, Query, Pulled, Loaded. */
export const STATUS_CHOICES: readonly Choice<OrderStatus>[] = ORDER_STATUSES.map((status) => ({
  value: status,
  label: statusLabel(status),
  icon: <StatusGlyph status={status} className="size-5 shrink-0" />,
}));
