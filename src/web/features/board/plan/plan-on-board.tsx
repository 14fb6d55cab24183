// What the board shows of Plan deliveries (docs/decisions/076-plan-the-day.md): a day's button,
// and the day's trolleys against the fleet. Both load their code after the board's first paint
// (docs/decisions/006): the board renders only these few lines.
import { lazy, Suspense, useState } from 'react';
import type { BoardColumn } from '#domain/orders/board-columns';
import type { Day, OrderRecord } from '#domain/records';
import { useCan } from '../../../lib/use-role';
import { STATUS_BUTTON_CLASS } from '../status-button';

const PlanDeliveriesDialog = lazy(() => import('./plan-deliveries-dialog').then((m) => ({ default: m.PlanDeliveriesDialog })));
const DayCapacityText = lazy(() => import('./day-capacity').then((m) => ({ default: m.DayCapacityText })));

/** "Plan deliveries" for a day of the weekly board: office staff and admins only. */
export function PlanDeliveriesButton({ column, year, week }: { column: BoardColumn; year: number; week: number }) {
  const [open, setOpen] = useState(false);
  if (!useCan('planDeliveries')) return null;
  const label = `Plan deliveries for ${column.label} ${column.date.day}`;
  return (
    <>
      <button
        type="button"
        className={`${STATUS_BUTTON_CLASS} text-slate-700`}
        aria-label={label}
        title={label}
        onClick={() => setOpen(true)}
      >
        {/* A lorry, drawn inline: the board's file carries no icon library for it. */}
        <svg viewBox="0 0 20 20" className="size-5 md:size-4 pointer-coarse:size-5" aria-hidden="true" focusable="false">
          <path
            d="M2 5h10v9H2zM12 8h3l3 3v3h-6M5 17a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3M15 17a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      {open && (
        <Suspense fallback={null}>
          <PlanDeliveriesDialog year={year} week={week} column={column} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** The day's trolleys against the fleet's capacity, once the week's orders are there; nothing without a fleet. */
export function DayCapacity({ orders, day }: { orders: readonly OrderRecord[] | undefined; day: Day }) {
  if (!orders) return null;
  return (
    <Suspense fallback={null}>
      <DayCapacityText orders={orders} day={day} />
    </Suspense>
  );
}
