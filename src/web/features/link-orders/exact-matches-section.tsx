import { useState } from 'react';
import type { LinkPlan } from '#domain/customers/link-plan';
import { Button } from '../../components/ui/button';
import { notify } from '../../components/ui/toast';
import { describeError } from '../../lib/describe-error';
import { linkExactMatches } from '../../lib/customers/link-orders-queries';
import { LinkSection } from './link-section';
import { moreSentence, nameWithPostcode, ordersHave, ordersWord } from './link-words';

/** Orders whose name and postcode one customer has exactly (case and spaces ignored): linked all together. */
export function ExactMatchesSection({ exact }: { exact: LinkPlan['exact'] }) {
  const [isBusy, setBusy] = useState(false);
  if (exact.orders === 0) return null;

  const link = async () => {
    setBusy(true);
    try {
      const result = await linkExactMatches();
      notify.success(`Linked ${ordersWord(result.linked)} to their customers.`);
    } catch (err) {
      notify.error(describeError(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <LinkSection
      id="link-exact"
      title="Same name and postcode as a customer"
      intro={`${ordersHave(exact.orders)} exactly one customer with the same name and postcode (case and spaces ignored).`}
    >
      <ul
        aria-label="Orders matching a customer"
        className="max-h-64 divide-y divide-slate-100 overflow-auto rounded-md border border-slate-200"
      >
        {exact.groups.map((group) => (
          <li key={`${group.title}|${group.postcode}`} className="flex flex-wrap justify-between gap-x-3 px-3 py-2 text-sm">
            <span className="font-medium text-slate-900">{nameWithPostcode(group)}</span>
            <span className="text-slate-600">{ordersWord(group.orders)}</span>
          </li>
        ))}
      </ul>
      {moreSentence(exact.moreGroups) && <p className="text-sm text-slate-600">{moreSentence(exact.moreGroups)}</p>}
      <Button variant="primary" fullWidth className="sm:w-auto" disabled={isBusy} onClick={() => void link()}>
        {isBusy ? 'Linking...' : `Link ${ordersWord(exact.orders)} to their customers`}
      </Button>
    </LinkSection>
  );
}
