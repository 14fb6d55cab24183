import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { shortDate } from '#domain/ledger/iso-dates';
import { readMapping } from '#domain/ledger/pool-statement';
import { SelectField } from '../../components/ui/fields';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { poolStatementsQuery } from '../../lib/ledger/statement-queries';
import { useCan } from '../../lib/use-role';
import { PoolComparisonTable } from './pool-comparison-table';
import { PoolImport } from './pool-import';

/**
 * /pool-statement (docs/decisions/040): check the trolley pool operator's balance statement
 * against our ledger before the deadline to contest it. Office staff and admins import (the same
 * roles that change the customer book, whose pool account numbers it matches); everyone reads.
 */
export default function PoolStatementPage() {
  useDocumentTitle('Pool statement');
  const canImport = useCan('customers');
  const list = useQuery(poolStatementsQuery());
  const [chosen, setChosen] = useState('');
  const statements = list.data ?? [];
  const shown = chosen || statements[0]?.id || '';
  // The newest import's mapping is the nursery's remembered one.
  const remembered =
    statements.length > 0 ? readMapping([...statements].sort((a, b) => (a.created < b.created ? 1 : -1))[0]?.mapping) : null;

  return (
    <div className="mx-auto max-w-5xl space-y-4 px-3 py-5 sm:px-4">
      <h1 className="text-2xl font-bold text-slate-900">Pool statement</h1>
      <p className="text-sm text-slate-600">
        The pool operator&apos;s balance statement counts as accepted unless a difference is contested within 10 working days of its date.
      </p>
      {canImport && <PoolImport remembered={remembered} onImported={(record) => setChosen(record.id)} />}
      {list.isPending && <LoadingScreen />}
      {list.isError && (
        <p role="alert" className="text-sm text-red-700">
          The statements could not be loaded. Check your connection and try again.
        </p>
      )}
      {list.isSuccess && statements.length === 0 && <p className="text-slate-600">No pool statement imported yet.</p>}
      {statements.length > 0 && (
        <>
          <SelectField
            label="Statement"
            name="pool-statement"
            value={shown}
            onChange={(e) => setChosen(e.target.value)}
            options={statements.map((statement) => ({
              value: statement.id,
              label: `${shortDate(statement.statementDate)}${statement.fileName ? ` - ${statement.fileName}` : ''}`,
            }))}
          />
          {shown && <PoolComparisonTable key={shown} id={shown} />}
        </>
      )}
    </div>
  );
}
