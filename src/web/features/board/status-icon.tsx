import { statusLabel } from '#domain/orders/format';
import { ORDER_STATUSES, type OrderStatus } from '#domain/records';
import type { Choice } from '../../components/ui/choice-menu';
import { LineIcon } from './line-icons';

const ICON_CLASS = 'size-4 shrink-0';

/**
 * The loading status as an icon (docs/product.md#weekly-board): pulled a tick, loaded a box with
 * an arrow, working a key, missed a red question mark, anything else a plain circle. Decorative:
 * whatever holds it says the status in words.
 */
export function StatusGlyph({ status, className = ICON_CLASS }: { status: OrderStatus; className?: string }) {
  switch (status) {
    case 'pulled':
      return <LineIcon name="check" className={`${className} text-emerald-700`} strokeWidth={3} />;
    case 'loaded':
      return <LineIcon name="archive-arrow-up" className={`${className} text-sky-700`} />;
    case 'working':
      return <LineIcon name="key-round" className={`${className} text-amber-700`} />;
    case 'missed':
      return <LineIcon name="circle-question-mark" className={`${className} text-red-600`} strokeWidth={2.5} />;
    default:
      return <LineIcon name="circle" className={`${className} text-slate-300`} />;
  }
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

/** The five statuses as menu choices, in the order of the edit form: None, Working, Query, Pulled, Loaded. */
export const STATUS_CHOICES: readonly Choice<OrderStatus>[] = ORDER_STATUSES.map((status) => ({
  value: status,
  label: statusLabel(status),
  icon: <StatusGlyph status={status} className="size-5 shrink-0" />,
}));
