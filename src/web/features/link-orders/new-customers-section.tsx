import { useState } from 'react';
import type { LinkPlan, OrderGroup } from '#domain/customers/link-plan';
import { customerTypeLabel } from '#domain/orders/format';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/fields';
import { notify } from '../../components/ui/toast';
import { describeError } from '../../lib/describe-error';
import { makeCustomers } from '../../lib/customers/link-orders-queries';
import { LinkSection } from './link-section';
import { customersWord, moreSentence, namesWord, ordersWord } from './link-words';

const keyOf = (group: OrderGroup) => `${group.title}\u0000${group.postcode}`;

/** What a "make customers" answer says. */
function madeSentence(created: number, linked: number, skipped: number): string {
  const made = `Made ${customersWord(created)} and linked ${ordersWord(linked)}.`;
  if (skipped === 0) return made;
  const left = skipped === 1 ? '1 name now has a customer of its own' : `${skipped} names now have a customer of their own`;
  return `${made} ${left} or a close one: see above.`;
}

/** Names no customer matches: a preview a person unticks from, then one request makes the customers and links their orders. */
export function NewCustomersSection({ rest }: { rest: LinkPlan['rest'] }) {
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());
  const [isBusy, setBusy] = useState(false);
  if (rest.orders === 0) return null;

  const ticked = rest.groups.filter((group) => !unticked.has(keyOf(group)));
  const tick = (group: OrderGroup, isTicked: boolean) =>
    setUnticked((before) => {
      const next = new Set(before);
      if (isTicked) next.delete(keyOf(group));
      else next.add(keyOf(group));
      return next;
    });

  const make = async () => {
    setBusy(true);
    try {
      const result = await makeCustomers(ticked.map(({ title, postcode }) => ({ title, postcode })));
      notify.success(madeSentence(result.created, result.linked, result.skipped.length));
      setUnticked(new Set());
    } catch (err) {
      notify.error(describeError(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <LinkSection
      id="link-new"
      title={`Make customers from these ${namesWord(rest.groups.length)}`}
      intro={`No customer has these names yet (${ordersWord(rest.orders)}). Untick any that should not become a customer; each ticked one is made with its name, postcode and type, and its orders are linked to it.`}
    >
      <div className="max-h-[50vh] overflow-auto rounded-md border border-slate-200">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">Customers to make</caption>
          <thead className="sticky top-0 bg-slate-100 text-slate-700">
            <tr>
              <th scope="col" className="px-2 py-1.5">
                Name
              </th>
              <th scope="col" className="px-2 py-1.5 max-sm:hidden">
                Postcode
              </th>
              <th scope="col" className="px-2 py-1.5 max-sm:hidden">
                Type
              </th>
              <th scope="col" className="px-2 py-1.5 text-right">
                Orders
              </th>
            </tr>
          </thead>
          <tbody>
            {rest.groups.map((group) => {
              return (
                <tr key={keyOf(group)} className="border-t border-slate-100">
                  <td className="px-2 py-0.5">
                    <Checkbox
                      className="md:min-h-8"
                      checked={!unticked.has(keyOf(group))}
                      disabled={isBusy}
                      onChange={(isTicked) => tick(group, isTicked)}
                      label={
                        <span className="break-words">
                          <span className="font-medium text-slate-900">{group.title}</span>
                          <span className="block text-xs text-slate-600 sm:hidden">
                            {[group.postcode, customerTypeLabel(group.customerType)].filter(Boolean).join(' · ')}
                          </span>
                        </span>
                      }
                    />
                  </td>
                  <td className="px-2 py-1 text-slate-700 max-sm:hidden">{group.postcode || '—'}</td>
                  <td className="px-2 py-1 text-slate-700 max-sm:hidden">{customerTypeLabel(group.customerType)}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{group.orders}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {moreSentence(rest.moreGroups) && <p className="text-sm text-slate-600">{moreSentence(rest.moreGroups)}</p>}
      <Button variant="primary" fullWidth className="sm:w-auto" disabled={isBusy || ticked.length === 0} onClick={() => void make()}>
        {isBusy ? 'Making customers...' : `Make ${customersWord(ticked.length)} and link their orders`}
      </Button>
    </LinkSection>
  );
}
