import { useState } from 'react';
import type { MatchResult } from '#domain/customers/matching';
import { Button } from '../../components/ui/button';
import { notify } from '../../components/ui/toast';
import { describeError } from '../../lib/describe-error';
import { matchOrders } from '../../lib/customers/customer-queries';

const ordersWord = (n: number) => (n === 1 ? '1 order' : `${n} orders`);

/**
 * Links orders that have no customer yet to the one customer of the same name and postcode
 * (ignoring case and spaces), and lists what it could not decide (docs/decisions/037). Safe to
 * run again: it only looks at orders still without a customer.
 */
export function MatchOrdersPanel() {
  const [result, setResult] = useState<MatchResult | null>(null);
  const [isBusy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      setResult(await matchOrders());
    } catch (err) {
      notify.error(describeError(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="match-title" className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="match-title" className="font-semibold text-slate-900">
            Link orders to customers
          </h2>
          <p className="text-sm text-slate-600">
            Orders without a customer are linked when exactly one customer has the same name and postcode.
          </p>
        </div>
        <Button onClick={() => void run()} disabled={isBusy}>
          {isBusy ? 'Linking...' : 'Link orders'}
        </Button>
      </div>
      {result && (
        <div role="status" className="space-y-2 text-sm text-slate-800">
          <p>
            Linked {ordersWord(result.linked)}.
            {result.unmatched.length === 0 ? ' Every order has a customer.' : ' These need a person to decide:'}
          </p>
          {result.unmatched.length > 0 && (
            <ul aria-label="Orders not linked" className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
              {result.unmatched.map((group) => (
                <li key={`${group.title}|${group.postcode}`} className="px-3 py-2">
                  <span className="font-medium">{group.title || '(no name)'}</span>
                  {group.postcode && <span className="text-slate-600"> · {group.postcode}</span>}
                  <span className="text-slate-600"> · {ordersWord(group.orders)}</span>
                  <span className="block text-slate-600">
                    {group.reason === 'none'
                      ? 'No customer has this name and postcode: add one, or merge it into the right customer later.'
                      : 'Several customers have this name and postcode: merge the duplicates first.'}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {result.moreUnmatched > 0 && (
            <p className="text-slate-600">
              And {result.moreUnmatched} more names, each with fewer orders: link the ones above and run it again.
            </p>
          )}
        </div>
      )}
    </section>
  );
}
