import { sql, type Kysely } from 'kysely';
import { parseCsvInSteps } from '#domain/csv/csv';
import { contestBy } from '#domain/ledger/contest-deadline';
import { isIsoDate } from '#domain/ledger/iso-dates';
import { comparePool, type Comparison, type OurBalance } from '#domain/ledger/pool-comparison';
import { MAX_POOL_CSV_BYTES, readMapping, readPoolRowsInSteps, type PoolRow } from '#domain/ledger/pool-statement';
import { COUNTS } from '#domain/ledger/statement';
import type { AuthContext } from '../auth/auth-context';
import { requireUser } from '../auth/auth-context';
import type { Database, UsersTable } from '../db/schema';
import { ReadRefused, type ClientReads, type ReadRow } from '../db/client-reads';
import { ApiError, badRequest } from '../errors';
import { poolStatementsCollection } from '../records/collections/pool-statements';
import type { ApiRecord, RecordService } from '../records/record-service';
import { inSlices } from '../slices';
import type { PoolImportBody } from './pool-schemas';

export interface PoolServiceDeps {
  records: RecordService;
  db: Kysely<Database>;
  /** Where the comparison reads the ledger: off the event loop, within the read time limit (docs/decisions/017). */
  reads: ClientReads;
}

/** What the comparison route answers. */
export interface PoolComparison {
  statement: ApiRecord;
  /** The last day to contest a difference (10 working days from the statement date). */
  contestBy: string;
  comparison: Comparison;
}

/** A text value as sent, trimmed; anything but text is blank. */
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * The pool check (docs/decisions/040): importing the pool operator's CSV through a column mapping,
 * and their figures beside our ledger's. The import is read here, on the server, so a statement is
 * stored only as the server read it; it is then created through the records API's rules (office
 * staff and admins; the caller's nursery).
 */
export class PoolService {
  constructor(private readonly deps: PoolServiceDeps) {}

  async importCsv(auth: AuthContext, input: PoolImportBody): Promise<ApiRecord> {
    const csv = input.csv;
    if (typeof csv !== 'string' || csv.trim() === '')
      throw badRequest('Choose the CSV file the pool operator sent.', {
        csv: { code: 'validation_required', message: 'Choose a CSV file.' },
      });
    const bytes = Buffer.byteLength(csv, 'utf8');
    if (bytes > MAX_POOL_CSV_BYTES)
      throw badRequest(
        `The file is ${Math.ceil(bytes / 1000)} KB; a pool statement may be at most ${MAX_POOL_CSV_BYTES / 1_000_000} MB. Check it is the balance statement.`,
        { csv: { code: 'validation_file_too_large', message: 'The file is too large.' } },
      );
    const mapping = readMapping(input.mapping ?? {});
    if (!mapping)
      throw badRequest('Choose which column holds the account number and which hold the counts.', {
        mapping: { code: 'validation_invalid_value', message: 'The column mapping could not be read.' },
      });
    let statementDate = text(input.statementDate);
    if (statementDate !== '' && !isIsoDate(statementDate))
      throw badRequest('Enter the statement date as year-month-day, for example 2026-11-20.', {
        statementDate: { code: 'validation_invalid_date', message: 'Enter the date as year-month-day, for example 2026-11-20.' },
      });
    if (statementDate === '' && mapping.date === '')
      throw badRequest('Enter the statement date: the deadline to contest it runs from that day.', {
        statementDate: { code: 'validation_required', message: 'Enter the statement date.' },
      });
    const file = await inSlices(parseCsvInSteps(csv));
    if (!file.ok) throw badRequest(file.message, { csv: { code: 'validation_invalid_csv', message: file.message } });
    // Without a date of its own, a statement whose rows are dated is as of its latest row.
    const rows = await inSlices(readPoolRowsInSteps(file, mapping, statementDate === '' ? '0000-01-01' : statementDate));
    if (!rows.ok) {
      const data: Record<string, { code: string; message: string }> = { csv: { code: 'validation_invalid_csv', message: rows.message } };
      if (rows.errors.length > 0) data.rows = { code: 'validation_invalid_rows', message: rows.errors.join('\n') };
      throw badRequest(rows.message, data);
    }
    if (statementDate === '') statementDate = latestDate(rows.rows);
    return this.deps.records.create(poolStatementsCollection, auth, {
      statementDate,
      periodFrom: text(input.periodFrom),
      periodTo: text(input.periodTo),
      fileName: text(input.fileName).slice(0, 255),
      mapping,
      rows: rows.rows,
    });
  }

  /**
   * A statement's rows beside our ledger's balance of each pool account on the same date. The
   * ledger is read where a client's list is (docs/decisions/017), off the event loop and within the
   * read time limit, and only for the accounts and dates the comparison shows (docs/decisions/053).
   */
  async comparison(auth: AuthContext, id: string): Promise<PoolComparison> {
    const user = requireUser(auth);
    const statement = await this.deps.records.view(poolStatementsCollection, auth, id);
    const statementDate = String(statement.statementDate);
    const rows = (Array.isArray(statement.rows) ? statement.rows : []) as PoolRow[];
    const ours = await this.balancesOn(user, statementDate, rows);
    const mapping = readMapping(statement.mapping);
    const counts = mapping ? COUNTS.filter((count) => mapping[count] !== '') : [...COUNTS];
    return { statement, contestBy: contestBy(statementDate), comparison: comparePool(rows, ours, statementDate, counts) };
  }

  /**
   * What the customers with a pool account held at the end of a day, summed per pool account, in
   * one query: every such customer on the statement date, and on each other date of the statement
   * only the accounts its rows list on that date (the index on (nursery, customer, date) serves
   * the movements). At most the statement's rows plus the nursery's pool accounts come back.
   */
  private async balancesOn(user: UsersTable, statementDate: string, rows: readonly PoolRow[]): Promise<OurBalance[]> {
    // Accounts are matched ignoring case, as comparePool does. SQLite's LOWER folds only A–Z: on a
    // date with an account outside ASCII every customer is read, so the comparison stays exact.
    const pairs = rows.map((row) => ({ account: row.account.trim().toLowerCase(), day: row.date }));
    // eslint-disable-next-line no-control-regex -- the ASCII range itself
    const everyone = [...new Set(pairs.filter((pair) => /[^\x00-\x7f]/.test(pair.account)).map((pair) => pair.day)), statementDate];
    // A statement without rows still needs a row of VALUES: NULL matches no account.
    const wanted =
      pairs.length === 0
        ? sql`(CAST(NULL AS text), CAST(NULL AS text))`
        : sql.join(pairs.map((pair) => sql`(CAST(${pair.account} AS text), CAST(${pair.day} AS text))`));
    const days = sql.join(everyone.map((day) => sql`(CAST(${day} AS text))`));
    const signed = (count: string) => sql`COALESCE(SUM(CASE WHEN m.kind = 'in' THEN -m.${sql.ref(count)} ELSE m.${sql.ref(count)} END), 0)`;
    // SQLite's stop flag, read for every row visited (docs/decisions/017); PostgreSQL times out by itself.
    const rowCheck = this.deps.reads.rowCheck;
    const check = (and: boolean) => (rowCheck ? (and ? sql`${rowCheck} AND` : rowCheck) : and ? sql`` : sql`1 = 1`);
    // Pairs of (customer, day) joined, never customers × days × rows: the work is the statement's
    // rows plus the nursery's pool accounts, each reading its movements through the index.
    const query = sql`
      WITH wanted(account, day) AS (VALUES ${wanted}),
      everyone(day) AS (VALUES ${days}),
      keyed AS (
        SELECT id, name, "poolAccount" AS account, LOWER(TRIM("poolAccount")) AS folded FROM customers
        WHERE ${check(true)} nursery = ${user.nursery} AND "poolAccount" <> ''),
      pairs AS (
        SELECT k.id, k.name, k.account, w.day FROM keyed k JOIN wanted w ON w.account = k.folded
        UNION
        SELECT k.id, k.name, k.account, e.day FROM keyed k CROSS JOIN everyone e)
      SELECT p.day AS day, p.id AS id, p.name AS name, p.account AS account,
        ${signed('trolleys')} AS trolleys, ${signed('shelves')} AS shelves, ${signed('extensions')} AS extensions
      FROM pairs p
      LEFT JOIN trolley_movements m ON m.nursery = ${user.nursery} AND m.customer = p.id AND m."date" <= p.day
      WHERE ${check(false)}
      GROUP BY p.day, p.id, p.name, p.account
      ORDER BY p.account, p.name`.compile(this.deps.db);
    let result: ReadRow[];
    try {
      [result = []] = await this.deps.reads.read([query], user.id);
    } catch (error) {
      if (error instanceof ReadRefused) throw comparisonRefusal(error);
      throw error;
    }
    const byAccount = new Map<string, OurBalance>();
    for (const row of result as Array<Record<'day' | 'id' | 'name' | 'account', string> & Record<COUNT, number | string>>) {
      const account = row.account.trim();
      const key = `${account.toLowerCase()}\u0000${row.day}`;
      const balance = byAccount.get(key) ?? { account, date: row.day, customers: [], balance: { trolleys: 0, shelves: 0, extensions: 0 } };
      balance.customers.push({ id: row.id, name: row.name });
      balance.balance.trolleys += Number(row.trolleys);
      balance.balance.shelves += Number(row.shelves);
      balance.balance.extensions += Number(row.extensions);
      byAccount.set(key, balance);
    }
    return [...byAccount.values()];
  }
}

type COUNT = 'trolleys' | 'shelves' | 'extensions';

/** The comparison's answer when the ledger could not be read in time: busy (503), or too much to read (400). */
function comparisonRefusal(error: ReadRefused): ApiError {
  const seconds = (error.limitMs / 1000).toLocaleString('en-GB', { maximumFractionDigits: 3 });
  if (error.reason === 'busy')
    return new ApiError(
      503,
      `The server is busy with other lists and could not start this comparison within ${seconds} s. Please try again in a moment.`,
    );
  return new ApiError(
    400,
    `Comparing this statement with the ledger took longer than ${seconds} s and was stopped, so that it does not hold up everyone else. Import the statement in smaller parts.`,
  );
}

function latestDate(rows: readonly PoolRow[]): string {
  return rows.reduce((latest, row) => (row.date > latest ? row.date : latest), '');
}
