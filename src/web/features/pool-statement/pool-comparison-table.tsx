import { useQuery } from '@tanstack/react-query';
import { contestOpen, contestWords } from '#domain/ledger/contest-deadline';
import { longDate } from '#domain/ledger/iso-dates';
import type { ComparisonLine } from '#domain/ledger/pool-comparison';
import { COUNTS, signed, type CountName, type Counts } from '#domain/ledger/statement';
import { describeError } from '../../lib/describe-error';
import { localIsoDate } from '../../lib/ledger/local-date';
import { comparisonQuery } from '../../lib/ledger/statement-queries';

const SHORT: Record<CountName, string> = { trolleys: 'T', shelves: 'S', extensions: 'E' };

function countsText(counts: Counts | null, compared: readonly CountName[]): string {
  if (!counts) return '-';
  return compared.map((count) => `${counts[count]} ${SHORT[count]}`).join(' · ');
}

const STATUS: Record<ComparisonLine['status'], { words: string; row: string }> = {
  same: { words: 'Agrees', row: '' },
  different: { words: 'Different', row: 'bg-red-50 text-red-900' },
  'only-theirs': { words: 'Not in our ledger', row: 'bg-amber-50 text-amber-900' },
  'only-ours': { words: 'Not on their statement', row: 'bg-amber-50 text-amber-900' },
};

/**
 * One pool statement's rows beside our ledger (docs/decisions/040): differences in red, accounts
 * on one side only in amber, and the date by which to contest until it passes.
 */
export function PoolComparisonTable({ id }: { id: string }) {
  const query = useQuery(comparisonQuery(id));
  if (query.isPending) return <p className="text-sm text-slate-600">Comparing with the ledger...</p>;
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        The comparison could not be loaded. {describeError(query.error)}
      </p>
    );
  const { statement, comparison } = query.data;
  const today = localIsoDate(new Date());
  const open = contestOpen(statement.statementDate, today);
  const compared = comparison.counts;
  const problems = comparison.different + comparison.onlyTheirs + comparison.onlyOurs;
  return (
    <section aria-label="Comparison" className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-slate-700">
          Statement of {longDate(statement.statementDate)}
          {statement.fileName && ` (${statement.fileName})`}
        </p>
        <p
          data-testid="contest-deadline"
          className={`rounded-full px-3 py-1 text-sm font-semibold ${open ? 'bg-red-100 text-red-900' : 'bg-slate-100 text-slate-700'}`}
        >
          {contestWords(statement.statementDate, today)}
        </p>
      </div>
      <p className="text-sm text-slate-700" role="status">
        {problems === 0
          ? 'Every account agrees with our ledger.'
          : `${comparison.different} different, ${comparison.onlyTheirs} not in our ledger, ${comparison.onlyOurs} not on their statement.`}
      </p>
      <div className="overflow-x-auto rounded-md border border-slate-200">
        <table aria-label="Their figures beside ours" className="w-full text-sm">
          <thead className="bg-slate-50 text-xs text-slate-600">
            <tr>
              <th className="px-2 py-1.5 text-left">Account</th>
              <th className="px-2 py-1.5 text-left">Customer</th>
              <th className="px-2 py-1.5 text-right">Theirs</th>
              <th className="px-2 py-1.5 text-right">Ours</th>
              <th className="px-2 py-1.5 text-right">Difference</th>
              <th className="px-2 py-1.5 text-left">Status</th>
            </tr>
          </thead>
          <tbody>
            {comparison.lines.map((line) => (
              <tr
                key={`${line.account}-${line.date}-${line.status}`}
                data-status={line.status}
                className={`border-t border-slate-100 ${STATUS[line.status].row}`}
              >
                <td className="px-2 py-1.5">
                  {line.account}
                  {line.date !== statement.statementDate && <span className="block text-xs">{longDate(line.date)}</span>}
                </td>
                <td className="px-2 py-1.5">{line.customers.map((customer) => customer.name).join(', ') || '-'}</td>
                <td className="px-2 py-1.5 text-right tabular-nums">{countsText(line.theirs, compared)}</td>
                <td className="px-2 py-1.5 text-right tabular-nums">{countsText(line.ours, compared)}</td>
                <td className="px-2 py-1.5 text-right font-semibold tabular-nums">
                  {line.difference
                    ? compared
                        .filter((count) => line.difference?.[count] !== 0)
                        .map((count) => `${signed(line.difference?.[count] ?? 0)} ${SHORT[count]}`)
                        .join(' · ') || '-'
                    : '-'}
                </td>
                <td className="px-2 py-1.5">{STATUS[line.status].words}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-slate-500">
        Theirs: the pool operator&apos;s figures; ours: what our ledger says each customer held on the same date. T trolleys, S shelves, E
        extensions{compared.length < COUNTS.length ? '; counts the statement has no column for are not compared' : ''}.
      </p>
    </section>
  );
}
