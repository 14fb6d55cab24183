// Reading customers from a CSV file (docs/decisions/049): the columns of the customer book's
// export, read by the shared CSV import (csv-import.ts) and checked by the customers' declaration.
// A customer already in the book, or twice in the file, is a row problem: the book keeps one
// customer per name and postcode, as matching orders to customers needs (docs/decisions/037).

import { customers, DELIVERY_DAYS, PARTY_KIND_LABELS, PARTY_KINDS } from '../collections/customers';
import { matchKey } from '../customers/matching';
import { customerTypeLabel, dayLabel } from '../orders/format';
import { CUSTOMER_TYPES } from '../vocabulary/customer-type';
import type { Day } from '../vocabulary/day';
import type { Steps } from '../steps';
import {
  CellProblem,
  choice,
  readCsvRows,
  readCsvRowsInSteps,
  withProblem,
  type CsvImportSpec,
  type ImportedRow,
  type ImportRead,
} from './csv-import';
import { CUSTOMER_COLUMNS } from './exports';

type Column = (typeof CUSTOMER_COLUMNS)[number];

/** The customer fields each column fills. */
export const CUSTOMER_FIELD_OF: Record<Column, string> = {
  Name: 'name',
  Postcode: 'postcode',
  Phone: 'phone',
  'E-mail': 'email',
  'Delivery address': 'deliveryAddress',
  'Customer type': 'customerType',
  'Usual delivery day': 'usualDay',
  'Usual trolleys': 'usualTrolleys',
  'Pool account number': 'poolAccount',
  Round: 'round',
  Kind: 'kind',
  Active: 'active',
  Notes: 'notes',
};

/** "Yes"/"No" as the export writes them (true/false and 1/0 too); blank is a customer in use. */
function active(text: string): boolean | string {
  const value = text.trim().toLowerCase();
  if (value === '' || value === 'yes' || value === 'true' || value === '1') return true;
  if (value === 'no' || value === 'false' || value === '0') return false;
  return text.trim();
}

/** A round of the nursery, as the import finds it by name. */
export interface NamedRound {
  id: string;
  name: string;
}

/** The spec of a customers CSV whose Round column names one of `rounds` (any case), or is blank for none. */
function customersCsvSpec(rounds: readonly NamedRound[]): CsvImportSpec<Column> {
  const byName = new Map(rounds.map((round) => [round.name.trim().toLowerCase(), round.id]));
  return {
    collection: customers,
    columns: CUSTOMER_COLUMNS,
    fieldOf: CUSTOMER_FIELD_OF,
    required: ['Name'],
    choices: {
      customerType: (text) => choice(CUSTOMER_TYPES, customerTypeLabel, text),
      usualDay: (text) =>
        text.trim().toLowerCase() === 'none' ? '' : choice(DELIVERY_DAYS, (day) => (day === '' ? '' : dayLabel(day as Day)), text),
      // Blank is a customer, as every customer was before hauliers (docs/decisions/079).
      kind: (text) => (text.trim() === '' ? 'customer' : choice(PARTY_KINDS, (kind) => PARTY_KIND_LABELS[kind], text)),
      active,
      round: (text) => {
        const name = text.trim();
        if (name === '') return '';
        return (
          byName.get(name.toLowerCase()) ??
          new CellProblem(
            `Round: there is no round “${name.slice(0, 100)}” in your nursery. Add it on the Fleet screen first, or leave the cell blank.`,
          )
        );
      },
    },
    choose: 'Choose a CSV file of customers, such as the exported customer book.',
    exportName: 'the exported customer book',
  };
}

/** The import's routes: the preview (writes nothing) and the import (`{csv, onlyValid}`). */
export const CUSTOMERS_IMPORT_API = { preview: '/api/customers/import/preview', import: '/api/customers/import' } as const;

/** Reads a customers CSV: whole-file problems as one message, else every row with its own problems. */
export function readCustomersCsv(text: string, rounds: readonly NamedRound[] = []): ImportRead {
  return readCsvRows(customersCsvSpec(rounds), text);
}

/** readCustomersCsv, yielding after each row (docs/decisions/053). */
export function readCustomersCsvInSteps(text: string, rounds: readonly NamedRound[] = []): Steps<ImportRead> {
  return readCsvRowsInSteps(customersCsvSpec(rounds), text);
}

/** A customer already in the book, by name and postcode. */
export interface BookedCustomer {
  name: string;
  postcode: string;
}

/**
 * The rows with a name and postcode (ignoring case and spaces) the book already has, or an earlier
 * row of the file has, marked as problems in words.
 */
export function markDuplicates(rows: readonly ImportedRow[], book: readonly BookedCustomer[]): ImportedRow[] {
  const inBook = new Map(book.map((customer) => [matchKey(customer.name, customer.postcode), customer]));
  const inFile = new Map<string, number>();
  return rows.map((row) => {
    if (row.values === null) return row;
    const name = String(row.values.name ?? '');
    const postcode = String(row.values.postcode ?? '');
    const key = matchKey(name, postcode);
    const booked = inBook.get(key);
    if (booked)
      return withProblem(
        row,
        `“${booked.name}” ${booked.postcode.trim() === '' ? 'without a postcode' : `at ${booked.postcode}`} is already in the customer book.`,
      );
    const earlier = inFile.get(key);
    if (earlier !== undefined) return withProblem(row, `Row ${earlier} has the same name and postcode.`);
    inFile.set(key, row.row);
    return row;
  });
}
