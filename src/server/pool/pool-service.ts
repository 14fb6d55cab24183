import { sql, type Kysely } from 'kysely';
import { parseCsv } from '#domain/csv/csv';
import { contestBy } from '#domain/ledger/contest-deadline';
import { isIsoDate } from '#domain/ledger/iso-dates';
import { comparePool, type Comparison, type OurBalance } from '#domain/ledger/pool-comparison';
import { MAX_POOL_CSV_BYTES, readMapping, readPoolRows, type PoolRow } from '#domain/ledger/pool-statement';
import { COUNTS } from '#domain/ledger/statement';
import type { AuthContext } from '../auth/auth-context';
import { requireUser } from '../auth/auth-context';
import type { Database } from '../db/schema';
import { badRequest } from '../errors';
import { poolStatementsCollection } from '../records/collections/pool-statements';
import type { ApiRecord, RecordService } from '../records/record-service';

export interface PoolServiceDeps {
  records: RecordService;
  db: Kysely<Database>;
}

/** What the comparison route answers. */
export interface PoolComparison {
  statement: ApiRecord;
  /** The last day to contest a difference (10 working days from the statement date). */
  contestBy: string;
  comparison: Comparison;
}

const text = (input: Record<string, unknown>, name: string): string =>
  typeof input[name] === 'string' ? (input[name] as string).trim() : '';

/**
 * The pool check (docs/decisions/040): importing the pool operator's CSV through a column mapping,
 * and their figures beside our ledger's. The import is read here, on the server, so a statement is
 * stored only as the server read it; it is then created through the records API's rules (office
 * staff and admins; the caller's nursery).
 */
export class PoolService {
  constructor(private readonly deps: PoolServiceDeps) {}

  async importCsv(auth: AuthContext, body: unknown): Promise<ApiRecord> {
    const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
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
    let statementDate = text(input, 'statementDate');
    if (statementDate !== '' && !isIsoDate(statementDate))
      throw badRequest('Enter the statement date as year-month-day, for example 2026-11-20.', {
        statementDate: { code: 'validation_invalid_date', message: 'Enter the date as year-month-day, for example 2026-11-20.' },
      });
    if (statementDate === '' && mapping.date === '')
      throw badRequest('Enter the statement date: the deadline to contest it runs from that day.', {
        statementDate: { code: 'validation_required', message: 'Enter the statement date.' },
      });
    const file = parseCsv(csv);
    if (!file.ok) throw badRequest(file.message, { csv: { code: 'validation_invalid_csv', message: file.message } });
    // Without a date of its own, a statement whose rows are dated is as of its latest row.
    const rows = readPoolRows(file, mapping, statementDate === '' ? '0000-01-01' : statementDate);
    if (!rows.ok) {
      const data: Record<string, { code: string; message: string }> = { csv: { code: 'validation_invalid_csv', message: rows.message } };
      if (rows.errors.length > 0) data.rows = { code: 'validation_invalid_rows', message: rows.errors.join('\n') };
      throw badRequest(rows.message, data);
    }
    if (statementDate === '') statementDate = latestDate(rows.rows);
    return this.deps.records.create(poolStatementsCollection, auth, {
      statementDate,
      periodFrom: text(input, 'periodFrom'),
      periodTo: text(input, 'periodTo'),
      fileName: text(input, 'fileName').slice(0, 255),
      mapping,
      rows: rows.rows,
    });
  }

  /** A statement's rows beside our ledger's balance of each pool account on the same date. */
  async comparison(auth: AuthContext, id: string): Promise<PoolComparison> {
    const user = requireUser(auth);
    const statement = await this.deps.records.view(poolStatementsCollection, auth, id);
    const statementDate = String(statement.statementDate);
    const rows = (Array.isArray(statement.rows) ? statement.rows : []) as PoolRow[];
    const dates = [...new Set([statementDate, ...rows.map((row) => row.date)])];
    const ours = await this.balancesOn(user.nursery, dates);
    const mapping = readMapping(statement.mapping);
    const counts = mapping ? COUNTS.filter((count) => mapping[count] !== '') : [...COUNTS];
    return { statement, contestBy: contestBy(statementDate), comparison: comparePool(rows, ours, statementDate, counts) };
  }

  /**
   * What every customer with a pool account held at the end of each of `dates`, summed per pool
   * account, in one query: the movements dated on or before each date (the index on
   * (nursery, customer, date) serves it).
   */
  private async balancesOn(nursery: string, dates: readonly string[]): Promise<OurBalance[]> {
    const days = sql.join(dates.map((date) => sql`(CAST(${date} AS text))`));
    const signed = (count: string) => sql`COALESCE(SUM(CASE WHEN m.kind = 'in' THEN -m.${sql.ref(count)} ELSE m.${sql.ref(count)} END), 0)`;
    const result = await sql<{
      day: string;
      id: string;
      name: string;
      account: string;
      trolleys: number | string;
      shelves: number | string;
      extensions: number | string;
    }>`
      WITH d(day) AS (VALUES ${days})
      SELECT d.day AS day, c.id AS id, c.name AS name, c."poolAccount" AS account,
        ${signed('trolleys')} AS trolleys, ${signed('shelves')} AS shelves, ${signed('extensions')} AS extensions
      FROM d CROSS JOIN customers c
      LEFT JOIN trolley_movements m ON m.nursery = c.nursery AND m.customer = c.id AND m."date" <= d.day
      WHERE c.nursery = ${nursery} AND c."poolAccount" <> ''
      GROUP BY d.day, c.id, c.name, c."poolAccount"
      ORDER BY c."poolAccount", c.name`.execute(this.deps.db);
    const byAccount = new Map<string, OurBalance>();
    for (const row of result.rows) {
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

function latestDate(rows: readonly PoolRow[]): string {
  return rows.reduce((latest, row) => (row.date > latest ? row.date : latest), '');
}
