// The office's side of the customers' balance links (docs/decisions/078): open disputes, a
// customer's replies and links, resolving a dispute. Only lazily loaded screens import it.
import { queryOptions } from '@tanstack/react-query';
import { useEffect } from 'react';
import { COLLECTIONS } from '#domain/collections/names';
import {
  BALANCE_API,
  BALANCE_LINK_DAYS,
  type BalanceLinkView,
  type BalanceReplyView,
  type OpenDisputesAnswer,
} from '#domain/customers/balance-link';
import { pb } from '../pb';
import { queryClient } from '../query-client';
import { balanceReplyKeys } from '../query-keys';
import { addLiveFeed, type LiveFeed } from '../realtime';

export const openDisputesQuery = () =>
  queryOptions({
    queryKey: balanceReplyKeys.open(),
    queryFn: () => pb.send<OpenDisputesAnswer>(BALANCE_API.openDisputes, {}),
  });

/** A reply as the records API sends it (collection `balance_replies`). */
export interface BalanceReplyRecord {
  id: string;
  customer: string;
  kind: 'confirm' | 'dispute';
  asOf: string;
  trolleys: number;
  shelves: number;
  extensions: number;
  ledgerTrolleys: number;
  ledgerShelves: number;
  ledgerExtensions: number;
  note: string;
  outcome: '' | 'adjusted' | 'replied';
  reply: string;
  created: string;
}

export const customerRepliesQuery = (customerId: string) =>
  queryOptions({
    queryKey: balanceReplyKeys.customer(customerId),
    queryFn: () =>
      pb.collection(COLLECTIONS.balanceReplies).getList<BalanceReplyRecord>(1, 20, {
        filter: pb.filter('customer = {:customer}', { customer: customerId }),
        sort: '-created',
      }),
  });

/** The newest answer of each customer who answered while a link could still be open (a link's days, docs/decisions/078), by customer id. */
export const latestRepliesQuery = () =>
  queryOptions({
    queryKey: balanceReplyKeys.recent(),
    queryFn: async () => {
      const since = new Date(Date.now() - BALANCE_LINK_DAYS * 86_400_000).toISOString().replace('T', ' ');
      const replies = await pb.collection(COLLECTIONS.balanceReplies).getFullList<BalanceReplyRecord>({
        filter: pb.filter('created >= {:since}', { since }),
        sort: '-created',
      });
      const latest = new Map<string, BalanceReplyRecord>();
      for (const reply of replies) if (!latest.has(reply.customer)) latest.set(reply.customer, reply);
      return latest;
    },
  });

export const customerLinksQuery = (customerId: string) =>
  queryOptions({
    queryKey: balanceReplyKeys.links(customerId),
    queryFn: async () => (await pb.send<{ items: BalanceLinkView[] }>(BALANCE_API.customerLinks(customerId), {})).items,
  });

export async function makeBalanceLink(customerId: string): Promise<BalanceLinkView> {
  const link = await pb.send<BalanceLinkView>(BALANCE_API.customerLinks(customerId), { method: 'POST' });
  await queryClient.invalidateQueries({ queryKey: balanceReplyKeys.links(customerId) });
  return link;
}

export async function revokeBalanceLink(link: BalanceLinkView): Promise<void> {
  await pb.send<BalanceLinkView>(BALANCE_API.revoke(link.id), { method: 'POST' });
  await queryClient.invalidateQueries({ queryKey: balanceReplyKeys.links(link.customer) });
}

export type Resolution =
  { reply: string } | { adjustment: { trolleys: number; shelves: number; extensions: number; reason: string; note: string } };

export async function resolveDispute(id: string, resolution: Resolution): Promise<BalanceReplyView> {
  const answer = await pb.send<BalanceReplyView>(BALANCE_API.resolve(id), { method: 'POST', body: resolution });
  await queryClient.invalidateQueries({ queryKey: balanceReplyKeys.all });
  return answer;
}

/** The live feed of the replies: a customer's answer shows at once on a screen that keeps it. */
export const balanceRepliesFeed = (): LiveFeed => {
  const refresh = () => void queryClient.invalidateQueries({ queryKey: balanceReplyKeys.all });
  return { collection: COLLECTIONS.balanceReplies, onEvent: refresh, catchUp: refresh };
};

/** Keeps the replies live while a screen shows them (Disputes). */
export function useBalanceRepliesLive(): void {
  useEffect(() => addLiveFeed(balanceRepliesFeed()), []);
}
