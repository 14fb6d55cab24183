// A customer's balance link (docs/decisions/078-the-customers-balance-link.md): a link scoped to one
// customer, with no account, like the driver's link. Mail to customers carries it; the link itself
// is kept by the customer-link service on the server. Pure and without imports of the server.

/** How long a balance link works from when it was made or last sent in a mail. */
export const BALANCE_LINK_DAYS = 60;

/** Where the customer's page lives in the app: `/b/<secret>`. */
export const BALANCE_PAGE_PREFIX = '/b/';

/**
 * What mail asks of the balance links: the customer's link, made or renewed to BALANCE_LINK_DAYS
 * from now, as a full address; null when the customer has none to give (for example deleted).
 */
export interface BalanceLinks {
  linkFor(nurseryId: string, customerId: string): Promise<string | null>;
}

/** The header the customer's page sends the link's secret in, on every request of the page. */
export const BALANCE_LINK_HEADER = 'x-balance-link';

export const BALANCE_API = {
  /** GET the customer's links, POST a new one (office and admins). */
  customerLinks: (customerId: string) => `/api/trolleyboard/customers/${encodeURIComponent(customerId)}/balance-links`,
  customerLinksRoute: '/api/trolleyboard/customers/:customer/balance-links',
  /** POST: revoke a link (office and admins). */
  revoke: (linkId: string) => `/api/trolleyboard/balance-links/${encodeURIComponent(linkId)}/revoke`,
  revokeRoute: '/api/trolleyboard/balance-links/:id/revoke',
  /** GET: the link's customer: nursery, balance, movements, replies (header BALANCE_LINK_HEADER). */
  view: '/api/trolleyboard/balance',
  /** GET `?from=&to=`: the link's customer's statement as CSV (header BALANCE_LINK_HEADER). */
  statement: '/api/trolleyboard/balance/statement',
  /** POST (JSON, or multipart with `photo`): confirm or dispute the balance (header BALANCE_LINK_HEADER). */
  replies: '/api/trolleyboard/balance/replies',
  /** GET: the nursery's open disputes and the pool statement's contest deadline (members). */
  openDisputes: '/api/trolleyboard/balance-replies/open',
  /** POST `{reply}` or `{adjustment: {trolleys, shelves, extensions, reason, note}}` (office and admins). */
  resolve: (replyId: string) => `/api/trolleyboard/balance-replies/${encodeURIComponent(replyId)}/resolve`,
  resolveRoute: '/api/trolleyboard/balance-replies/:id/resolve',
} as const;

export const BALANCE_LINK_EXPIRED = 'This balance link has expired. Ask the nursery for a new one, or open the link in its latest e-mail.';
export const BALANCE_LINK_REVOKED = 'This balance link was cancelled by the nursery. Ask the nursery for a new one.';
export const BALANCE_LINK_UNKNOWN = 'This balance link is not known. Check the address in the e-mail, or ask the nursery for a new one.';
export const BALANCE_LINK_THROTTLED =
  'Too many wrong balance links from this network. Please wait 15 minutes, then open the link in the e-mail again.';

/** A link as office staff see it on the customer. */
export interface BalanceLinkView {
  id: string;
  customer: string;
  /** `{appUrl}/b/<secret>`. */
  url: string;
  expires: string;
  revokedAt: string;
  createdBy: string;
  created: string;
  /** Neither revoked nor expired. */
  active: boolean;
}

/** Trolleys, shelves and extensions. */
export interface BalanceCounts {
  trolleys: number;
  shelves: number;
  extensions: number;
}

/** One movement as the customer sees it. */
export interface BalanceMovement extends BalanceCounts {
  id: string;
  /** `YYYY-MM-DD`. */
  date: string;
  kind: 'out' | 'in' | 'adjustment';
  reason: string;
  note: string;
  /** The run it was delivered or collected on ('' for none): the delivery note's reference. */
  run: string;
  created: string;
}

/** A confirmation or dispute as both sides see it. */
export interface BalanceReplyView extends BalanceCounts {
  id: string;
  kind: 'confirm' | 'dispute';
  /** The day the customer answered about, `YYYY-MM-DD`. */
  asOf: string;
  /** What the ledger said that day. */
  ledger: BalanceCounts;
  note: string;
  /** '' until resolved; the office's answer. */
  outcome: '' | 'adjusted' | 'replied';
  reply: string;
  resolvedAt: string;
  created: string;
}

/** What the customer's page reads. */
export interface BalanceAnswer {
  nursery: string;
  customer: string;
  expires: string;
  /** Today at the nursery, `YYYY-MM-DD`: the day a confirmation is about. */
  today: string;
  balance: BalanceCounts;
  /** Newest first. */
  movements: BalanceMovement[];
  /** Newest first. */
  replies: BalanceReplyView[];
}

/** An open dispute in the office's list. */
export interface OpenDispute extends BalanceReplyView {
  customer: string;
  customerName: string;
}

export interface OpenDisputesAnswer {
  items: OpenDispute[];
  /** The latest pool statement still open to contest, or null. */
  contest: { statementDate: string; contestBy: string; workingDaysLeft: number } | null;
}
