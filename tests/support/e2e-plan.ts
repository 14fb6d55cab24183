// Plan deliveries' nursery for the journeys (tests/e2e/plan-deliveries.spec.ts): a fleet of two
// 12T lorries, two rounds of ten customers, each round's runs of the weeks before, and one
// Thursday's 20 orders.
import type PocketBase from 'pocketbase';
import { datesOfIsoWeek, formatCalendarDate } from '../../src/domain/weeks';
import { addOrder, api, unique, type OrderInput } from './e2e-api';
import type { Account } from './e2e-fixtures';
import { FUTURE_YEAR } from './open-weeks';

/** Each round's customers in the order the nursery's runs drop them (not alphabetical). */
export const NORTH = ['Willow', 'Birch', 'Rowan', 'Alder', 'Hazel', 'Elm', 'Cedar', 'Yew', 'Larch', 'Oak'];
export const SOUTH = ['Thyme', 'Basil', 'Sage', 'Mint', 'Fennel', 'Dill', 'Chive', 'Parsley', 'Lovage', 'Sorrel'];
/** Trolleys of each round's orders on the planned Thursday: 11 and 10, 21 in all against two 12T lorries. */
const NORTH_TROLLEYS = [2, 1, 1, 1, 1, 1, 1, 1, 1, 1];
const SOUTH_TROLLEYS = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1];

export interface Nursery {
  pb: PocketBase;
  u: string;
  /** The names as the board and the sheets show them: "Willow u1x2y". */
  north: string[];
  south: string[];
}

const named = (names: readonly string[], u: string) => names.map((name) => `${name} ${u}`);

/** Two 12T lorries, every member's view of the fleet: 24 trolleys a day. */
export async function addFleet(pb: PocketBase, u: string): Promise<void> {
  await pb
    .collection('vehicles')
    .create({ name: `North lorry ${u}`, reg: 'NO12 RTH', vehicleType: 'lorry', trolleyNumber: 12, driver: 'Sam' });
  await pb
    .collection('vehicles')
    .create({ name: `South lorry ${u}`, reg: 'SO12 UTH', vehicleType: 'lorry', trolleyNumber: 12, driver: 'Jo' });
}

/**
 * The nursery of a test: its fleet, two rounds of ten customers, each round's run in each of the
 * three weeks before (in the round's drop order, from those customers' orders), and the planned
 * Thursday's 20 orders; Thursday has 21 trolleys and Friday 26, 2 over the fleet.
 */
export async function seedNursery(admin: Account, week: number, { withHistory }: { withHistory: boolean }): Promise<Nursery> {
  const pb = await api(admin);
  const u = unique();
  await addFleet(pb, u);
  const north = named(NORTH, u);
  const south = named(SOUTH, u);
  const rounds = await Promise.all(['North', 'South'].map((name) => pb.collection('rounds').create({ name: `${name} ${u}` })));
  const customersOf = async (names: string[], round: string, postcode: string) =>
    Promise.all(names.map((name) => pb.collection('customers').create({ name, postcode, round })));
  const customers = [await customersOf(north, rounds[0]!.id, 'GL7 1AA'), await customersOf(south, rounds[1]!.id, 'SN1 1AA')];
  const orderOf = (customer: { id: string; name: string; postcode: string }, day: string, weekNumber: number, trollies: number) =>
    addOrder(pb, {
      title: customer.name,
      postcode: customer.postcode,
      day,
      customerType: 'wholesale',
      other: 'none',
      trollies: String(trollies),
      year: FUTURE_YEAR,
      weekNumber,
      customer: customer.id,
    } as OrderInput);
  if (withHistory)
    for (const past of [week - 3, week - 2, week - 1])
      for (const round of customers) {
        const orders = await Promise.all(round.map((customer) => orderOf(customer as never, 'thursday', past, 1)));
        const date = formatCalendarDate(datesOfIsoWeek(FUTURE_YEAR, past)[3]!);
        await pb.collection('trolley_exports').create({
          name: `${date}-past-${round[0]!.name}`,
          data: orders.map((order) => ({
            id: order.id,
            title: order.title,
            postcode: order.postcode,
            trollies: '1',
            extras: '',
            orderNumber: '',
          })),
          vehicleInfo: {
            driver: 'Sam',
            reg: 'NO12 RTH',
            code: '',
            date,
            vehicleType: 'lorry',
            trolleyNumber: 12,
            grid: Array(12).fill(''),
          },
        });
      }
  // The planned Thursday, its orders added in an order of their own (the plan must not follow it).
  const thursday = [
    ...customers[0]!.map((c, i) => [c, NORTH_TROLLEYS[i]!] as const),
    ...customers[1]!.map((c, i) => [c, SOUTH_TROLLEYS[i]!] as const),
  ];
  for (const [customer, trollies] of thursday.reverse()) await orderOf(customer as never, 'thursday', week, trollies);
  // Friday: 26 trolleys, 2 more than the fleet carries.
  await orderOf(customers[0]![0] as never, 'friday', week, 14);
  await orderOf(customers[1]![0] as never, 'friday', week, 12);
  return { pb, u, north, south };
}
