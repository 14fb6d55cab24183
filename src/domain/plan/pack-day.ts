// Plan deliveries (docs/decisions/076-plan-the-day.md): the day's delivery orders packed onto the
// active vehicles by capacity, a round kept on one vehicle where it fits, an order never split
// unless it alone exceeds the biggest vehicle, stops in the learned drop order, each grid filled by
// the mapper's Fill (last drop deepest). What does not fit is listed with why; orders without a
// trolley count are listed, never guessed. Pure: nothing is written until a person creates the runs.
import { trolleyCountOf } from '../orders/order-counts';
import { fillInReverseDropOrder, trolleysNeeded } from '../trolleys/load-plan';
import type { RunStop, VehicleInfo } from '../trolleys/run-fields';
import { freshGrid } from '../trolleys/run-plan';
import { cellCount } from '../trolleys/vehicle-layouts';
import type { VehicleType } from '../vocabulary/vehicle-kind';
import type { LearnedRound } from './drop-order';

/** One of the day's delivery orders as a stop (the order's id, title, postcode, trollies, …). */
export interface PlanOrder {
  stop: RunStop;
  customer: string;
  /** The customer's round; '' for none (those orders are packed as one group of their own). */
  round: string;
}

/** A vehicle of the nursery's fleet. */
export interface PlanVehicle {
  id: string;
  name: string;
  reg: string;
  driver: string;
  vehicleType: VehicleType;
  trolleyNumber: number;
  isActive: boolean;
}

/** A vehicle's proposed run: its stops in drop order and its grid as Fill left it. */
export interface PlannedRun {
  vehicle: PlanVehicle;
  /** Cells the vehicle has: its layout's cell count (a 3T trailer has 5 with its head and neck). */
  capacity: number;
  /** Cells its stops need. */
  trolleys: number;
  /** The stops; an order split over vehicles appears on each with the trolleys it carries there. */
  stops: RunStop[];
  vehicleInfo: VehicleInfo;
}

/** An order, or the part of one, that no vehicle can carry, and why. */
export interface OrderLeftOut {
  order: PlanOrder;
  /** Trolleys not carried (all of the order's, or what is left of one split over the fleet). */
  trolleys: number;
  reason: string;
}

export interface DayPlan {
  runs: PlannedRun[];
  leftOut: OrderLeftOut[];
  /** Orders whose trollies is blank, 0 or not a number: listed for a person to count, never guessed. */
  withoutCount: PlanOrder[];
  /** Cells the counted orders need, and the active fleet's cells. */
  trolleys: number;
  capacity: number;
  /** "18 trolleys over the fleet's capacity." when the orders need more than the fleet has; null when not. */
  overCapacity: string | null;
}

export const NO_ACTIVE_VEHICLES = 'There are no active vehicles to carry it.';

/** "1 trolley" / "18 trolleys". */
export function trolleysText(count: number): string {
  return `${count} ${count === 1 ? 'trolley' : 'trolleys'}`;
}

/** The sentence for trolleys the fleet cannot carry: "18 trolleys over the fleet's capacity." */
export function overCapacityText(over: number): string {
  return `${trolleysText(over)} over the fleet's capacity.`;
}

/** Whether an order has a trolley count to plan with: a plain number above 0 (docs/decisions/063). */
export function hasTrolleyCount(stop: Pick<RunStop, 'trollies'>): boolean {
  const count = trolleyCountOf(stop.trollies);
  return count !== null && count > 0;
}

interface Bin {
  run: PlannedRun;
  free: number;
}

interface Piece {
  order: PlanOrder;
  trolleys: number;
}

/** A vehicle's run details on `date` with an empty grid of its size: a run's vehicleInfo before Fill. */
export function emptyVehicleInfo(vehicle: PlanVehicle, date: string): VehicleInfo {
  return {
    driver: vehicle.driver,
    reg: vehicle.reg,
    code: '',
    date,
    vehicleType: vehicle.vehicleType,
    trolleyNumber: vehicle.trolleyNumber,
    grid: freshGrid(vehicle.vehicleType, vehicle.trolleyNumber),
  };
}

/**
 * The day's plan. `orders` are the day's delivery orders (not collect, not holding); `learned`
 * is the nursery's learned drop order (learnDropOrder); `date` (yyyy-mm-dd) goes on each run.
 */
export function packDay(
  orders: readonly PlanOrder[],
  vehicles: readonly PlanVehicle[],
  learned: readonly LearnedRound[],
  date: string,
): DayPlan {
  const fleet = vehicles.filter((vehicle) => vehicle.isActive && cellCount(vehicle.vehicleType, vehicle.trolleyNumber) > 0);
  const bins: Bin[] = fleet.map((vehicle) => {
    const capacity = cellCount(vehicle.vehicleType, vehicle.trolleyNumber);
    return { run: { vehicle, capacity, trolleys: 0, stops: [], vehicleInfo: emptyVehicleInfo(vehicle, date) }, free: capacity };
  });
  const capacity = bins.reduce((sum, bin) => sum + bin.free, 0);
  const biggest = bins.reduce((most, bin) => Math.max(most, bin.free), 0);

  const withoutCount = orders.filter((order) => !hasTrolleyCount(order.stop));
  const rounds = groupByRound(
    orders.filter((order) => hasTrolleyCount(order.stop)),
    learned,
  );
  const trolleys = rounds.reduce((sum, round) => sum + round.trolleys, 0);

  // Pieces carried per vehicle, per round (kept in the rounds' order on a vehicle that carries two).
  const carried = new Map<Bin, Map<string, Piece[]>>();
  const carry = (bin: Bin, round: string, piece: Piece) => {
    bin.free -= piece.trolleys;
    let byRound = carried.get(bin);
    if (!byRound) carried.set(bin, (byRound = new Map<string, Piece[]>()));
    const list = byRound.get(round);
    if (list) list.push(piece);
    else byRound.set(round, [piece]);
  };
  const leftOut: OrderLeftOut[] = [];

  // First the rounds that fit a vehicle whole, biggest first, each onto the vehicle it fills best
  // (best-fit decreasing); only then are the rest cut, so a big round does not break up a small
  // one that would have fitted.
  const cut: RoundOrders[] = [];
  for (const round of [...rounds].sort((a, b) => b.trolleys - a.trolleys || a.round.localeCompare(b.round))) {
    const whole = bestFit(bins, round.trolleys);
    if (!whole) cut.push(round);
    else for (const order of round.orders) carry(whole, round.round, { order, trolleys: trolleysNeeded(order.stop) });
  }
  // A round no vehicle holds whole: its orders in drop order, staying on the vehicle of the order
  // before while they fit there, so the round is cut into as few runs as may be.
  for (const round of cut) {
    let current: Bin | null = null;
    for (const order of round.orders) {
      const needed = trolleysNeeded(order.stop);
      if (bins.length === 0) {
        leftOut.push({ order, trolleys: needed, reason: NO_ACTIVE_VEHICLES });
        continue;
      }
      if (needed > biggest) {
        // Bigger than any vehicle: the one case an order is split, over the emptiest vehicles.
        let left = needed;
        for (const bin of [...bins].sort((a, b) => b.free - a.free)) {
          if (left === 0 || bin.free === 0) break;
          const part = Math.min(left, bin.free);
          carry(bin, round.round, { order, trolleys: part });
          left -= part;
        }
        if (left > 0)
          leftOut.push({
            order,
            trolleys: left,
            reason: `${needed} trolleys is more than any vehicle holds; ${left} of them do not fit on the fleet.`,
          });
        continue;
      }
      const bin: Bin | null = current !== null && current.free >= needed ? current : bestFit(bins, needed);
      if (!bin) {
        leftOut.push({ order, trolleys: needed, reason: `No vehicle has room left for its ${trolleysText(needed)}.` });
        continue;
      }
      carry(bin, round.round, { order, trolleys: needed });
      current = bin;
    }
  }

  const roundRank = new Map(rounds.map((round, index) => [round.round, index]));
  const runs = bins.map((bin) => {
    const { run } = bin;
    const byRound = carried.get(bin) ?? new Map<string, Piece[]>();
    const pieces = [...byRound].sort(([a], [b]) => roundRank.get(a)! - roundRank.get(b)!).flatMap(([, list]) => list);
    const stops = pieces.map((piece) =>
      piece.trolleys === trolleysNeeded(piece.order.stop) ? piece.order.stop : { ...piece.order.stop, trollies: String(piece.trolleys) },
    );
    const filled = fillInReverseDropOrder(stops, run.vehicleInfo);
    return {
      ...run,
      stops,
      trolleys: pieces.reduce((sum, piece) => sum + piece.trolleys, 0),
      vehicleInfo: { ...run.vehicleInfo, grid: filled.grid },
    };
  });

  const over = trolleys - capacity;
  return { runs, leftOut, withoutCount, trolleys, capacity, overCapacity: over > 0 ? overCapacityText(over) : null };
}

/** The vehicle with the least free room that still holds `needed`; null when none does. */
function bestFit(bins: readonly Bin[], needed: number): Bin | null {
  let best: Bin | null = null;
  for (const bin of bins) if (bin.free >= needed && (best === null || bin.free < best.free)) best = bin;
  return best;
}

interface RoundOrders {
  round: string;
  orders: PlanOrder[];
  trolleys: number;
}

/**
 * The orders grouped by round, rounds in the order they were learned (then by name), each round's
 * orders in the learned drop order; a customer the order does not know goes last, by title.
 */
function groupByRound(orders: readonly PlanOrder[], learned: readonly LearnedRound[]): RoundOrders[] {
  const placeOf = new Map<string, number>();
  const roundRank = new Map<string, number>();
  learned.forEach((round, rank) => {
    roundRank.set(round.round, rank);
    round.stops.forEach((stop, place) => placeOf.set(stop.customer, place));
  });
  const groups = new Map<string, PlanOrder[]>();
  for (const order of orders) {
    const list = groups.get(order.round);
    if (list) list.push(order);
    else groups.set(order.round, [order]);
  }
  const unknown = Number.MAX_SAFE_INTEGER;
  return [...groups]
    .sort(([a], [b]) => (roundRank.get(a) ?? unknown) - (roundRank.get(b) ?? unknown) || a.localeCompare(b))
    .map(([round, list]) => {
      const sorted = list
        .map((order, index) => ({ order, index }))
        .sort(
          (a, b) =>
            (placeOf.get(a.order.customer) ?? unknown) - (placeOf.get(b.order.customer) ?? unknown) ||
            a.order.stop.title.localeCompare(b.order.stop.title) ||
            a.index - b.index,
        )
        .map(({ order }) => order);
      return { round, orders: sorted, trolleys: sorted.reduce((sum, order) => sum + trolleysNeeded(order.stop), 0) };
    });
}
