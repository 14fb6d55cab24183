import { useState } from 'react';
import { customerWithPostcode } from '#domain/customers/close-match';
import type { CloseGroup, LinkPlan } from '#domain/customers/link-plan';
import { Button } from '../../components/ui/button';
import { notify } from '../../components/ui/toast';
import { describeError } from '../../lib/describe-error';
import { linkGroup } from '../../lib/customers/link-orders-queries';
import { LinkSection } from './link-section';
import { moreSentence, nameWithPostcode, ordersHave, ordersWord } from './link-words';

function CloseGroupItem({ group, isBusy, onLink }: { group: CloseGroup; isBusy: boolean; onLink: (customer: string) => void }) {
  return (
    <li className="space-y-2 px-3 py-3">
      <p className="text-sm">
        <span className="font-medium text-slate-900">{nameWithPostcode(group)}</span>
        <span className="text-slate-600"> · {ordersWord(group.orders)}</span>
      </p>
      <p className="text-sm text-slate-600">
        {group.reason === 'several' ? 'Several customers have this name and postcode. Which one is it?' : 'Did you mean:'}
      </p>
      <ul className="space-y-2">
        {group.suggestions.map((customer) => (
          <li key={customer.id} className="flex items-center justify-between gap-3 rounded-md bg-slate-50 px-3 py-1.5">
            <span className="min-w-0 text-sm font-medium break-words text-slate-900">{customerWithPostcode(customer)}</span>
            <Button
              size="sm"
              disabled={isBusy}
              aria-label={`Link ${ordersWord(group.orders)} of ${nameWithPostcode(group)} to ${customerWithPostcode(customer)}`}
              onClick={() => onLink(customer.id)}
            >
              Link
            </Button>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** Names a customer's name is close to (accents, case, punctuation, "Ltd" ignored), or that several customers share: one tap each. */
export function CloseMatchesSection({ close }: { close: LinkPlan['close'] }) {
  const [isBusy, setBusy] = useState(false);
  if (close.orders === 0) return null;

  const link = async (group: CloseGroup, customer: string) => {
    setBusy(true);
    try {
      const result = await linkGroup(group, customer);
      notify.success(`Linked ${ordersWord(result.linked)}.`);
    } catch (err) {
      notify.error(describeError(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <LinkSection
      id="link-close"
      title="Close matches"
      intro={`${ordersHave(close.orders)} a name close to a customer's: the same once accents, case, punctuation and “Ltd” are ignored. Link each to the customer it is, or leave it.`}
    >
      <ul aria-label="Close matches" className="divide-y divide-slate-100 rounded-md border border-slate-200">
        {close.groups.map((group) => (
          <CloseGroupItem
            key={`${group.title}|${group.postcode}`}
            group={group}
            isBusy={isBusy}
            onLink={(customer) => void link(group, customer)}
          />
        ))}
      </ul>
      {moreSentence(close.moreGroups) && <p className="text-sm text-slate-600">{moreSentence(close.moreGroups)}</p>}
    </LinkSection>
  );
}
