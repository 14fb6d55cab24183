// Customer mail's words (docs/decisions/077): the kinds of mail a customer's contact receives, each
// switched on or off per contact and stopped by the customer in one click; and what the mail log
// says happened to each mail. Pure.

/** The kinds of customer mail, each a switch of a contact (`customer_contacts`) named by its field. */
export const CUSTOMER_MAIL_KINDS = ['deliveryNotices', 'balanceReminders', 'statements'] as const;
export type CustomerMailKind = (typeof CUSTOMER_MAIL_KINDS)[number];

export interface CustomerMailKindRow {
  /** The switch's label on the contact. */
  label: string;
  /** In a sentence: "You will get no more … from Hillside Nursery." */
  plural: string;
}

export const CUSTOMER_MAIL_KIND_TABLE: Readonly<Record<CustomerMailKind, CustomerMailKindRow>> = {
  deliveryNotices: { label: 'Delivery notices', plural: 'delivery notices' },
  balanceReminders: { label: 'Balance reminders', plural: 'balance reminders' },
  statements: { label: 'Statements', plural: 'statements' },
};

export function isCustomerMailKind(value: unknown): value is CustomerMailKind {
  return typeof value === 'string' && (CUSTOMER_MAIL_KINDS as readonly string[]).includes(value);
}

/** What happened to one customer mail, as its log line shows it. */
export const CUSTOMER_MAIL_STATUSES = ['sent', 'failed', 'stopped'] as const;
export type CustomerMailStatus = (typeof CUSTOMER_MAIL_STATUSES)[number];

export const CUSTOMER_MAIL_STATUS_LABELS: Readonly<Record<CustomerMailStatus, string>> = {
  sent: 'Sent',
  failed: 'Not sent',
  stopped: 'Stopped',
};

/** The office mails a customer's statement to the contacts who receive statements (docs/decisions/080). */
export const STATEMENT_MAIL_API = {
  /** POST `{ from, to }` (yyyy-mm-dd): answers a StatementMailAnswer. */
  path: (customer: string) => `/api/trolleyboard/customers/${encodeURIComponent(customer)}/statement-mail`,
  route: '/api/trolleyboard/customers/:customer/statement-mail',
} as const;

/** What mailing a statement did: to whom it went, to whom not and why, in one sentence for a toast. */
export interface StatementMailAnswer {
  sentTo: string[];
  notSent: Array<{ to: string; note: string }>;
  message: string;
}
