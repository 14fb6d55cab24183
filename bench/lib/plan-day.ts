// Issue 33's figures (docs/decisions/076-plan-the-day.md), for `npm run bench` and
// `npm run bench:plan`. Pure CPU over the domain's planning functions; no server, no database.
// - drop_order_pair_agreement: a generated nursery of 60 customers in 5 rounds with a hidden true
//   drop order, 12 weeks of past runs made from it with noise (customers skipped, a pair swapped now
//   and then, a seeded PRNG): the share of each round's customer pairs the learned order puts the
//   right way round, beside the same share for alphabetical order.
// - plan_day_ms: learning the order from a year of runs and packing 300 orders onto 15 vehicles.
// - learn_drop_order_ms: learning the order from 5 years of runs (200 customers, 10 rounds).
// Medians of BENCH_PLAN_RUNS (at least 5) timed runs after one untimed, with the load average.
import { performance } from 'node:perf_hooks';
import { learnDropOrder, pairAgreement, type PastRun, type RoundCustomer } from '../../src/domain/plan/drop-order';
import { packDay, type PlanOrder, type PlanVehicle } from '../../src/domain/plan/pack-day';
import { loadAverage, median } from './server-figures';

export const PLAN_TARGETS = {
  drop_order_pair_agreement: { min: 0.9 },
  plan_day_ms: { max: 100 },
  learn_drop_order_ms: { max: 250 },
} as const;
export type PlanKey = keyof typeof PLAN_TARGETS;

const RUNS = Math.max(5, Number(process.env.BENCH_PLAN_RUNS ?? 7));
const SEED = Number(process.env.BENCH_PLAN_SEED ?? 33);

/** mulberry32: a small seeded PRNG, so every run of the bench sees the same nursery. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const NAME_PARTS = [
  'Acorn',
  'Birch',
  'Cedar',
  'Daisy',
  'Elm',
  'Fern',
  'Grove',
  'Heath',
  'Ivy',
  'Juniper',
  'Kale',
  'Larch',
  'Maple',
  'Nettle',
];
const NAME_ENDS = ['Garden Centre', 'Nurseries', 'Landscapes', 'Florist', 'Plants', 'Farm Shop'];

export interface Nursery {
  customers: (RoundCustomer & { name: string })[];
  /** Each round's customers in the hidden true drop order. */
  truth: Map<string, string[]>;
}

/** `rounds` rounds of `perRound` customers; each round's true order a random one, its names random. */
export function generateNursery(random: () => number, rounds: number, perRound: number): Nursery {
  const customers: Nursery['customers'] = [];
  const truth = new Map<string, string[]>();
  for (let r = 0; r < rounds; r += 1) {
    const round = `Round ${r + 1}`;
    const ids: string[] = [];
    for (let k = 0; k < perRound; k += 1) {
      const id = `r${r}c${k}`;
      const name = `${NAME_PARTS[Math.floor(random() * NAME_PARTS.length)]} ${NAME_ENDS[Math.floor(random() * NAME_ENDS.length)]} ${id}`;
      // Districts follow the route: a round passes through three or four districts in turn.
      customers.push({ id, round, name, postcode: `GL${r * 4 + Math.floor((k * 4) / perRound)} ${k}AB` });
      ids.push(id);
    }
    truth.set(round, shuffled(ids, random));
  }
  return { customers, truth };
}

export function isoDate(dayNumber: number): string {
  return new Date(dayNumber * 86_400_000).toISOString().slice(0, 10);
}

export const LAST_RUN_DAY = Date.UTC(2026, 10, 26) / 86_400_000;

/**
 * Past runs of each round, `perWeek` a week for `weeks` weeks, made from the true order with the
 * noise of a real yard: each customer missing from a run one time in five (no order that week), an
 * adjacent pair swapped on about a third of the runs (the driver's choice on the day), two stops
 * anywhere swapped on one run in ten (a customer who asked to be early).
 */
export function pastRuns(nursery: Nursery, random: () => number, weeks: number, perWeek: number): PastRun[] {
  const runs: PastRun[] = [];
  for (let week = weeks - 1; week >= 0; week -= 1) {
    for (const order of nursery.truth.values()) {
      for (let n = 0; n < perWeek; n += 1) {
        const stops = order.filter(() => random() >= 0.2);
        if (stops.length > 1 && random() < 0.35) {
          const i = Math.floor(random() * (stops.length - 1));
          [stops[i], stops[i + 1]] = [stops[i + 1]!, stops[i]!];
        }
        if (stops.length > 1 && random() < 0.1) {
          const i = Math.floor(random() * stops.length);
          const j = Math.floor(random() * stops.length);
          [stops[i], stops[j]] = [stops[j]!, stops[i]!];
        }
        runs.push({ date: isoDate(LAST_RUN_DAY - week * 7 - n * 3), customers: stops });
      }
    }
  }
  return runs;
}

/** The pooled share of pairs put the right way round, over every round. */
function agreementOf(nursery: Nursery, orderOf: (round: string) => string[]): number {
  let total = 0;
  let rounds = 0;
  for (const [round, truth] of nursery.truth) {
    total += pairAgreement(truth, orderOf(round));
    rounds += 1;
  }
  return total / rounds;
}

export interface PlanFigure {
  value: number;
  runs: number[];
  load: string;
  /** Median CPU time of the runs (user + system, every thread of the process, the collector's too). */
  cpuMs?: number;
}

export interface PlanFigures {
  figures: Record<PlanKey, PlanFigure>;
  alphabetical: number;
  lines: string[];
}

export function timedMedian(work: () => void): PlanFigure {
  work();
  const runs: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const startCpu = process.cpuUsage();
    const start = performance.now();
    work();
    runs.push(performance.now() - start);
    const used = process.cpuUsage(startCpu);
    cpu.push((used.user + used.system) / 1000);
  }
  return { value: median(runs), runs, load: loadAverage(), cpuMs: median(cpu) };
}

/** The day's orders for a nursery's customers: mostly 1 trolley, some 2, some halves, a few blank. */
export function dayOrders(nursery: Nursery, random: () => number, count: number): PlanOrder[] {
  const counts = ['1', '1', '1', '1', '1', '1', '1', '2', '2', '0.5', '0.5', ''];
  return Array.from({ length: count }, (_, index) => {
    const customer = nursery.customers[Math.floor(random() * nursery.customers.length)]!;
    return {
      customer: customer.id,
      round: customer.round,
      stop: {
        id: `order${index}`,
        title: customer.name,
        postcode: customer.postcode,
        trollies: counts[Math.floor(random() * counts.length)]!,
        extras: '',
        orderNumber: String(1000 + index),
      },
    };
  });
}

/** 15 vehicles: a mixed fleet of lorries and trailers. */
export function fleet(): PlanVehicle[] {
  const sizes: [PlanVehicle['vehicleType'], number][] = [
    ['lorry', 24], ['lorry', 24], ['lorry', 24], ['lorry', 24], ['lorry', 24], ['lorry', 24], ['lorry', 20], ['lorry', 20],
    ['lorry', 20], ['lorry', 20], ['lorry', 16], ['lorry', 16], ['lorry', 12], ['trailer', 7], ['trailer', 6],
  ]; // prettier-ignore
  return sizes.map(([vehicleType, trolleyNumber], index) => ({
    id: `v${index}`,
    name: `Vehicle ${index + 1}`,
    reg: `TB${index} ABC`,
    driver: `Driver ${index + 1}`,
    vehicleType,
    trolleyNumber,
    isActive: true,
  }));
}

export function figureLine(key: PlanKey, figure: PlanFigure, digits: number): string[] {
  const target = PLAN_TARGETS[key];
  const targetText = 'min' in target ? `>= ${target.min}` : `<= ${target.max}`;
  const misses = 'min' in target ? figure.value < target.min : figure.value > target.max;
  const runs = figure.runs.length > 1 ? ` runs ${figure.runs.map((r) => r.toFixed(1)).join(' ')}` : '';
  const cpu = figure.cpuMs === undefined ? '' : ` cpu ${figure.cpuMs.toFixed(1)}`;
  const lines = [`${key} ${figure.value.toFixed(digits)} (target ${targetText}) load ${figure.load}${runs}${cpu}`];
  if (misses) lines.push(`OVER: ${key} ${figure.value.toFixed(digits)} misses its target ${targetText}`);
  return lines;
}

export function measurePlanDay(): PlanFigures {
  // Drop-order quality: 60 customers in 5 rounds, 12 weeks of one run a week per round.
  const random = seededRandom(SEED);
  const small = generateNursery(random, 5, 12);
  const history = pastRuns(small, random, 12, 1);
  const today = isoDate(LAST_RUN_DAY + 1);
  const learned = learnDropOrder(history, small.customers, [], { today });
  const learnedOf = new Map(learned.map((round) => [round.round, round.stops.map((stop) => stop.customer)]));
  const nameOf = new Map(small.customers.map((customer) => [customer.id, customer.name]));
  const agreement = agreementOf(small, (round) => learnedOf.get(round) ?? []);
  const alphabetical = agreementOf(small, (round) =>
    [...(small.truth.get(round) ?? [])].sort((a, b) => nameOf.get(a)!.localeCompare(nameOf.get(b)!)),
  );

  // The same on other seeds, so one lucky nursery does not make the figure.
  const otherSeeds = Array.from({ length: 10 }, (_, k) => {
    const other = seededRandom(SEED + 1 + k);
    const nursery = generateNursery(other, 5, 12);
    const order = learnDropOrder(pastRuns(nursery, other, 12, 1), nursery.customers, [], { today });
    const byRound = new Map(order.map((round) => [round.round, round.stops.map((stop) => stop.customer)]));
    return agreementOf(nursery, (round) => byRound.get(round) ?? []);
  });

  // Speed: 200 customers in 10 rounds, each round out twice a week.
  const big = generateNursery(random, 10, 20);
  const year = pastRuns(big, random, 52, 2);
  const fiveYears = pastRuns(big, random, 52 * 5, 2);
  const orders = dayOrders(big, random, 300);
  const vehicles = fleet();
  const planDay = timedMedian(() => {
    const order = learnDropOrder(year, big.customers, [], { today });
    packDay(orders, vehicles, order, today);
  });
  const learnedYear = learnDropOrder(year, big.customers, [], { today });
  const packOnly = timedMedian(() => packDay(orders, vehicles, learnedYear, today));
  const learn = timedMedian(() => learnDropOrder(fiveYears, big.customers, [], { today }));
  const plan = packDay(orders, vehicles, learnDropOrder(year, big.customers, [], { today }), today);

  const figures: Record<PlanKey, PlanFigure> = {
    drop_order_pair_agreement: { value: agreement, runs: [agreement], load: loadAverage() },
    plan_day_ms: planDay,
    learn_drop_order_ms: learn,
  };
  const lines = [
    `  ${small.customers.length} customers in ${small.truth.size} rounds, ${history.length} past runs (seed ${SEED})`,
    ...figureLine('drop_order_pair_agreement', figures.drop_order_pair_agreement, 3),
    `  alphabetical order (baseline): ${alphabetical.toFixed(3)}; learned on 10 other seeds: min ${Math.min(...otherSeeds).toFixed(3)}, mean ${(otherSeeds.reduce((a, b) => a + b, 0) / otherSeeds.length).toFixed(3)}`,
    `  plan: ${orders.length} orders (${plan.withoutCount.length} without a count), ${vehicles.length} vehicles, ${year.length} runs learned; ` +
      `${plan.trolleys} trolleys, fleet ${plan.capacity}, ${plan.runs.filter((run) => run.stops.length > 0).length} runs, ${plan.leftOut.length} left out`,
    ...figureLine('plan_day_ms', planDay, 1),
    `  of which packing and filling alone: median ${packOnly.value.toFixed(1)} ms`,
    `  learn: ${fiveYears.length} runs over 5 years, ${big.customers.length} customers`,
    ...figureLine('learn_drop_order_ms', learn, 1),
  ];
  return { figures, alphabetical, lines };
}
