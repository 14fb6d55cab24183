import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  MAX_IMPORTED_ROWS,
  previewOf,
  type ImportedRow,
  type ImportPreview,
  type ImportRead,
  type ImportResult,
} from '#domain/csv/csv-import';
import type { Role } from '#domain/records';
import { requireUser } from '../auth/auth-context';
import { requireRole } from '../auth/require-access';
import type { Database, UsersTable } from '../db/schema';
import { badRequest } from '../errors';
import { bodyOf, Given, useRouteSchemas } from '../plugins/route-schemas';
import type { RecordService } from '../records/record-service';
import type { Row } from '../records/record-store';
import { Slicer } from '../slices';

// Importing records from a CSV file (docs/decisions/049), shared by the orders and customers
// imports: the preview reads and checks every row and writes nothing; the import checks them again
// inside its one transaction and writes all of them, or none — unless the person chose to import
// only the valid rows. Each import says how its rows are read and checked, and how one is written.

/** Rows one import may hold (docs/decisions/049); reading stops past them (docs/decisions/054). */
export { MAX_IMPORTED_ROWS };

interface ImportRequest {
  csv: string;
  onlyValid: boolean;
}

/** The file's text and whether to import only the valid rows; each wrong value is refused with its sentence below. */
export const ImportBody = bodyOf({ csv: Given, onlyValid: Given }, 'The CSV file’s text, and whether to import only its valid rows');
export type ImportBody = Static<typeof ImportBody>;

function readRequest(value: ImportBody): ImportRequest {
  if (typeof value.csv !== 'string') throw badRequest('Send the CSV file’s text as "csv".');
  if (value.onlyValid !== undefined && typeof value.onlyValid !== 'boolean') throw badRequest('"onlyValid" is true or false.');
  return { csv: value.csv, onlyValid: value.onlyValid === true };
}

/** The rows of a file read, or a 400 with the whole file's problem; at most MAX_IMPORTED_ROWS. */
export function rowsOrRefusal(read: ImportRead): ImportedRow[] {
  if (!read.ok) throw badRequest(read.message);
  if (read.rows.length > MAX_IMPORTED_ROWS)
    throw badRequest(`The file has ${read.rows.length} rows; one import takes at most ${MAX_IMPORTED_ROWS}. Split it into smaller files.`);
  return read.rows;
}

/** One kind of import: how its rows are checked (every rule, the server's too) and written. */
export interface CsvImport {
  api: { preview: string; import: string };
  /** Who may import, and what anyone else is told. */
  roles: readonly Role[];
  refusal: string;
  /**
   * Every row of `csv` read and checked, in slices that leave the event loop to others
   * (docs/decisions/053); `db` is the import's transaction when it writes.
   */
  check(user: UsersTable, csv: string, db: Kysely<Database>): Promise<ImportedRow[]>;
  /** The collection the rows go into. */
  collection: string;
  /** One valid row's record, as the database stores it. */
  rowOf(user: UsersTable, values: Record<string, unknown>): Row;
}

export class CsvImportService {
  constructor(
    private readonly kind: CsvImport,
    private readonly deps: { records: RecordService; db: Kysely<Database> },
  ) {}

  async preview(user: UsersTable, body: ImportBody): Promise<ImportPreview> {
    return previewOf(await this.kind.check(user, readRequest(body).csv, this.deps.db));
  }

  async import(user: UsersTable, body: ImportBody): Promise<ImportResult> {
    const request = readRequest(body);
    // The rows are checked again inside the transaction: what the preview saw may have changed.
    return this.deps.records.systemBatch(
      async (batch) => {
        const rows = await this.kind.check(user, request.csv, batch.db);
        const invalid = rows.filter((row) => row.values === null);
        const first = invalid[0];
        if (first && !request.onlyValid)
          throw badRequest(
            `Nothing was imported: ${invalid.length} of ${rows.length} rows have problems (row ${first.row}: ${first.problems.join(' ')}). Fix them, or import only the valid rows.`,
          );
        const valid = rows.filter((row) => row.values !== null);
        if (valid.length === 0) throw badRequest('Nothing was imported: no row is valid.');
        // Built in slices, then written with multi-row INSERTs, each record announced as a single
        // create would be (not a resync, which would end every live stream of every nursery).
        const records: Row[] = [];
        const slicer = new Slicer();
        for (const row of valid) {
          records.push(this.kind.rowOf(user, row.values ?? {}));
          await slicer.pause();
        }
        await batch.insertMany(this.kind.collection, records, { announce: 'each' });
        return { created: valid.length, skipped: invalid.map(({ row, problems }) => ({ row, problems })) };
      },
      { user },
    );
  }
}

/** The preview and import routes of one kind of import, for the roles it names. */
export async function csvImportRoutes(
  fastify: FastifyInstance,
  { kind, records, db }: { kind: CsvImport; records: RecordService; db: Kysely<Database> },
): Promise<void> {
  useRouteSchemas(fastify);
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const importer = new CsvImportService(kind, { records, db });
  const allowed = requireRole(kind.roles, kind.refusal);
  const route = { schema: { body: ImportBody }, preHandler: allowed };
  app.post(kind.api.preview, route, async (request) => importer.preview(requireUser(request.auth), request.body));
  app.post(kind.api.import, route, async (request) => importer.import(requireUser(request.auth), request.body));
}
