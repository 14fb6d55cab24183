import { ArchiveArrowUp, Check, Circle, CircleQuestionMark, KeyRound } from 'lucide-react';
import { statusLabel } from '#domain/orders/format';
import type { OrderStatus } from '#domain/records';

const ICON_CLASS = 'size-4 shrink-0';

/**
 * The loading status as an icon (docs/product.md#weekly-board): pulled a tick, loaded a box with an arrow,
 * working a key, missed a red question mark, anything else a plain circle. Each has a name
 * ("Status: Query") for screen readers and a tooltip for the mouse.
 */
export function StatusIcon({ status }: { status: OrderStatus }) {
  const label = statusLabel(status);
  const icon = (() => {
    switch (status) {
      case 'pulled':
        return <Check className={`${ICON_CLASS} text-emerald-700`} strokeWidth={3} aria-hidden="true" />;
      case 'loaded':
        return <ArchiveArrowUp className={`${ICON_CLASS} text-sky-700`} aria-hidden="true" />;
      case 'working':
        return <KeyRound className={`${ICON_CLASS} text-amber-700`} aria-hidden="true" />;
      case 'missed':
        return <CircleQuestionMark className={`${ICON_CLASS} text-red-600`} strokeWidth={2.5} aria-hidden="true" />;
      default:
        return <Circle className={`${ICON_CLASS} text-slate-300`} aria-hidden="true" />;
    }
  })();
  return (
    <span role="img" aria-label={`Status: ${label}`} title={label} className="inline-flex items-center" data-status={status || 'none'}>
      {icon}
    </span>
  );
}
