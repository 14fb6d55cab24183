// The drop order learned from the nursery's own runs (docs/decisions/076-plan-the-day.md): for each
// pair of customers of a round that shared runs, which one usually came first, recent runs weighing
// more, combined into one order per round. Customers never delivered go next to the customers of
// their postcode district, else at the end; a person's pins win. Pure: the runs are an argument, and
// so is today (their age is counted from it).
import { formatMapperPostcode } from '../orders/format';
import { formatCalendarDate, parseCalendarDate, utcCalendarDate } from '../weeks';

/** A run as the learning reads it: its date and its customers in the order they were dropped. */
export interface PastRun {
  /** yyyy-mm-dd */
  date: string;
  /** Customer ids in drop order; one customer twice counts at its first drop. */
  customers: readonly string[];
}

/** A customer of a round: its id, its round ('' for none) and its postcode (for newcomers). */
export interface RoundCustomer {
  id: string;
  round: string;
  postcode: string;
}

/** A person's pin: this customer at this place in its round, 1 for the first drop. */
export interface DropPin {
  customer: string;
  position: number;
}

/** One customer in its round's learned order, with how sure the order is of its place. */
export interface LearnedStop {
  customer: string;
  /** Past runs the customer was on. */
  runs: number;
  /**
   * Runs that agreed with its place: of the `shared` runs that carried both this customer and the
   * one before it in the learned order (the one after it, for the first), how many dropped the two
   * the same way round. 0 of 0 for a customer on no run, or alone on its runs.
   */
  agreed: number;
  shared: number;
  /** Never on a run: placed by its postcode district or at the end. */
  isNewcomer: boolean;
  isPinned: boolean;
}

export interface LearnedRound {
  round: string;
  stops: LearnedStop[];
}

export interface LearnOptions {
  /** yyyy-mm-dd; a run's weight halves every `halfLifeWeeks` before it. */
  today: string;
  /** 8 unless told: a run two months old counts half as much as this week's. */
  halfLifeWeeks?: number;
}

export const DEFAULT_HALF_LIFE_WEEKS = 8;

/**
 * Runs dated more than this many weeks before today are not learned from. At the 8-week half-life
 * a run two years old weighs 0.5^13, about 0.01 % of this week's, so leaving it out changes no
 * order, and the work of a plan stops growing with the nursery's history. Two years rather than
 * one, so a round that goes out only in spring still has last spring's runs.
 */
export const LEARNED_WEEKS = 104;

const DAY_MS = 86_400_000;

/** yyyy-mm-dd of the oldest run date learned from: `weeks` before `today` (yyyy-mm-dd); null for an unreadable today. */
export function learnedSince(today: string, weeks: number = LEARNED_WEEKS): string | null {
  const day = dayNumber(today);
  if (day === null) return null;
  return formatCalendarDate(utcCalendarDate(new Date((day - weeks * 7) * DAY_MS)));
}

/**
 * The postcode district (the outward code) of a UK postcode: "GL7" of "GL7 5AB" or "gl75ab". Null
 * for text that is not a postcode (no digit, or too short to have an inward code).
 */
export function postcodeDistrict(postcode: string): string | null {
  const formatted = formatMapperPostcode(postcode);
  const space = formatted.indexOf(' ');
  if (!/\d/.test(formatted) || space <= 0) return null;
  return formatted.slice(0, space);
}

function dayNumber(date: string): number | null {
  const parsed = parseCalendarDate(date);
  return parsed ? Date.UTC(parsed.year, parsed.month - 1, parsed.day) / DAY_MS : null;
}

/** A run's weight: 1 today (or later), halving every half-life before; an unreadable date weighs as today. */
function runWeight(date: string, today: number | null, halfLifeDays: number): number {
  const day = dayNumber(date);
  if (day === null || today === null) return 1;
  return 0.5 ** (Math.max(0, today - day) / halfLifeDays);
}

/** What the runs say about one round: per pair, the weight and the count of runs with a before b. */
interface RoundEvidence {
  ids: string[];
  /** before[a * n + b]: summed weight of runs dropping a before b. */
  before: Float64Array;
  /** beforeCount[a * n + b]: runs dropping a before b. */
  beforeCount: Uint32Array;
  /** Weighted sum of each customer's place on its runs (0 first … 1 last) and the weights summed. */
  placeSum: Float64Array;
  weightSum: Float64Array;
  runs: Uint32Array;
}

/**
 * The learned drop order of each round, in the order the rounds first appear among `customers`.
 * Per round O(n²) in its customers, plus O(k²) per run of k stops.
 */
export function learnDropOrder(
  runs: readonly PastRun[],
  customers: readonly RoundCustomer[],
  pins: readonly DropPin[],
  options: LearnOptions,
): LearnedRound[] {
  const halfLifeDays = (options.halfLifeWeeks ?? DEFAULT_HALF_LIFE_WEEKS) * 7;
  const today = dayNumber(options.today);
  const roundOf = new Map<string, { evidence: RoundEvidence; index: number }>();
  const rounds = new Map<string, RoundEvidence>();
  for (const customer of customers) {
    if (roundOf.has(customer.id)) continue;
    let evidence = rounds.get(customer.round);
    if (!evidence) {
      evidence = {
        ids: [],
        before: new Float64Array(),
        beforeCount: new Uint32Array(),
        placeSum: new Float64Array(),
        weightSum: new Float64Array(),
        runs: new Uint32Array(),
      };
      rounds.set(customer.round, evidence);
    }
    roundOf.set(customer.id, { evidence, index: evidence.ids.length });
    evidence.ids.push(customer.id);
  }
  for (const evidence of rounds.values()) {
    const n = evidence.ids.length;
    evidence.before = new Float64Array(n * n);
    evidence.beforeCount = new Uint32Array(n * n);
    evidence.placeSum = new Float64Array(n);
    evidence.weightSum = new Float64Array(n);
    evidence.runs = new Uint32Array(n);
  }

  // Runs share few dates (a round a day), so each date's weight is worked out once.
  const weightOf = new Map<string, number>();
  // The run each customer was last seen on: a customer twice on one run counts at its first drop.
  const seenOn = new Map<{ evidence: RoundEvidence; index: number }, number>();
  for (const [runIndex, run] of runs.entries()) {
    let weight = weightOf.get(run.date);
    if (weight === undefined) weightOf.set(run.date, (weight = runWeight(run.date, today, halfLifeDays)));
    // Each round's customers on this run, in drop order.
    const byRound = new Map<RoundEvidence, number[]>();
    for (const id of run.customers) {
      const found = roundOf.get(id);
      if (!found || seenOn.get(found) === runIndex) continue;
      seenOn.set(found, runIndex);
      const list = byRound.get(found.evidence);
      if (list) list.push(found.index);
      else byRound.set(found.evidence, [found.index]);
    }
    for (const [evidence, order] of byRound) {
      const n = evidence.ids.length;
      const last = Math.max(1, order.length - 1);
      for (let i = 0; i < order.length; i += 1) {
        const a = order[i]!;
        evidence.placeSum[a]! += (weight * i) / last;
        evidence.weightSum[a]! += weight;
        evidence.runs[a]! += 1;
        for (let j = i + 1; j < order.length; j += 1) {
          const cell = a * n + order[j]!;
          evidence.before[cell]! += weight;
          evidence.beforeCount[cell]! += 1;
        }
      }
    }
  }

  const pinOf = new Map<string, number>();
  for (const pin of pins) pinOf.set(pin.customer, pin.position);
  const postcodeOf = new Map(customers.map((customer) => [customer.id, customer.postcode]));
  return [...rounds].map(([round, evidence]) => ({ round, stops: orderRound(evidence, pinOf, postcodeOf) }));
}

function orderRound(evidence: RoundEvidence, pinOf: ReadonlyMap<string, number>, postcodeOf: ReadonlyMap<string, string>): LearnedStop[] {
  const { ids, before, beforeCount, placeSum, weightSum, runs } = evidence;
  const n = ids.length;
  const known: number[] = [];
  const newcomers: number[] = [];
  for (let i = 0; i < n; i += 1) (runs[i]! > 0 ? known : newcomers).push(i);

  // A first order by each customer's weighted mean place on its runs (a Borda count that copes
  // with skipped customers), then adjacent swaps wherever the pair's weighted majority says the
  // other way round, until none is left (at most n passes of n: O(n²)).
  const meanPlace = (i: number) => placeSum[i]! / weightSum[i]!;
  known.sort((a, b) => meanPlace(a) - meanPlace(b) || a - b);
  for (let pass = 0; pass < n; pass += 1) {
    let swapped = false;
    for (let k = 0; k + 1 < known.length; k += 1) {
      const a = known[k]!;
      const b = known[k + 1]!;
      if (before[b * n + a]! > before[a * n + b]!) {
        known[k] = b;
        known[k + 1] = a;
        swapped = true;
      }
    }
    if (!swapped) break;
  }

  // Newcomers after the last customer of their postcode district, else at the end, in the order given.
  const order = [...known];
  const districtOf = (i: number) => postcodeDistrict(postcodeOf.get(ids[i]!) ?? '');
  for (const newcomer of newcomers) {
    const district = districtOf(newcomer);
    let at = -1;
    if (district !== null) for (let k = 0; k < order.length; k += 1) if (districtOf(order[k]!) === district) at = k;
    if (at === -1) order.push(newcomer);
    else order.splice(at + 1, 0, newcomer);
  }

  // Pins win: the pinned customers leave the order and go back in at their places, first place first.
  const pinned = order.filter((i) => pinOf.has(ids[i]!)).sort((a, b) => pinOf.get(ids[a]!)! - pinOf.get(ids[b]!)! || a - b);
  const final = order.filter((i) => !pinOf.has(ids[i]!));
  for (const i of pinned) {
    const place = Math.min(Math.max(1, Math.round(pinOf.get(ids[i]!)!)), final.length + 1);
    final.splice(place - 1, 0, i);
  }

  return final.map((i, k) => {
    const neighbour = k > 0 ? final[k - 1] : final[1];
    let agreed = 0;
    let shared = 0;
    if (neighbour !== undefined) {
      const [first, second] = k > 0 ? [neighbour, i] : [i, neighbour];
      agreed = beforeCount[first * n + second]!;
      shared = agreed + beforeCount[second * n + first]!;
    }
    return { customer: ids[i]!, runs: runs[i]!, agreed, shared, isNewcomer: runs[i] === 0, isPinned: pinOf.has(ids[i]!) };
  });
}

/**
 * Share of the pairs of `truth` that `learned` puts the right way round (pairs where either is
 * missing from `learned` are left out): the bench's drop_order_pair_agreement.
 */
export function pairAgreement(truth: readonly string[], learned: readonly string[]): number {
  const place = new Map(learned.map((id, index) => [id, index]));
  let right = 0;
  let pairs = 0;
  for (let i = 0; i < truth.length; i += 1) {
    const a = place.get(truth[i]!);
    if (a === undefined) continue;
    for (let j = i + 1; j < truth.length; j += 1) {
      const b = place.get(truth[j]!);
      if (b === undefined) continue;
      pairs += 1;
      if (a < b) right += 1;
    }
  }
  return pairs === 0 ? 1 : right / pairs;
}
