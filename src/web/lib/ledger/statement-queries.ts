// A customer's statement and the pool check's server data (docs/decisions/040). Only lazily loaded
// screens import it.
import { queryOptions } from '@tanstack/react-query';
import { STATEMENT_MAIL_API, type StatementMailAnswer } from '#domain/customers/customer-mail';
import type { PoolComparison } from '#domain/ledger/pool-comparison';
import { POOL_API, type ColumnMapping } from '#domain/ledger/pool-statement';
import type { StatementMovement } from '#domain/ledger/statement';
import { pb } from '../pb';

export const statementKeys = {
  movements: (customer: string, to: string) => ['statement', customer, to] as const,
  poolStatements: ['pool-statements'] as const,
  comparison: (id: string) => ['pool-statements', id, 'comparison'] as const,
};

/**
 * Every movement of a customer up to `to` (the opening balance needs all before the period), by
 * date; the filter is bound by the SDK, never pasted.
 */
export function customerMovementsQuery(customer: string, to: string) {
  return queryOptions({
    queryKey: statementKeys.movements(customer, to),
    queryFn: () =>
      pb.collection('trolley_movements').getFullList<StatementMovement>({
        filter: pb.filter('customer = {:customer} && date <= {:to}', { customer, to }),
        sort: 'date,created',
        fields: 'id,kind,reason,date,trolleys,shelves,extensions,note,created',
        batch: 500,
      }),
  });
}

/** An imported pool statement as the list shows it. */
export interface PoolStatementRecord {
  id: string;
  statementDate: string;
  periodFrom: string;
  periodTo: string;
  fileName: string;
  mapping: ColumnMapping;
  created: string;
}

/** The nursery's pool statements, newest first (the first one's mapping is the remembered one). */
export function poolStatementsQuery() {
  return queryOptions({
    queryKey: statementKeys.poolStatements,
    queryFn: () =>
      pb.collection('pool_statements').getFullList<PoolStatementRecord>({
        sort: '-statementDate,-created',
        fields: 'id,statementDate,periodFrom,periodTo,fileName,mapping,created',
      }),
  });
}

export function comparisonQuery(id: string) {
  return queryOptions({
    queryKey: statementKeys.comparison(id),
    queryFn: () => pb.send<PoolComparison>(POOL_API.comparison(id), {}),
  });
}

export interface PoolImport {
  csv: string;
  fileName: string;
  mapping: ColumnMapping;
  statementDate: string;
  periodFrom: string;
  periodTo: string;
}

export const importPoolStatement = (body: PoolImport) => pb.send<PoolStatementRecord>(POOL_API.import, { method: 'POST', body });

/** The office mails a customer's statement for a period to its statement contacts (docs/decisions/080). */
export const mailStatement = (customer: string, from: string, to: string) =>
  pb.send<StatementMailAnswer>(STATEMENT_MAIL_API.path(customer), { method: 'POST', body: { from, to } });
