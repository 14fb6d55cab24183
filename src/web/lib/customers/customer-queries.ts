// The customer book's server data (docs/decisions/037): the Customers screen's list, the order
// form's suggestions, and the writes both make. Only lazily loaded screens import it.
import { queryOptions } from '@tanstack/react-query';
import { customerSearch } from '#domain/customers/customer-search';
import { CUSTOMERS_API, type MatchResult } from '#domain/customers/matching';
import { COLLECTIONS, type CustomerRecord } from '#domain/records';
import { searchableText } from '#domain/search-text';
import { pb } from '../pb';
import { queryClient } from '../query-client';

const customers = () => pb.collection(COLLECTIONS.customers);

/** The editable fields of a customer (what the form fills in). */
export type CustomerFields = Omit<CustomerRecord, 'id' | 'collectionId' | 'collectionName' | 'created' | 'updated' | 'nursery'>;

export const customerKeys = {
  all: ['customers'] as const,
  /** The Customers screen's list for a search ('' for all). */
  list: (search: string) => [...customerKeys.all, 'list', search] as const,
  /** The order form's suggestions for what was typed. */
  suggestions: (typed: string) => [...customerKeys.all, 'suggestions', typed] as const,
  /** The Search screen's customers for the trimmed text. */
  search: (text: string) => [...customerKeys.all, 'search', text] as const,
  /** Every customer's name and postcode: what a new order's name is compared with ("Did you mean …?"). */
  names: () => [...customerKeys.all, 'names'] as const,
};

/** Letters typed before the order form suggests customers. */
export const SUGGEST_AFTER = 2;
/** Suggestions shown at most. */
export const SUGGESTIONS_SHOWN = 8;

/** The filter for a search by name or postcode, bound by the SDK (never pasted). */
const searchFilter = (text: string) => pb.filter('name ~ {:text} || postcode ~ {:text}', { text });

/** The customer book, by name; narrowed to a search by name or postcode. */
export function customerListQuery(search: string) {
  // A search no longer than the server takes (docs/decisions/058).
  const text = searchableText(search.trim());
  return queryOptions({
    queryKey: customerKeys.list(text),
    queryFn: () => customers().getFullList<CustomerRecord>({ sort: 'name', ...(text ? { filter: searchFilter(text) } : {}) }),
  });
}

/**
 * Active customers whose name or postcode holds what was typed: the order form's suggestions. A
 * name longer than a search may be (a customer's name may have 200 characters) is looked for by
 * its beginning, and the answer narrowed here to the whole name: the server would refuse it whole
 * (docs/decisions/058).
 */
export function customerSuggestionsQuery(typed: string) {
  const text = typed.trim();
  const sent = searchableText(text);
  const holdsWhole = (customer: CustomerRecord) =>
    sent === text || [customer.name, customer.postcode].some((field) => field.toLowerCase().includes(text.toLowerCase()));
  return queryOptions({
    queryKey: customerKeys.suggestions(text),
    queryFn: async () =>
      (
        await customers().getList<CustomerRecord>(1, SUGGESTIONS_SHOWN, {
          filter: pb.filter('active = true && (name ~ {:text} || postcode ~ {:text})', { text: sent }),
          sort: 'name',
          skipTotal: true,
        })
      ).items.filter(holdsWhole),
    enabled: text.length >= SUGGEST_AFTER,
    staleTime: 30_000,
  });
}

/** A customer as close matches compare and offer it. */
export type CustomerName = Pick<CustomerRecord, 'id' | 'name' | 'postcode' | 'customerType'>;

/**
 * Every customer of the nursery, by name and postcode only: Save on the order form compares the
 * name typed with them (closeMatches, docs/decisions/062). Accents and "Ltd" are ignored there,
 * which a server filter cannot do, so the whole book is read: a few words per customer.
 */
export function customerNamesQuery() {
  return queryOptions({
    queryKey: customerKeys.names(),
    queryFn: () => customers().getFullList<CustomerName>({ sort: 'name', fields: 'id,name,postcode,customerType' }),
    staleTime: 30_000,
  });
}

/** The Search screen's customers: name, postcode or pool account number contain the text, by name. */
export function customerSearchQuery(typed: string) {
  const text = typed.trim();
  const search = customerSearch(text);
  return queryOptions({
    queryKey: customerKeys.search(text),
    queryFn: async () =>
      (
        await customers().getList<CustomerRecord>(1, search.limit, {
          filter: pb.filter(search.filter.expression, search.filter.params),
          sort: search.sort,
          skipTotal: true,
        })
      ).items,
    enabled: text !== '',
  });
}

async function andRefetch<T>(request: Promise<T>): Promise<T> {
  const answer = await request;
  await queryClient.invalidateQueries({ queryKey: customerKeys.all });
  return answer;
}

export function createCustomer(fields: Partial<CustomerFields> & { name: string }): Promise<CustomerRecord> {
  return andRefetch(customers().create<CustomerRecord>(fields));
}

export function updateCustomer(id: string, fields: Partial<CustomerFields>): Promise<CustomerRecord> {
  return andRefetch(customers().update<CustomerRecord>(id, fields));
}

/** What a merge answers (docs/decisions/037): the customer kept and how much moved to it. */
export interface MergeAnswer {
  record: CustomerRecord;
  movedOrders: number;
  movedMovements: number;
  movedStandingOrders: number;
}

/** Moves `merge`'s orders, movements and standing orders to `keep` and removes `merge`, in one transaction. */
export function mergeCustomers(keep: string, merge: string): Promise<MergeAnswer> {
  return andRefetch(pb.send(CUSTOMERS_API.merge, { method: 'POST', body: { keep, merge } }));
}

/** Links orders without a customer to the one customer of the same name and postcode; lists the rest. */
export function matchOrders(): Promise<MatchResult> {
  return andRefetch(pb.send<MatchResult>(CUSTOMERS_API.matchOrders, { method: 'POST', body: {} }));
}
