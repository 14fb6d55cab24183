// The week's capacity on the board (docs/decisions/076-plan-the-day.md): a day's trolleys going
// out against what the active fleet carries in a day, so a planner sees a heavy Thursday coming.
// Everyone sees it once the nursery has vehicles; a nursery without any sees nothing.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { weekCapacity } from '#domain/plan/week-capacity';
import type { Day, OrderRecord } from '#domain/records';
import { vehicleListQuery } from '../../../lib/fleet/vehicle-list';
import { planVehicleOf } from '../../../lib/plan/plan-queries';

export function DayCapacityText({ orders, day }: { orders: readonly OrderRecord[]; day: Day }) {
  const vehicles = useQuery(vehicleListQuery()).data;
  const capacity = useMemo(() => {
    if (!vehicles || vehicles.length === 0) return null;
    // The day's deliveries: what goes out on the whiteboard, not collects (nor holding, never on this board).
    const deliveries = orders.filter((order) => order.day === day && order.other === 'none');
    return weekCapacity([{ day, orders: deliveries }], vehicles.map(planVehicleOf))[0] ?? null;
  }, [vehicles, orders, day]);
  if (!capacity) return null;
  const isOver = capacity.over > 0;
  return (
    <p
      data-testid="day-capacity"
      title="Trolleys going out this day against what the active vehicles carry"
      className={`text-xs whitespace-nowrap ${isOver ? 'font-semibold text-red-700' : 'text-slate-600'}`}
    >
      <span className="sr-only">Fleet: </span>
      {capacity.trolleys} / {capacity.capacity} trolleys
      {isOver && <span> · {capacity.over} over</span>}
    </p>
  );
}
