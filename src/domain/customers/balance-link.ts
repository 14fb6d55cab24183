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
