// The linking assistant's plan (docs/decisions/066): what to do with a nursery's orders that have
// no customer. Orders of one name and postcode (as matching.ts compares them) form a group; a group
// goes to exactly one customer of the same name and postcode (linked all together in one go), to
// a person's choice among close matches (close-match.ts: one tap each), or, when nothing is close,
// into the list a person may make new customers from. Nothing here links or makes anything: the
// person presses each step.
import type { CustomerType } from '../vocabulary/customer-type';
import { closeMatches, closeNameKey, type NamedCustomer } from './close-match';
import { matchKey } from './matching';

/** Orders without a customer that share a title, postcode and customer type exactly (one SQL group). */
export interface UnlinkedOrders {
  title: string;
  postcode: string;
  customerType: CustomerType;
  orders: number;
}

/** A customer offered to a group of orders. */
export interface LinkSuggestion {
  id: string;
  name: string;
  postcode: string;
}

/** The orders of one name and postcode (case and spaces ignored): what a person sees and links. */
export interface OrderGroup {
  /** The name and postcode as most of its orders spell them; the server finds the group again from these. */
  title: string;
  postcode: string;
  /** The type most of its orders have: a customer made from the group gets it. */
  customerType: CustomerType;
  orders: number;
}

/** A group exactly one customer has the same name and postcode as. */
export interface ExactGroup extends OrderGroup {
  customer: LinkSuggestion;
}

/** A group a person links with one tap: to a close match, or to one of several customers of the same name and postcode. */
export interface CloseGroup extends OrderGroup {
  /** `close`: names the same once accents, case, punctuation and "Ltd" are ignored; `several`: more than one customer has exactly this name and postcode. */
  reason: 'close' | 'several';
  suggestions: LinkSuggestion[];
}

export interface LinkPlan {
  /** Every order of the nursery without a customer. */
  withoutCustomer: number;
  exact: { orders: number; groups: ExactGroup[]; moreGroups: number };
  close: { orders: number; groups: CloseGroup[]; moreGroups: number };
  /** Groups nothing matches: a person may make customers from them. */
  rest: { orders: number; groups: OrderGroup[]; moreGroups: number };
}

/** Groups listed per part of the plan, the most orders first; the rest come once those are done. */
export const LINK_PLAN_SHOWN = 100;

/** Names one "make customers" request takes: the most a plan lists. */
export const MAKE_CUSTOMERS_MAX = LINK_PLAN_SHOWN;

/** Merges exact SQL groups into groups of one name and postcode as compared (case and spaces ignored), most orders first. */
export function groupOrders(rows: readonly UnlinkedOrders[]): OrderGroup[] {
  const byKey = new Map<string, { spellings: Map<string, number>; types: Map<CustomerType, number>; orders: number }>();
  for (const row of rows) {
    const key = matchKey(row.title, row.postcode);
    const group = byKey.get(key) ?? { spellings: new Map<string, number>(), types: new Map<CustomerType, number>(), orders: 0 };
    const spelling = JSON.stringify([row.title.trim(), row.postcode.trim()]);
    group.spellings.set(spelling, (group.spellings.get(spelling) ?? 0) + row.orders);
    group.types.set(row.customerType, (group.types.get(row.customerType) ?? 0) + row.orders);
    group.orders += row.orders;
    byKey.set(key, group);
  }
  const groups = [...byKey.values()].map((group) => {
    const [title, postcode] = JSON.parse(mostCommon(group.spellings)) as [string, string];
    return { title, postcode, customerType: mostCommon(group.types), orders: group.orders };
  });
  return groups.sort((a, b) => b.orders - a.orders || a.title.localeCompare(b.title) || a.postcode.localeCompare(b.postcode));
}

/** The value counted most often; a tie goes to the first in code-point order, whatever order the database answered in. */
function mostCommon<T extends string>(counts: ReadonlyMap<T, number>): T {
  let best: { value: T; count: number } | null = null;
  for (const [value, count] of counts)
    if (best === null || count > best.count || (count === best.count && value < best.value)) best = { value, count };
  if (best === null) throw new Error('mostCommon: a group always has at least one row');
  return best.value;
}

/** Whether an exact SQL group belongs to `group` (the same name and postcode as compared). */
export function isInGroup(row: Pick<UnlinkedOrders, 'title' | 'postcode'>, group: Pick<OrderGroup, 'title' | 'postcode'>): boolean {
  return matchKey(row.title, row.postcode) === matchKey(group.title, group.postcode);
}

const suggestion = ({ id, name, postcode }: NamedCustomer): LinkSuggestion => ({ id, name, postcode });

/** The plan for the nursery's orders without a customer (`rows`, grouped as SQL reads them) and its customers. */
export function planLinks(rows: readonly UnlinkedOrders[], customers: readonly NamedCustomer[]): LinkPlan {
  const byKey = new Map<string, NamedCustomer[]>();
  // Close matches share a close name key: each group compares with those customers only, not the whole book.
  const byCloseName = new Map<string, NamedCustomer[]>();
  for (const customer of customers) {
    const key = matchKey(customer.name, customer.postcode);
    byKey.set(key, [...(byKey.get(key) ?? []), customer]);
    const closeKey = closeNameKey(customer.name);
    byCloseName.set(closeKey, [...(byCloseName.get(closeKey) ?? []), customer]);
  }
  const exact: ExactGroup[] = [];
  const close: CloseGroup[] = [];
  const rest: OrderGroup[] = [];
  for (const group of groupOrders(rows)) {
    const same = byKey.get(matchKey(group.title, group.postcode)) ?? [];
    const [only] = same;
    if (same.length === 1 && only) exact.push({ ...group, customer: suggestion(only) });
    else if (same.length > 1) close.push({ ...group, reason: 'several', suggestions: same.map(suggestion) });
    else {
      const matches = closeMatches(group.title, group.postcode, byCloseName.get(closeNameKey(group.title)) ?? []);
      if (matches.length > 0) close.push({ ...group, reason: 'close', suggestions: matches.map(suggestion) });
      else rest.push(group);
    }
  }
  return {
    withoutCustomer: rows.reduce((sum, row) => sum + row.orders, 0),
    exact: part(exact),
    close: part(close),
    rest: part(rest),
  };
}

function part<G extends OrderGroup>(groups: readonly G[]): { orders: number; groups: G[]; moreGroups: number } {
  return {
    orders: groups.reduce((sum, group) => sum + group.orders, 0),
    groups: groups.slice(0, LINK_PLAN_SHOWN),
    moreGroups: Math.max(0, groups.length - LINK_PLAN_SHOWN),
  };
}

/** What "make customers" answers: customers made, orders linked, and names left for another look. */
export interface MadeCustomers {
  created: number;
  linked: number;
  /** Names sent that now have a customer of their own name or no orders left: nothing was made for them. */
  skipped: Array<{ title: string; postcode: string }>;
}

/** What linking one group answers. */
export interface LinkedGroup {
  linked: number;
}
