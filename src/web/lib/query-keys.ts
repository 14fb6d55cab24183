// Every TanStack Query key of the app, from one factory per collection (docs/decisions/011), so a
// change can invalidate exactly the lists it touches: `orderKeys.all` is the prefix of every
// order query, `orderKeys.lists()` of every order list.

export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  /** The weekly board: board types none and collect of one ISO week. */
  week: (year: number, week: number) => [...orderKeys.lists(), 'week', year, week] as const,
  /** The collect board: board type collect of one ISO week. */
  collect: (year: number, week: number) => [...orderKeys.lists(), 'collect', year, week] as const,
  /** The holding list: board type holding, any week. */
  holding: () => [...orderKeys.lists(), 'holding'] as const,
  /** Search results for the trimmed query text, and the ids of the customers it found (their orders too). */
  search: (query: string, customers: readonly string[] = []) => [...orderKeys.lists(), 'search', query, customers] as const,
  details: () => [...orderKeys.all, 'detail'] as const,
  /** How many of the nursery's orders have no customer (the board's notice, docs/decisions/066); no list, so changes refetch it. */
  withoutCustomer: () => [...orderKeys.all, 'without-customer'] as const,
  /** The linking assistant's plan for those orders. */
  linkPlan: () => [...orderKeys.all, 'link-plan'] as const,
  detail: (id: string) => [...orderKeys.details(), id] as const,
};

/** What an order-list key describes, for deciding whether a record belongs in that list. */
export type OrderListScope =
  | { kind: 'week'; year: number; week: number }
  | { kind: 'collect'; year: number; week: number }
  | { kind: 'holding' }
  | { kind: 'search'; query: string; customers: readonly string[] };

/** Reads an order-list key back (null for keys that are not order lists). */
export function orderListScope(key: readonly unknown[]): OrderListScope | null {
  if (key[0] !== 'orders' || key[1] !== 'list') return null;
  const [, , kind, a, b] = key;
  if ((kind === 'week' || kind === 'collect') && typeof a === 'number' && typeof b === 'number') return { kind, year: a, week: b };
  if (kind === 'holding') return { kind };
  if (kind === 'search' && typeof a === 'string') {
    const customers = Array.isArray(b) ? b.filter((id): id is string => typeof id === 'string') : [];
    return { kind, query: a, customers };
  }
  return null;
}

export const settingsKeys = {
  all: ['user_settings'] as const,
  /** The signed-in user's one settings record. */
  forUser: (userId: string) => [...settingsKeys.all, userId] as const,
};

export const runKeys = {
  all: ['trolley_exports'] as const,
  /** The saved runs, newest first, names only (the Runs page). */
  list: () => [...runKeys.all, 'list'] as const,
  /** One saved run with its stops and vehicle (the mapper). */
  detail: (id: string) => [...runKeys.all, 'detail', id] as const,
};

/** History and Deleted (docs/decisions/034). */
export const trailKeys = {
  all: ['trail'] as const,
  /** One record's history at one version (`updated`): a new version asks again. */
  history: (collection: string, id: string, updated: string) => [...trailKeys.all, 'history', collection, id, updated] as const,
  /** Who added and who last changed one record, at one version. */
  people: (collection: string, id: string, updated: string) => [...trailKeys.all, 'people', collection, id, updated] as const,
  /** Everything in Deleted the user may see. */
  deleted: () => [...trailKeys.all, 'deleted'] as const,
};

export const appConfigKeys = {
  all: ['app-config'] as const,
};

export const teamKeys = {
  all: ['team'] as const,
  /** Everyone in the signed-in person's nursery (the Team page). */
  members: () => [...teamKeys.all, 'members'] as const,
  /** The nursery's invitations not used yet (the Team page). */
  invitations: () => [...teamKeys.all, 'invitations'] as const,
};

export const nurseryKeys = {
  all: ['nurseries'] as const,
  /** The signed-in person's nursery: its name, route headings and deletion password state. */
  detail: (id: string) => [...nurseryKeys.all, id] as const,
};

/** The nursery's fleet (docs/decisions/076-plan-the-day.md). */
export const vehicleKeys = {
  all: ['vehicles'] as const,
  /** Every vehicle of the nursery, active or not (the week's capacity counts the active ones). */
  list: () => [...vehicleKeys.all, 'list'] as const,
};

/** The nursery's delivery rounds (docs/decisions/076-plan-the-day.md). */
export const roundKeys = {
  all: ['rounds'] as const,
  /** Every round of the nursery, by name. */
  list: () => [...roundKeys.all, 'list'] as const,
  /** One round's customers in the learned order: its pins and its customers' runs change it. */
  order: (roundId: string) => [...roundKeys.all, 'order', roundId] as const,
  /** The round a customer's runs suggest. */
  suggestion: (customerId: string) => [...roundKeys.all, 'suggestion', customerId] as const,
};

/** Plan deliveries: one day's proposal, asked afresh each time the planner opens. */
export const planKeys = {
  all: ['plan'] as const,
  day: (year: number, week: number, day: string) => [...planKeys.all, 'day', year, week, day] as const,
};

/** A customer's contacts (docs/decisions/077). */
export const contactKeys = {
  all: ['customer_contacts'] as const,
  ofCustomer: (customer: string) => [...contactKeys.all, 'customer', customer] as const,
};

/** A customer's mail log (docs/decisions/077): what was sent, not sent, stopped. */
export const customerMailKeys = {
  all: ['customer_mail'] as const,
  ofCustomer: (customer: string) => [...customerMailKeys.all, 'customer', customer] as const,
};

/** A customer's balance link and its confirmations and disputes (docs/decisions/078-the-customers-balance-link.md). */
export const balanceReplyKeys = {
  all: ['balance-replies'] as const,
  /** The nursery's open disputes with the pool statement's days left to contest (OpenDisputesAnswer). */
  open: () => [...balanceReplyKeys.all, 'open'] as const,
  /** The nursery's replies of the last days, newest first: each customer's latest on the Customers screen. */
  recent: () => [...balanceReplyKeys.all, 'recent'] as const,
  /** One customer's replies as records, newest first. */
  customer: (customerId: string) => [...balanceReplyKeys.all, 'customer', customerId] as const,
  /** One customer's balance links (BalanceLinkView[]). */
  links: (customerId: string) => ['balance-links', customerId] as const,
};
