import type { Kysely } from 'kysely';
import { MAX_YEAR, MIN_YEAR } from '#domain/orders/order-years';
import { learnDropOrder, learnedSince, type DropPin, type LearnedRound, type PastRun, type RoundCustomer } from '#domain/plan/drop-order';
import { packDay, type PlanOrder, type PlanVehicle } from '#domain/plan/pack-day';
import type {
  CreateRunsAnswer,
  DayPlanAnswer,
  DayPlanQuery,
  RoundOrderAnswer,
  RoundSuggestionAnswer,
  RunToCreate,
} from '#domain/plan/plan-api';
import type { RunStop } from '#domain/trolleys/run-fields';
import { isPlainObject, type FieldError } from '#domain/validation';
import { DAYS, type Day } from '#domain/vocabulary/day';
import { VEHICLE_TYPES, type VehicleType } from '#domain/vocabulary/vehicle-kind';
import { datesOfIsoWeek, formatCalendarDate, utcCalendarDate, weeksInIsoYear } from '#domain/weeks';
import type { AuthContext } from '../auth/auth-context';
import type { ClientReads } from '../db/client-reads';
import type { Database, UsersTable } from '../db/schema';
import { ApiError, badRequest, notFound } from '../errors';
import { ID_TAKEN_MESSAGE } from '../records/chosen-id';
import { trolleyExportsCollection } from '../records/collections/trolley-exports';
import { RECORD_ID_PATTERN } from '../records/ids';
import type { SqlDialect } from '../records/filter/field-map';
import { isUniqueViolation, type RecordService } from '../records/record-service';
import type { Row } from '../records/record-store';
import { DeletedStore } from '../trail/deleted-store';
import { PastRunsReader } from './past-runs';
import type { CreateRunsBodySchema, DayPlanQuerySchema } from './plan-schemas';

// Planning the day on the server (docs/decisions/076): the reads the pure core needs (the board
// day's delivery orders, the nursery's customers with their rounds and pins, its active fleet, its
// past runs as customers in drop order), and Create runs, the one write: every planned run in one
// transaction of the write path, each checked as a client's create of a run is.

export interface PlanDeps {
  records: RecordService;
  db: Kysely<Database>;
  dialect: SqlDialect;
  /** Where the past runs are read, off the event loop (past-runs.ts). */
  reads: ClientReads;
  /** The server's clock: "today" for the age of past runs. */
  now: () => Date;
}

/** The most runs one Create runs makes: a day's fleet, with room to spare. */
export const MAX_RUNS_PER_CREATE = 50;

interface CustomerRow {
  id: string;
  name: string;
  postcode: string;
  round: string;
  roundPlace: number;
  active: boolean;
}

/** What every plan answer reads of a nursery: its customers and rounds, and its past runs. */
interface NurseryBook {
  customers: Map<string, CustomerRow>;
  rounds: Map<string, string>;
}

export class PlanService {
  private readonly runs: PastRunsReader;
  /** Per nursery, the last learned order with what it was learned from; never changed once made. */
  private readonly learnedKept = new Map<string, { runs: readonly PastRun[]; key: string; learned: LearnedRound[] }>();

  constructor(private readonly deps: PlanDeps) {
    this.runs = new PastRunsReader(deps);
  }

  /** The proposal for one board day (GET PLAN_API.day); reads only. */
  async day(user: UsersTable, query: DayPlanQuerySchema): Promise<DayPlanAnswer> {
    const { year, week, day } = readDayQuery(query);
    const nursery = user.nursery;
    const date = formatCalendarDate(datesOfIsoWeek(year, week)[DAYS.indexOf(day)]!);
    const [orderRows, vehicleRows, book] = await Promise.all([
      // The whiteboard's orders of that day (board type none: not collect, not holding), oldest first as the board lists them.
      this.deps.db
        .selectFrom('tasks')
        .select(['id', 'title', 'postcode', 'trollies', 'extras', 'orderNumber', 'customer'])
        .where('nursery', '=', nursery)
        .where('year', '=', year)
        .where('weekNumber', '=', week)
        .where('other', '=', 'none')
        .where('day', '=', day)
        .orderBy('created')
        .orderBy('id')
        .execute(),
      this.deps.db
        .selectFrom('vehicles')
        .select(['id', 'name', 'reg', 'driver', 'vehicleType', 'trolleyNumber', 'active'])
        .where('nursery', '=', nursery)
        .orderBy('created')
        .orderBy('id')
        .execute(),
      this.book(nursery),
    ]);
    const roundOf = (customer: string): string => {
      const round = book.customers.get(customer)?.round ?? '';
      // A round that is not there (its customer came back from Deleted after it went) is no round.
      return book.rounds.has(round) ? round : '';
    };
    const orders: PlanOrder[] = orderRows.map((row) => ({
      stop: {
        id: row.id,
        title: row.title,
        postcode: row.postcode,
        trollies: row.trollies,
        extras: row.extras,
        orderNumber: row.orderNumber,
      },
      customer: book.customers.has(row.customer) ? row.customer : '',
      round: roundOf(row.customer),
    }));
    const vehicles: PlanVehicle[] = vehicleRows
      .filter((row) => Boolean(row.active))
      .map((row) => ({
        id: row.id,
        name: row.name,
        reg: row.reg,
        driver: row.driver,
        vehicleType: (VEHICLE_TYPES as readonly string[]).includes(row.vehicleType) ? (row.vehicleType as VehicleType) : 'lorry',
        trolleyNumber: Number(row.trolleyNumber),
        isActive: true,
      }));

    // The rounds of the day's orders are learned whole (all their active customers), so each
    // customer's place is its place in the round; customers of no round only as far as the day has them.
    const dayRounds = new Set(orders.map((order) => order.round).filter((round) => round !== ''));
    const learning = new Map<string, RoundCustomer>();
    for (const customer of book.customers.values())
      if (customer.active && dayRounds.has(roundOf(customer.id)))
        learning.set(customer.id, { id: customer.id, round: roundOf(customer.id), postcode: customer.postcode });
    for (const order of orders)
      if (order.customer !== '' && !learning.has(order.customer))
        learning.set(order.customer, {
          id: order.customer,
          round: order.round,
          postcode: book.customers.get(order.customer)?.postcode ?? '',
        });
    const learned = await this.learn(nursery, user.id, book, [...learning.values()]);
    const roundNames: Record<string, string> = {};
    for (const round of learned) if (book.rounds.has(round.round)) roundNames[round.round] = book.rounds.get(round.round)!;
    return { date, plan: packDay(orders, vehicles, learned, date), vehicles, learned, roundNames };
  }

  /** A round's customers in the learned order (GET PLAN_API.roundOrder); another nursery's round is not found. */
  async roundOrder(user: UsersTable, roundId: string): Promise<RoundOrderAnswer> {
    const book = await this.book(user.nursery);
    if (!book.rounds.has(roundId)) throw notFound();
    const members = [...book.customers.values()].filter((customer) => customer.active && customer.round === roundId);
    const learned = await this.learn(
      user.nursery,
      user.id,
      book,
      members.map((customer) => ({ id: customer.id, round: roundId, postcode: customer.postcode })),
    );
    const stops = (learned.find((round) => round.round === roundId)?.stops ?? []).map((stop) => {
      const customer = book.customers.get(stop.customer)!;
      return {
        customer: stop.customer,
        name: customer.name,
        postcode: customer.postcode,
        runs: stop.runs,
        agreed: stop.agreed,
        shared: stop.shared,
        isNewcomer: stop.isNewcomer,
        pin: customer.roundPlace,
      };
    });
    return { round: roundId, stops };
  }

  /**
   * The round a customer's past runs suggest (GET PLAN_API.roundSuggestion): of the runs it was
   * on, the round whose customers were on the most of them; '' when its runs carried no customer
   * of a round. Another nursery's customer is not found.
   */
  async roundSuggestion(user: UsersTable, customerId: string): Promise<RoundSuggestionAnswer> {
    const book = await this.book(user.nursery);
    if (!book.customers.has(customerId)) throw notFound();
    const runsWith = new Map<string, number>();
    for (const run of await this.pastRuns(user.nursery, user.id)) {
      if (!run.customers.includes(customerId)) continue;
      const rounds = new Set<string>();
      for (const other of run.customers) {
        const round = other === customerId ? '' : (book.customers.get(other)?.round ?? '');
        if (book.rounds.has(round)) rounds.add(round);
      }
      for (const round of rounds) runsWith.set(round, (runsWith.get(round) ?? 0) + 1);
    }
    let best: RoundSuggestionAnswer = { round: '', runs: 0 };
    for (const [round, runs] of runsWith) {
      // A tie goes to the round first by name, so the answer does not depend on the order of the runs.
      const better =
        runs > best.runs || (runs === best.runs && book.rounds.get(round)!.localeCompare(book.rounds.get(best.round) ?? '') < 0);
      if (better) best = { round, runs };
    }
    return best;
  }

  /**
   * Creates the planned runs (POST PLAN_API.createRuns) in one transaction: each checked as a
   * client's create of a run is (its fields by the collection's own validation, stamped with the
   * caller and the nursery), announced as such a create is. A run whose id this nursery already
   * has is not made again (a retry after a lost answer); any invalid run, or an id held by any
   * other record, writes nothing.
   */
  async createRuns(user: UsersTable, body: CreateRunsBodySchema): Promise<CreateRunsAnswer> {
    const runs = readRunsToCreate(body.runs);
    const auth: AuthContext = { user };
    const collection = trolleyExportsCollection;
    const rows: Row[] = [];
    for (const [index, run] of runs.entries()) {
      try {
        rows.push(
          await this.deps.records.prepareClientCreate(collection, auth, { name: run.name, data: run.data, vehicleInfo: run.vehicleInfo }),
        );
      } catch (error) {
        if (error instanceof ApiError && error.status === 400) throw inRun(index, run, error);
        throw error;
      }
    }
    const attempt = () =>
      this.deps.records.systemBatch(async (batch) => {
        const answer: CreateRunsAnswer = { created: [], existing: [] };
        const found = await batch.db
          .selectFrom('trolley_exports')
          .select(['id', 'nursery'])
          .where(
            'id',
            'in',
            runs.map((run) => run.id),
          )
          .execute();
        const nurseryOf = new Map(found.map((row) => [row.id, row.nursery]));
        // A run is named by its date, driver and registration (docs/product.md#runs), so a name the
        // nursery has already means that vehicle's run of that day was planned before: creating it
        // again would send the yard two runs of one lorry. An earlier try of this plan (its ids) is
        // not a clash. Read inside the batch, so two plans at once on SQLite see each other.
        const names = [...new Set(runs.map((run) => (typeof run.name === 'string' ? run.name : '')).filter((name) => name !== ''))];
        const named =
          names.length === 0
            ? []
            : await batch.db
                .selectFrom('trolley_exports')
                .select(['id', 'name'])
                .where('nursery', '=', user.nursery)
                .where('name', 'in', names)
                .execute();
        const planIds = new Set(runs.map((run) => run.id));
        const taken = new Set(named.filter((row) => !planIds.has(row.id)).map((row) => row.name));
        const inPlan = new Set<string>();
        for (const [index, run] of runs.entries()) {
          if (nurseryOf.get(run.id) === user.nursery) continue;
          if (taken.has(run.name) || inPlan.has(run.name)) throw nameTakenInRun(index, run);
          inPlan.add(run.name);
        }
        const deleted = new DeletedStore(batch.db);
        for (const [index, run] of runs.entries()) {
          const holder = nurseryOf.get(run.id);
          if (holder === user.nursery) {
            answer.existing.push(run.id);
            continue;
          }
          // Another nursery's run, or one in Deleted: refused in words that say nothing of which.
          if (holder !== undefined || (await deleted.find(collection.name, run.id))) throw idTakenInRun(index, run);
          await batch.insert(collection.name, { ...rows[index], id: run.id });
          answer.created.push(run.id);
        }
        return answer;
      }, auth);
    try {
      return await attempt();
    } catch (error) {
      // The same plan created twice at once: the one that lost the race finds the other's runs.
      if (isUniqueViolation(error)) return attempt();
      throw error;
    }
  }

  /** The nursery's runs of the last LEARNED_WEEKS, by the server's clock (past-runs.ts). */
  private pastRuns(nursery: string, caller: string): Promise<PastRun[]> {
    const today = formatCalendarDate(utcCalendarDate(this.deps.now()));
    return this.runs.read(nursery, learnedSince(today) ?? today, caller);
  }

  /** The nursery's customers (with rounds and pins) and its rounds' names. */
  private async book(nursery: string): Promise<NurseryBook> {
    const [customerRows, roundRows] = await Promise.all([
      this.deps.db
        .selectFrom('customers')
        .select(['id', 'name', 'postcode', 'round', 'roundPlace', 'active'])
        .where('nursery', '=', nursery)
        .orderBy('name')
        .orderBy('id')
        .execute(),
      this.deps.db.selectFrom('rounds').select(['id', 'name']).where('nursery', '=', nursery).execute(),
    ]);
    return {
      // SQLite keeps a boolean as 0/1, PostgreSQL as true/false.
      customers: new Map(customerRows.map((row) => [row.id, { ...row, roundPlace: Number(row.roundPlace), active: Boolean(row.active) }])),
      rounds: new Map(roundRows.map((row) => [row.id, row.name])),
    };
  }

  /** The learned order of the rounds of `customers`, from the nursery's past runs, with its pins. */
  private async learn(nursery: string, caller: string, book: NurseryBook, customers: RoundCustomer[]): Promise<LearnedRound[]> {
    if (customers.length === 0) return [];
    const pins: DropPin[] = customers
      .filter((customer) => customer.round !== '' && (book.customers.get(customer.id)?.roundPlace ?? 0) > 0)
      .map((customer) => ({ customer: customer.id, position: book.customers.get(customer.id)!.roundPlace }));
    const today = formatCalendarDate(utcCalendarDate(this.deps.now()));
    const runs = await this.pastRuns(nursery, caller);
    // A planner asking again learns nothing new: the same runs (the very list the reader kept), the
    // same customers, rounds, postcodes and pins on the same day give the same order, so it is kept.
    const key = JSON.stringify([today, customers, pins]);
    const kept = this.learnedKept.get(nursery);
    if (kept?.runs === runs && kept.key === key) return kept.learned;
    const learned = learnDropOrder(runs, customers, pins, { today });
    this.learnedKept.delete(nursery);
    this.learnedKept.set(nursery, { runs, key, learned });
    if (this.learnedKept.size > KEPT_LEARNED) this.learnedKept.delete(this.learnedKept.keys().next().value!);
    return learned;
  }
}

/** Nurseries whose last learned order is kept (a few kB each). */
const KEPT_LEARNED = 64;

/** The board day asked for, or a 400 saying what is wrong with it. */
export function readDayQuery(query: DayPlanQuerySchema): DayPlanQuery {
  const text = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';
  const [yearText, weekText, dayText] = [text(query.year), text(query.week), text(query.day).trim().toLowerCase()];
  const whole = (value: string) => (/^\d{1,4}$/.test(value.trim()) ? Number(value) : NaN);
  const year = whole(yearText);
  if (!(year >= MIN_YEAR && year <= MAX_YEAR)) throw badRequest(`Year must be between ${MIN_YEAR} and ${MAX_YEAR}.`);
  const week = whole(weekText);
  const weeks = weeksInIsoYear(year);
  if (!(week >= 1 && week <= weeks)) throw badRequest(`Week must be between 1 and ${weeks} for ${year}.`);
  if (!(DAYS as readonly string[]).includes(dayText)) throw badRequest('Choose a day of the week, Monday to Sunday.');
  return { year, week, day: dayText as Day };
}

/** The runs of a Create runs body, or a 400: a list of 1 to 50, each with its own id (15 characters, a–z 0–9). */
function readRunsToCreate(given: unknown): RunToCreate[] {
  if (!Array.isArray(given) || given.length === 0) throw badRequest('There are no runs to create. Plan the day first.');
  if (given.length > MAX_RUNS_PER_CREATE) throw badRequest(`At most ${MAX_RUNS_PER_CREATE} runs can be created at once.`);
  const seen = new Set<string>();
  return given.map((item: unknown, index) => {
    const run = isPlainObject(item) ? item : {};
    const id = run.id;
    if (typeof id !== 'string' || !RECORD_ID_PATTERN.test(id))
      throw badRequest(`Run ${index + 1}: an id is 15 lowercase letters and digits (a to z, 0 to 9).`);
    if (seen.has(id)) throw badRequest(`Run ${index + 1} has the same id as another run of the plan; each run needs its own.`);
    seen.add(id);
    return {
      id,
      name: run.name as string,
      data: run.data as RunStop[],
      vehicleInfo: run.vehicleInfo as RunToCreate['vehicleInfo'],
    };
  });
}

/** How a run of the plan is named in a refusal: "Run 2 (Cotswolds)". */
function runLabel(index: number, run: RunToCreate): string {
  const name = typeof run.name === 'string' ? run.name.trim() : '';
  return name === '' ? `Run ${index + 1}` : `Run ${index + 1} (${name.slice(0, 100)})`;
}

/** A run's refusal as the whole request's: its sentence named by the run, its fields as `runs.2.name`. */
function inRun(index: number, run: RunToCreate, error: ApiError): ApiError {
  const data: Record<string, FieldError> = {};
  for (const [field, problem] of Object.entries(error.data)) data[`runs.${index}.${field}`] = problem;
  const first = Object.values(error.data)[0];
  const sentence = first ? first.message : error.message;
  return new ApiError(400, `Nothing was created. ${runLabel(index, run)}: ${sentence}`, data, { cause: error });
}

const RUN_ID_TAKEN = 'its id already belongs to another record. Plan the day again to give the runs new ids.';

/** A run of the plan whose name (date, driver, registration) another run of the nursery, or of the plan, has. */
function nameTakenInRun(index: number, run: RunToCreate): ApiError {
  const message =
    "A run of this name (its date, driver and registration) is saved already: this vehicle's run of that day was planned before. Open it from Runs, or delete it first, then plan the day again.";
  return new ApiError(400, `Nothing was created. ${runLabel(index, run)}: ${message}`, {
    [`runs.${index}.name`]: { code: 'validation_not_unique', message },
  });
}

function idTakenInRun(index: number, run: RunToCreate): ApiError {
  return new ApiError(400, `Nothing was created. ${runLabel(index, run)}: ${RUN_ID_TAKEN}`, {
    [`runs.${index}.id`]: { code: 'validation_not_unique', message: ID_TAKEN_MESSAGE },
  });
}
