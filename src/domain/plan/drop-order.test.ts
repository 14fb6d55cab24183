import { describe, expect, it } from 'vitest';
import {
  learnDropOrder,
  learnedSince,
  pairAgreement,
  postcodeDistrict,
  type DropPin,
  type PastRun,
  type RoundCustomer,
} from './drop-order';

const TODAY = '2026-11-30';

/** Runs as "date: A B C" lines. */
const runsOf = (...lines: string[]): PastRun[] =>
  lines.map((line) => {
    const [date, stops] = line.split(': ');
    return { date: date!, customers: stops!.split(' ') };
  });

/** Customers as "id round postcode" (postcode may be two words). */
const customersOf = (...lines: string[]): RoundCustomer[] =>
  lines.map((line) => {
    const [id, round, ...postcode] = line.split(' ');
    return { id: id!, round: round!, postcode: postcode.join(' ') };
  });

/** Each round as "round: A B C". */
const orders = (rounds: ReturnType<typeof learnDropOrder>) =>
  rounds.map(({ round, stops }) => `${round}: ${stops.map((s) => s.customer).join(' ')}`);

describe('postcodeDistrict', () => {
  it.each([
    ['GL7 5AB', 'GL7'],
    ['gl75ab', 'GL7'],
    ['  sw1a 1aa ', 'SW1A'],
    ['B1 1AA', 'B1'],
    ['collect', null],
    ['', null],
    ['GL7', null],
  ])('%j is in district %j', (postcode, district) => {
    expect(postcodeDistrict(postcode)).toBe(district);
  });
});

describe('learnDropOrder', () => {
  const abc = customersOf('A north GL7 1AA', 'B north GL7 2AA', 'C north GL8 1AA');

  it.each<{ name: string; runs: PastRun[]; customers?: RoundCustomer[]; pins?: DropPin[]; halfLifeWeeks?: number; order: string[] }>([
    { name: 'the order every run agreed on', runs: runsOf('2026-11-23: C A B', '2026-11-16: C A B'), order: ['north: C A B'] },
    {
      name: 'the usual order over a swapped pair now and then',
      runs: runsOf('2026-11-23: A B C', '2026-11-16: B A C', '2026-11-09: A B C', '2026-11-02: A B C'),
      order: ['north: A B C'],
    },
    {
      name: 'recent runs weigh more: two runs this month over three a year ago',
      runs: runsOf('2026-11-23: C B A', '2026-11-16: C B A', '2025-11-24: A B C', '2025-11-17: A B C', '2025-11-10: A B C'),
      order: ['north: C B A'],
    },
    {
      name: 'with a very long half-life the three old runs outvote the two recent',
      runs: runsOf('2026-11-23: C B A', '2026-11-16: C B A', '2025-11-24: A B C', '2025-11-17: A B C', '2025-11-10: A B C'),
      halfLifeWeeks: 10_000,
      order: ['north: A B C'],
    },
    {
      name: 'skipped customers: each pair from the runs that carried both',
      runs: runsOf('2026-11-23: A C', '2026-11-16: B C', '2026-11-09: A B'),
      order: ['north: A B C'],
    },
    {
      name: 'rounds apart, even when a run carried two rounds',
      runs: runsOf('2026-11-23: Y A X B C', '2026-11-16: Y X A B C'),
      customers: [...abc, ...customersOf('X south BS1 1AA', 'Y south BS2 1AA')],
      order: ['north: A B C', 'south: Y X'],
    },
    {
      name: 'a newcomer goes after the last customer of its postcode district',
      runs: runsOf('2026-11-23: A B C'),
      customers: [...abc, ...customersOf('N north gl7 9zz')],
      order: ['north: A B N C'],
    },
    {
      name: 'a newcomer of a district nobody else is in goes at the end',
      runs: runsOf('2026-11-23: A B C'),
      customers: [...customersOf('N north OX1 1AA'), ...abc],
      order: ['north: A B C N'],
    },
    {
      name: 'a newcomer without a postcode goes at the end',
      runs: runsOf('2026-11-23: A B C'),
      customers: [...abc, ...customersOf('N north collect')],
      order: ['north: A B C N'],
    },
    {
      name: 'a pin wins over the runs',
      runs: runsOf('2026-11-23: A B C', '2026-11-16: A B C'),
      pins: [{ customer: 'C', position: 1 }],
      order: ['north: C A B'],
    },
    {
      name: 'a pin beyond the round puts the customer last',
      runs: runsOf('2026-11-23: A B C'),
      pins: [{ customer: 'A', position: 40 }],
      order: ['north: B C A'],
    },
    {
      name: 'pins place newcomers too, and two pins keep their places',
      runs: runsOf('2026-11-23: A B C'),
      customers: [...abc, ...customersOf('N north OX1 1AA')],
      pins: [
        { customer: 'N', position: 2 },
        { customer: 'C', position: 1 },
      ],
      order: ['north: C N A B'],
    },
    { name: 'no runs at all: the customers as given', runs: [], order: ['north: A B C'] },
  ])('$name', ({ runs, customers = abc, pins = [], halfLifeWeeks, order }) => {
    expect(orders(learnDropOrder(runs, customers, pins, { today: TODAY, halfLifeWeeks }))).toEqual(order);
  });

  it('says how many runs agreed with each place', () => {
    const runs = runsOf('2026-11-23: A B C', '2026-11-16: A B C', '2026-11-09: A B C', '2026-11-02: B A C', '2026-10-26: A C');
    const customers = [...abc, ...customersOf('N north OX1 1AA')];
    const [round] = learnDropOrder(runs, customers, [{ customer: 'C', position: 3 }], { today: TODAY });
    expect(round!.stops).toEqual([
      // The first is judged against the one after it: A before B on 3 of the 4 runs with both.
      { customer: 'A', runs: 5, agreed: 3, shared: 4, isNewcomer: false, isPinned: false },
      { customer: 'B', runs: 4, agreed: 3, shared: 4, isNewcomer: false, isPinned: false },
      { customer: 'C', runs: 5, agreed: 4, shared: 4, isNewcomer: false, isPinned: true },
      { customer: 'N', runs: 0, agreed: 0, shared: 0, isNewcomer: true, isPinned: false },
    ]);
  });
});

describe('learnedSince', () => {
  it.each([
    ['2026-11-29', 104, '2024-12-01'],
    ['2024-03-01', 1, '2024-02-23'],
    ['2025-01-05', 0, '2025-01-05'],
    ['not a date', 104, null],
  ])('%s less %i weeks is %s', (today, weeks, since) => {
    expect(learnedSince(today, weeks)).toBe(since);
  });
});

describe('pairAgreement', () => {
  it.each([
    [['A', 'B', 'C'], ['A', 'B', 'C'], 1],
    [['A', 'B', 'C'], ['C', 'B', 'A'], 0],
    [['A', 'B', 'C'], ['B', 'A', 'C'], 2 / 3],
    [['A', 'B', 'C', 'D'], ['A', 'C'], 1],
    [[], [], 1],
  ])('%j learned as %j: %d', (truth, learned, share) => {
    expect(pairAgreement(truth, learned)).toBeCloseTo(share, 10);
  });
});
