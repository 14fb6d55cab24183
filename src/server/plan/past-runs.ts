import { sql, type Kysely } from 'kysely';
import type { PastRun } from '#domain/plan/drop-order';
import { ReadRefused, type ClientReads, type ReadRow } from '../db/client-reads';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import type { SqlDialect } from '../records/filter/field-map';

// The past runs a plan learns from (docs/decisions/076, "Learning without stalling"). Reading and
// unpacking every stop of two years of runs is the costly part of a plan, so:
// - it runs where a client's list runs (a SQLite worker thread, or PostgreSQL's read-only
//   transaction), within the same time limit, so it never holds the event loop;
// - its answer is kept per nursery, with the count and newest `updated` of the nursery's runs and
//   orders it was read at; a plan first reads those four figures (two indexes, migration 026),
//   and reads the runs again only when one moved. Every write stamps a later `updated` and every
//   delete lowers a count, so a run saved, edited, cancelled, deleted or restored, or an order
//   given another customer or deleted, shows in the next plan, on whichever instance wrote it.

export interface PastRunsDeps {
  db: Kysely<Database>;
  dialect: SqlDialect;
  reads: ClientReads;
}

/** A run is never saved this long before its date, so a run last written earlier is dated before the window too. */
const SAVED_AHEAD_DAYS = 183;
/** Nurseries whose runs are kept at once: each is about 1 MB for two busy years; the least recently planned goes first. */
const KEPT_NURSERIES = 32;
/** Runs read at once: about 1,600 stops, a small part of the client read time limit even on a busy machine. */
const RUNS_PER_READ = 100;
/** Runs a read refused at its time limit is split into halves down to. */
const MIN_SPLIT_RUNS = 10;

interface Kept {
  key: string;
  runs: Promise<PastRun[]>;
}

export class PastRunsReader {
  private readonly kept = new Map<string, Kept>();

  constructor(private readonly deps: PastRunsDeps) {}

  /**
   * The nursery's saved runs dated `since` (yyyy-mm-dd) or later — every state but cancelled (a
   * cancelled run did not go) — each as its date (its `vehicleInfo.date`, else the day it was
   * saved; a run whose date cannot be read is kept, as the learning weighs it as today's) and its
   * stops' customers in drop order. A stop is an order (docs/decisions/064) whose customer is the
   * order's; a stop whose order is gone or has no customer is skipped.
   * @throws ApiError 503 when the runs could not be read within the client read time limit.
   */
  async read(nursery: string, since: string, caller: string): Promise<PastRun[]> {
    const writtenSince = shiftDays(since, -SAVED_AHEAD_DAYS);
    const key = `${since}\u0000${await this.version(nursery, writtenSince)}`;
    const kept = this.kept.get(nursery);
    if (kept?.key === key) {
      // Most recently used last, so the nursery least recently planned is the one let go.
      this.kept.delete(nursery);
      this.kept.set(nursery, kept);
      return kept.runs;
    }
    // Two plans asked at once share one read.
    const runs = this.readRuns(nursery, since, writtenSince, caller);
    this.kept.delete(nursery);
    this.kept.set(nursery, { key, runs });
    if (this.kept.size > KEPT_NURSERIES) this.kept.delete(this.kept.keys().next().value!);
    runs.catch(() => {
      if (this.kept.get(nursery)?.runs === runs) this.kept.delete(nursery);
    });
    return runs;
  }

  /** The count and newest `updated` of the nursery's runs written since `writtenSince` and of its orders: four index reads. */
  private async version(nursery: string, writtenSince: string): Promise<string> {
    const { rows } = await sql<Record<'runs' | 'runsUpdated' | 'orders' | 'ordersUpdated', unknown>>`
      SELECT
        (SELECT COUNT(*) FROM trolley_exports WHERE nursery = ${nursery} AND updated >= ${writtenSince}) AS runs,
        (SELECT MAX(updated) FROM trolley_exports WHERE nursery = ${nursery} AND updated >= ${writtenSince}) AS "runsUpdated",
        (SELECT COUNT(*) FROM tasks WHERE nursery = ${nursery}) AS orders,
        (SELECT MAX(updated) FROM tasks WHERE nursery = ${nursery}) AS "ordersUpdated"`.execute(this.deps.db);
    const row = rows[0]!;
    return [row.runs, row.runsUpdated, row.orders, row.ordersUpdated].map((value) => String(value ?? '')).join('\u0000');
  }

  /**
   * The database reads each run's stops from its JSON and finds their orders by key, so the runs
   * are not sent over to be parsed here (bench/lib/plan-day-server.ts); RUNS_PER_READ runs a
   * read, each within the client read time limit, however long the history.
   */
  private async readRuns(nursery: string, since: string, writtenSince: string, caller: string): Promise<PastRun[]> {
    const ids = (
      await this.deps.db
        .selectFrom('trolley_exports')
        .select('id')
        .where('nursery', '=', nursery)
        .where('updated', '>=', writtenSince)
        .where('state', '<>', 'cancelled')
        .orderBy('id')
        .execute()
    ).map((row) => row.id);
    const rows: ReadRow[] = [];
    for (let i = 0; i < ids.length; i += RUNS_PER_READ)
      rows.push(...(await this.readStops(nursery, ids.slice(i, i + RUNS_PER_READ), caller)));
    const runs: PastRun[] = [];
    // One string per customer, however many runs name it: two years of stops are kept in memory.
    const same = new Map<string, string>();
    for (const row of rows as unknown as PastRunRow[]) {
      const date = typeof row.date === 'string' && row.date !== '' ? row.date : String(row.created).slice(0, 10);
      // A date that is not yyyy-mm-dd is kept: the learning weighs it as today's.
      if (/^\d{4}-\d{2}-\d{2}$/.test(date) && date < since) continue;
      const customers = row.customers.split(',').map((id) => {
        let customer = same.get(id);
        if (customer === undefined) same.set(id, (customer = id));
        return customer;
      });
      runs.push({ date, customers });
    }
    return runs;
  }

  /** These runs of this nursery, one row each: its date and its stops' customers in drop order. */
  private async readStops(nursery: string, runIds: readonly string[], caller: string): Promise<ReadRow[]> {
    // SQLite's stop flag, read for every row visited (docs/decisions/017); PostgreSQL times out by itself.
    const rowCheck = this.deps.reads.rowCheck ?? sql`1 = 1`;
    const runs = sql.join(runIds.map((id) => sql`${id}`));
    const query =
      this.deps.dialect === 'postgres'
        ? sql`
          SELECT e.id AS run, e.created AS created, NULLIF(e."vehicleInfo", '')::jsonb ->> 'date' AS date,
            string_agg(t.customer, ',' ORDER BY j.place) AS customers
          FROM trolley_exports e
          CROSS JOIN LATERAL jsonb_array_elements(
            CASE WHEN jsonb_typeof(NULLIF(e.data, '')::jsonb) = 'array' THEN e.data::jsonb ELSE '[]'::jsonb END
          ) WITH ORDINALITY AS j(value, place)
          -- Each stop's order found by its id (a lookup per stop), never a scan of the nursery's orders.
          CROSS JOIN LATERAL (
            SELECT o.customer FROM tasks o
            WHERE o.id = (CASE WHEN jsonb_typeof(j.value) = 'object' THEN j.value ->> 'id' END) AND o.nursery = ${nursery} AND o.customer <> ''
            LIMIT 1
          ) t
          WHERE e.id IN (${runs}) AND e.nursery = ${nursery} AND e.state <> 'cancelled'
          GROUP BY e.id
          ORDER BY e.id`.compile(this.deps.db)
        : sql`
          SELECT e.id AS run, e.created AS created,
            CASE WHEN json_valid(e."vehicleInfo") THEN json_extract(e."vehicleInfo", '$.date') END AS date,
            group_concat(t.customer, ',' ORDER BY j.key) AS customers
          FROM trolley_exports e
          JOIN json_each(CASE WHEN json_valid(e.data) AND json_type(e.data) = 'array' THEN e.data ELSE '[]' END) j
          JOIN tasks t ON t.id = (CASE WHEN j.type = 'object' THEN json_extract(j.value, '$.id') END)
          -- The unary + keeps SQLite from reading the orders through an index on their nursery (a
          -- scan of the nursery's orders for every stop): each stop's order is found by its id.
          WHERE ${rowCheck} AND e.id IN (${runs}) AND e.nursery = ${nursery} AND e.state <> 'cancelled' AND +t.nursery = ${nursery} AND t.customer <> ''
          GROUP BY e.id
          ORDER BY e.id`.compile(this.deps.db);
    try {
      const [rows = []] = await this.deps.reads.read([query], caller);
      return rows;
    } catch (error) {
      // A machine so busy that even these runs took the whole time limit: the halves, each with a
      // time limit of its own, rather than no plan at all; still no read holds the event loop.
      if (error instanceof ReadRefused && error.reason === 'time-limit' && runIds.length >= MIN_SPLIT_RUNS) {
        const half = Math.ceil(runIds.length / 2);
        return [
          ...(await this.readStops(nursery, runIds.slice(0, half), caller)),
          ...(await this.readStops(nursery, runIds.slice(half), caller)),
        ];
      }
      if (error instanceof ReadRefused) throw runsRefusal(error);
      throw error;
    }
  }
}

/** A past run as read: its id, when it was saved, its date and its stops' customers in drop order, comma-separated (ids have no comma). */
interface PastRunRow {
  run: string;
  created: string;
  date: unknown;
  customers: string;
}

/** yyyy-mm-dd `days` after `date`. */
function shiftDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00.000Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** A plan whose past runs could not be read in time: busy (nobody free to read) or too much to read. */
function runsRefusal(error: ReadRefused): ApiError {
  const seconds = (error.limitMs / 1000).toLocaleString('en-GB', { maximumFractionDigits: 3 });
  if (error.reason === 'busy')
    return new ApiError(
      503,
      `The server is busy with other lists and could not start reading the past runs within ${seconds} s. Please try again in a moment.`,
    );
  return new ApiError(
    503,
    `Reading the past runs took longer than ${seconds} s and was stopped, so that it does not hold up everyone else. Please try again in a moment.`,
  );
}
