import { useEffect } from 'react';
import { COLLECTIONS } from '#domain/collections/names';
import { customerKeys } from '../../lib/customers/customer-queries';
import { balanceRepliesFeed } from '../../lib/ledger/balance-reply-queries';
import { ledgerKeys } from '../../lib/ledger/ledger-queries';
import { contactKeys, customerMailKeys } from '../../lib/query-keys';
import { queryClient } from '../../lib/query-client';
import { addLiveFeed, type LiveFeed } from '../../lib/realtime';

/** A feed that refetches every query under `key` on any event of `collection` (and on catching up). */
const refetching = (collection: string, key: readonly unknown[]): LiveFeed => {
  const refresh = () => void queryClient.invalidateQueries({ queryKey: key });
  return { collection, onEvent: refresh, catchUp: refresh };
};

/**
 * While the Customers screen is open it is live (issue 34), as the board and Disputes are: a
 * customer's confirmation or dispute through its balance link, a movement recorded elsewhere (a
 * driver's drop, a colleague, a transfer), a customer or contact changed, a mail sent by the server
 * show on the list and in the open ledger, contacts and mail without a reload. Realtime only says
 * what changed; the screen's queries read it again, with the rules the records API applies.
 */
export function useCustomersLive(): void {
  useEffect(() => {
    const stops = [
      refetching(COLLECTIONS.customers, customerKeys.all),
      refetching(COLLECTIONS.trolleyMovements, ledgerKeys.all),
      balanceRepliesFeed(),
      refetching(COLLECTIONS.customerContacts, contactKeys.all),
      refetching(COLLECTIONS.customerMail, customerMailKeys.all),
    ].map((feed) => addLiveFeed(feed));
    return () => stops.forEach((stop) => stop());
  }, []);
}
