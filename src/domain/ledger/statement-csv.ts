// A customer's statement as CSV (docs/decisions/040): one line per movement with its change and
// the balance after it, framed by the opening and closing balances, for a spreadsheet or an e-mail.

import { toCsv } from '../csv/csv';
import { movementLabel, type Counts, type Statement } from './statement';

const counts = (value: Counts): number[] => [value.trolleys, value.shelves, value.extensions];

export function statementCsv(statement: Statement, customerName: string): string {
  const header = [
    'Customer',
    'Date',
    'Movement',
    'Note',
    'Trolleys',
    'Shelves',
    'Extensions',
    'Balance trolleys',
    'Balance shelves',
    'Balance extensions',
  ];
  const rows: Array<Array<string | number>> = [header];
  rows.push([customerName, statement.from, 'Opening balance', '', '', '', '', ...counts(statement.opening)]);
  for (const line of statement.lines)
    rows.push([
      customerName,
      line.movement.date,
      movementLabel(line.movement),
      line.movement.note,
      ...counts(line.change),
      ...counts(line.balance),
    ]);
  rows.push([customerName, statement.to, 'Closing balance', '', '', '', '', ...counts(statement.closing)]);
  return toCsv(rows);
}

/** `statement_{customer}_{from}_{to}.csv` / `.pdf`, with only letters, digits and dashes from the name. */
export function statementFileName(customerName: string, from: string, to: string, extension: 'csv' | 'pdf'): string {
  const name =
    customerName
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'customer';
  return `statement_${name}_${from}_${to}.${extension}`;
}
