import { ORDER_DEFAULTS } from '#domain/collections/tasks';
import { readOrdersCsv, type ImportedOrderRow, type OrderImportPreview, type OrderImportResult } from '#domain/csv/order-import';
import { newOrderWeekError } from '#domain/orders/new-order-week';
import type { UsersTable } from '../db/schema';
import { badRequest } from '../errors';
import { newOrderToday } from '../records/collections/new-order-today';
import { tasksCollection } from '../records/collections/tasks';
import type { RecordService } from '../records/record-service';

/** Rows one import may hold: a busy nursery's year of orders, far more than a week. */
export const MAX_IMPORTED_ROWS = 5000;

interface ImportRequest {
  csv: string;
  onlyValid: boolean;
}

function readRequest(body: unknown): ImportRequest {
  const value = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (typeof value.csv !== 'string') throw badRequest('Send the CSV file’s text as "csv".');
  if (value.onlyValid !== undefined && typeof value.onlyValid !== 'boolean') throw badRequest('"onlyValid" is true or false.');
  return { csv: value.csv, onlyValid: value.onlyValid === true };
}

/**
 * Orders from a CSV file (docs/decisions/049): the preview reads and checks every row; the import
 * checks them again and writes all of them in one transaction, or none — unless the person chose
 * to import only the valid rows. Each order is checked by its declaration and by the rule that a
 * new order goes into a week that still takes orders, exactly as one added on the board.
 */
export class OrdersImportService {
  constructor(private readonly deps: { records: RecordService; now: () => Date }) {}

  preview(body: unknown): OrderImportPreview {
    const rows = this.rows(readRequest(body).csv);
    const valid = rows.filter((row) => row.order !== null).length;
    return { rows, valid, invalid: rows.length - valid };
  }

  async import(user: UsersTable, body: unknown): Promise<OrderImportResult> {
    const request = readRequest(body);
    const rows = this.rows(request.csv);
    const invalid = rows.filter((row) => row.order === null);
    if (invalid.length > 0 && !request.onlyValid) {
      const first = invalid[0] as ImportedOrderRow;
      throw badRequest(
        `Nothing was imported: ${invalid.length} of ${rows.length} rows have problems (row ${first.row}: ${first.problems.join(' ')}). Fix them, or import only the valid rows.`,
      );
    }
    const valid = rows.filter((row) => row.order !== null);
    if (valid.length === 0) throw badRequest('Nothing was imported: no row is valid.');
    const creator = { user: user.id, created_by: user.id, updated_by: user.id, nursery: user.nursery };
    return this.deps.records.systemBatch(
      async (batch) => {
        for (const row of valid) await batch.insert('tasks', tasksCollection.toRow({ ...ORDER_DEFAULTS, ...row.order, ...creator }));
        return { created: valid.length, skipped: invalid.map(({ row, problems }) => ({ row, problems })) };
      },
      { user },
    );
  }

  /** Every row read and checked, the week rule included. */
  private rows(csv: string): ImportedOrderRow[] {
    const read = readOrdersCsv(csv);
    if (!read.ok) throw badRequest(read.message);
    if (read.rows.length > MAX_IMPORTED_ROWS)
      throw badRequest(
        `The file has ${read.rows.length} rows; one import takes at most ${MAX_IMPORTED_ROWS}. Split it into smaller files.`,
      );
    const today = newOrderToday(this.deps.now());
    return read.rows.map((row) => {
      if (!row.order) return row;
      const past = newOrderWeekError({ year: Number(row.order.year), weekNumber: Number(row.order.weekNumber) }, today);
      return past ? { row: row.row, order: null, problems: [past.message] } : row;
    });
  }
}
