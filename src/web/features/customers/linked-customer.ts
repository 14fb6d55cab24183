// A customer another screen links to (Search: `paths.customerInBook`): the Customers screen opens
// searched for its name, and marks and scrolls to that customer once the list shows it.
import { useCallback } from 'react';
import { useSearchParams } from '../../lib/router/hooks';

export function useLinkedCustomer() {
  const [params] = useSearchParams();
  const id = params.get('customer') ?? '';
  /** A ref for a customer's item: the linked one is scrolled into view when it appears. */
  const scrollTo = useCallback((element: HTMLElement | null) => element?.scrollIntoView({ block: 'nearest' }), []);
  return { search: params.get('q') ?? '', id, scrollTo };
}
