// The linking assistant's server data (docs/decisions/066): its plan and the three writes a person
// presses. Each write refetches every order query (the board's notice among them) and the
// customer book. Only the lazily loaded assistant imports it.
import { queryOptions } from '@tanstack/react-query';
import { LINK_ORDERS_API } from '#domain/customers/link-orders-api';
import type { LinkedGroup, LinkPlan, MadeCustomers } from '#domain/customers/link-plan';
import { CUSTOMERS_API, type MatchResult } from '#domain/customers/matching';
import { pb } from '../pb';
import { queryClient } from '../query-client';
import { orderKeys } from '../query-keys';
import { customerKeys } from './customer-queries';

export function linkPlanQuery() {
  return queryOptions({
    queryKey: orderKeys.linkPlan(),
    queryFn: () => pb.send<LinkPlan>(LINK_ORDERS_API.plan, { method: 'GET' }),
  });
}

async function andRefetch<T>(request: Promise<T>): Promise<T> {
  const answer = await request;
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: orderKeys.all }),
    queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  ]);
  return answer;
}

/** Links every order to the one customer of the same name and postcode (the exact matches). */
export function linkExactMatches(): Promise<MatchResult> {
  return andRefetch(pb.send<MatchResult>(CUSTOMERS_API.matchOrders, { method: 'POST', body: {} }));
}

/** Links one group of orders (its name and postcode as the plan shows them) to the customer chosen. */
export function linkGroup(group: { title: string; postcode: string }, customer: string): Promise<LinkedGroup> {
  return andRefetch(pb.send<LinkedGroup>(LINK_ORDERS_API.linkGroup, { method: 'POST', body: { ...group, customer } }));
}

/** Makes a customer from each name and links its orders, in one transaction. */
export function makeCustomers(names: ReadonlyArray<{ title: string; postcode: string }>): Promise<MadeCustomers> {
  return andRefetch(pb.send<MadeCustomers>(LINK_ORDERS_API.makeCustomers, { method: 'POST', body: { names } }));
}
