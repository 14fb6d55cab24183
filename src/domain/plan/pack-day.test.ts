import { describe, expect, it } from 'vitest';
import type { LearnedRound } from './drop-order';
import { NO_ACTIVE_VEHICLES, packDay, type DayPlan, type PlanOrder, type PlanVehicle } from './pack-day';
import { weekCapacity } from './week-capacity';

const DATE = '2026-12-03';

/** An order of customer `customer` (its title too) in `round` with `trollies`. */
const order = (customer: string, round: string, trollies: string): PlanOrder => ({
  stop: { id: `order-${customer}`, title: customer, postcode: '', trollies, extras: '', orderNumber: '' },
  customer,
  round,
});

const lorry = (trolleyNumber: number, isActive = true): PlanVehicle => ({
  id: `L${trolleyNumber}`,
  name: `Lorry ${trolleyNumber}T`,
  reg: `AB${trolleyNumber} CDE`,
  driver: 'Sam',
  vehicleType: 'lorry',
  trolleyNumber,
  isActive,
});

const trailer = (trolleyNumber: number): PlanVehicle => ({ ...lorry(trolleyNumber), id: `T${trolleyNumber}`, vehicleType: 'trailer' });

/** Learned rounds as "round: A B C". */
const learnedOf = (...lines: string[]): LearnedRound[] =>
  lines.map((line) => {
    const [round, stops] = line.split(': ');
    return {
      round: round!,
      stops: stops!.split(' ').map((customer) => ({ customer, runs: 1, agreed: 0, shared: 0, isNewcomer: false, isPinned: false })),
    };
  });

/** The plan as staff would read it: "L12 (7/12): A 3, B 4", what was left out and why. */
const read = (plan: DayPlan) => ({
  runs: plan.runs.map(
    (run) => `${run.vehicle.id} (${run.trolleys}/${run.capacity}): ${run.stops.map((stop) => `${stop.title} ${stop.trollies}`).join(', ')}`,
  ),
  leftOut: plan.leftOut.map((left) => `${left.order.customer} ${left.trolleys}: ${left.reason}`),
  withoutCount: plan.withoutCount.map((o) => o.customer),
  over: plan.overCapacity,
});

const LEARNED = learnedOf('north: A B C D', 'south: P Q R S');

describe('packDay', () => {
  it.each<{ name: string; orders: PlanOrder[]; vehicles: PlanVehicle[]; plan: ReturnType<typeof read> }>([
    {
      name: 'each round kept on one vehicle, the bigger round on the vehicle it fills best',
      orders: [order('A', 'north', '3'), order('B', 'north', '4'), order('P', 'south', '5'), order('Q', 'south', '3')],
      vehicles: [lorry(12), lorry(8)],
      plan: { runs: ['L12 (7/12): A 3, B 4', 'L8 (8/8): P 5, Q 3'], leftOut: [], withoutCount: [], over: null },
    },
    {
      name: "two rounds share a vehicle when both fit, each round together, in the learned rounds' order",
      orders: [order('P', 'south', '5'), order('A', 'north', '3'), order('Q', 'south', '3'), order('B', 'north', '4')],
      vehicles: [lorry(16)],
      plan: { runs: ['L16 (15/16): A 3, B 4, P 5, Q 3'], leftOut: [], withoutCount: [], over: null },
    },
    {
      name: 'stops in the learned drop order, a customer the order does not know last',
      orders: [order('Z', 'north', '1'), order('C', 'north', '1'), order('A', 'north', '1'), order('B', 'north', '1')],
      vehicles: [lorry(8)],
      plan: { runs: ['L8 (4/8): A 1, B 1, C 1, Z 1'], leftOut: [], withoutCount: [], over: null },
    },
    {
      name: 'a round bigger than any vehicle is cut in drop order, no order split',
      orders: [order('A', 'north', '4'), order('B', 'north', '4'), order('C', 'north', '4'), order('D', 'north', '4')],
      vehicles: [lorry(12), lorry(8)],
      plan: { runs: ['L12 (8/12): C 4, D 4', 'L8 (8/8): A 4, B 4'], leftOut: [], withoutCount: [], over: null },
    },
    {
      name: 'the single order larger than any vehicle is split over the fleet',
      orders: [order('A', 'north', '30')],
      vehicles: [lorry(24), lorry(8)],
      plan: { runs: ['L24 (24/24): A 24', 'L8 (6/8): A 6'], leftOut: [], withoutCount: [], over: null },
    },
    {
      name: 'the single order larger than the whole fleet: what is left is listed',
      orders: [order('A', 'north', '30')],
      vehicles: [lorry(24)],
      plan: {
        runs: ['L24 (24/24): A 24'],
        leftOut: ['A 6: 30 trolleys is more than any vehicle holds; 6 of them do not fit on the fleet.'],
        withoutCount: [],
        over: "6 trolleys over the fleet's capacity.",
      },
    },
    {
      name: 'over capacity: what does not fit is listed with why, never squeezed in',
      orders: [order('A', 'north', '8'), order('B', 'north', '4'), order('P', 'south', '10'), order('Q', 'south', '8')],
      vehicles: [lorry(12)],
      plan: {
        runs: ['L12 (12/12): A 8, B 4'],
        leftOut: ['P 10: No vehicle has room left for its 10 trolleys.', 'Q 8: No vehicle has room left for its 8 trolleys.'],
        withoutCount: [],
        over: "18 trolleys over the fleet's capacity.",
      },
    },
    {
      name: 'a trailer carries its cells, head and neck included (3T has 5)',
      orders: [order('A', 'north', '2'), order('B', 'north', '3')],
      vehicles: [trailer(3)],
      plan: { runs: ['T3 (5/5): A 2, B 3'], leftOut: [], withoutCount: [], over: null },
    },
    {
      name: 'empty fleet: every order listed, nothing planned',
      orders: [order('A', 'north', '2'), order('P', 'south', '1')],
      vehicles: [],
      plan: {
        runs: [],
        leftOut: [`A 2: ${NO_ACTIVE_VEHICLES}`, `P 1: ${NO_ACTIVE_VEHICLES}`],
        withoutCount: [],
        over: "3 trolleys over the fleet's capacity.",
      },
    },
    {
      name: 'an inactive vehicle is no fleet',
      orders: [order('A', 'north', '2')],
      vehicles: [lorry(12, false)],
      plan: { runs: [], leftOut: [`A 2: ${NO_ACTIVE_VEHICLES}`], withoutCount: [], over: "2 trolleys over the fleet's capacity." },
    },
    {
      name: 'orders without a count are listed, never guessed',
      orders: [order('A', 'north', ''), order('B', 'north', 'two'), order('C', 'north', '0'), order('D', 'north', '1.5')],
      vehicles: [lorry(4)],
      plan: { runs: ['L4 (2/4): D 1.5'], leftOut: [], withoutCount: ['A', 'B', 'C'], over: null },
    },
    {
      name: 'no orders: the vehicles stay empty',
      orders: [],
      vehicles: [lorry(4)],
      plan: { runs: ['L4 (0/4): '], leftOut: [], withoutCount: [], over: null },
    },
  ])('$name', ({ orders, vehicles, plan }) => {
    expect(read(packDay(orders, vehicles, LEARNED, DATE))).toEqual(plan);
  });

  it('fills each grid with the last drop deepest and the vehicle, driver and date set', () => {
    const plan = packDay([order('B', 'north', '3'), order('A', 'north', '2')], [lorry(8)], LEARNED, DATE);
    const { vehicleInfo } = plan.runs[0]!;
    // B is the last drop: loaded first, into the cells at the front (Trolley 1-3); A by the doors.
    expect(vehicleInfo.grid).toEqual(['B', 'B', 'B', 'A', 'A', '', '', '']);
    expect(vehicleInfo).toMatchObject({ driver: 'Sam', reg: 'AB8 CDE', date: DATE, vehicleType: 'lorry', trolleyNumber: 8 });
  });

  it("fills the split order's part on each vehicle", () => {
    const plan = packDay([order('A', 'north', '10')], [lorry(8), lorry(4)], LEARNED, DATE);
    expect(plan.runs.map((run) => run.vehicleInfo.grid.filter((cell) => cell === 'A').length)).toEqual([8, 2]);
  });
});

describe('weekCapacity', () => {
  it.each([
    { name: 'under', trollies: ['4', '3'], fleet: [lorry(8)], row: { trolleys: 7, capacity: 8, over: 0 } },
    { name: 'half trolleys take a cell', trollies: ['1.5', '0.5'], fleet: [lorry(4)], row: { trolleys: 3, capacity: 4, over: 0 } },
    { name: 'over', trollies: ['12', '9', 'two'], fleet: [lorry(12), lorry(4, false)], row: { trolleys: 21, capacity: 12, over: 9 } },
    { name: 'no fleet', trollies: ['1'], fleet: [], row: { trolleys: 1, capacity: 0, over: 1 } },
  ])('$name', ({ trollies, fleet, row }) => {
    const days = [{ day: 'thursday', orders: trollies.map((t) => ({ trollies: t })) }];
    expect(weekCapacity(days, fleet)).toEqual([{ day: 'thursday', ...row }]);
  });
});
