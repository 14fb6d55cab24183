import { useQuery } from '@tanstack/react-query';
import { deliveredMarkLabel } from '#domain/runs/drops';
import { deliveredMarksQuery } from '../../lib/runs/delivered-marks';

/**
 * A small mark on an order's line once its drop was delivered (docs/decisions/042). Every mark of
 * a week reads the one answer; it is asked for after the orders have painted.
 */
export function DeliveredMarkBadge({ order }: { order: { id: string; year: number; weekNumber: number } }) {
  const mark = useQuery({
    ...deliveredMarksQuery(order.year, order.weekNumber),
    select: (marks) => marks.get(order.id) ?? null,
  });
  if (!mark.data) return null;
  const label = deliveredMarkLabel(mark.data, (iso) => new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' }));
  return (
    <span role="img" aria-label={label} title={label} data-delivered-mark="" className="ol-delivered">
      ✓ Delivered
    </span>
  );
}
