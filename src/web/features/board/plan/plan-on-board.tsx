// What the board shows of Plan deliveries (docs/decisions/076-plan-the-day.md): a day's button,
// and the day's trolleys against the fleet. Both load their code after the board's first paint
// (docs/decisions/006): the board renders only these few lines.
import { useState } from 'react';
import type { BoardColumn } from '#domain/orders/board-columns';
import type { Day, OrderRecord } from '#domain/records';
import { StrokeIcon } from '../../../components/ui/stroke-icon';
import { LORRY_ICON } from '../../../lib/lorry-icon';
import { lazyExtra } from '../../../components/ui/lazy-extra';
import { useCan } from '../../../lib/use-role';
import { DAY_TOOL_ICON_CLASS, DayToolButton } from '../day-tool-button';

const PlanDeliveriesDialog = lazyExtra(() => import('./plan-deliveries-dialog').then((m) => m.PlanDeliveriesDialog));
const DayCapacityText = lazyExtra(() => import('./day-capacity').then((m) => m.DayCapacityText));

/** "Plan deliveries" for a day of the weekly board: office staff and admins only. */
export function PlanDeliveriesButton({ column, year, week }: { column: BoardColumn; year: number; week: number }) {
  const [open, setOpen] = useState(false);
  if (!useCan('planDeliveries')) return null;
  const label = `Plan deliveries for ${column.label} ${column.date.day}`;
  return (
    <>
      <DayToolButton label={label} onClick={() => setOpen(true)}>
        <StrokeIcon d={LORRY_ICON} className={DAY_TOOL_ICON_CLASS} />
      </DayToolButton>
      {open && <PlanDeliveriesDialog year={year} week={week} column={column} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The day's trolleys against the fleet's capacity, once the week's orders are there; nothing without a fleet. */
export function DayCapacity({ orders, day }: { orders: readonly OrderRecord[] | undefined; day: Day }) {
  if (!orders) return null;
  return <DayCapacityText orders={orders} day={day} />;
}
