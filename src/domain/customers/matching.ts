// Matching existing orders to customers (docs/decisions/037): an order is linked to a customer only
// when exactly one customer of its nursery has the same name and postcode, ignoring case and
// spaces. Anything else is listed for a person to decide; nothing is guessed.

/** The name and postcode as compared: lower case, without spaces of any kind. */
export function matchKey(name: string, postcode: string): string {
  const squash = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/gu, '');
  return `${squash(name)}\u0000${squash(postcode)}`;
}

export interface MatchOrder {
  id: string;
  title: string;
  postcode: string;
}

export interface MatchCustomer {
  id: string;
  name: string;
  postcode: string;
}

/** Orders of one name and postcode that could not be linked, and why. */
export interface UnmatchedGroup {
  title: string;
  postcode: string;
  orders: number;
  /** `none`: no customer has this name and postcode; `several`: more than one has. */
  reason: 'none' | 'several';
}

export interface MatchPlan {
  /** Order id → customer id, for the orders exactly one customer matches. */
  links: ReadonlyMap<string, string>;
  /** The rest, grouped by name and postcode as compared, most orders first. */
  unmatched: UnmatchedGroup[];
}

/** Which of `orders` (not linked yet) go to which of `customers`, and which cannot be decided. */
export function planMatches(orders: readonly MatchOrder[], customers: readonly MatchCustomer[]): MatchPlan {
  const byKey = new Map<string, string[]>();
  for (const customer of customers) {
    const key = matchKey(customer.name, customer.postcode);
    byKey.set(key, [...(byKey.get(key) ?? []), customer.id]);
  }
  const links = new Map<string, string>();
  const unmatched = new Map<string, UnmatchedGroup>();
  for (const order of orders) {
    const key = matchKey(order.title, order.postcode);
    const candidates = byKey.get(key) ?? [];
    const only = candidates.length === 1 ? candidates[0] : undefined;
    if (only !== undefined) {
      links.set(order.id, only);
      continue;
    }
    const group = unmatched.get(key);
    if (group) group.orders += 1;
    else
      unmatched.set(key, {
        title: order.title.trim(),
        postcode: order.postcode.trim(),
        orders: 1,
        reason: candidates.length === 0 ? 'none' : 'several',
      });
  }
  const list = [...unmatched.values()].sort((a, b) => b.orders - a.orders || a.title.localeCompare(b.title));
  return { links, unmatched: list };
}

/** The answer of a matching run: how many orders it linked and what it left for a person. */
export interface MatchResult {
  linked: number;
  /** The groups with the most orders, at most UNMATCHED_SHOWN of them. */
  unmatched: UnmatchedGroup[];
  /** Groups not listed, beyond those. */
  moreUnmatched: number;
}

/** A nursery moving from years of free-text orders may have thousands of names: the largest first. */
export const UNMATCHED_SHOWN = 200;

/** The customers' own routes (docs/decisions/037). */
export const CUSTOMERS_API = {
  merge: '/api/trolleyboard/customers/merge',
  matchOrders: '/api/trolleyboard/customers/match-orders',
} as const;
