import { customerContacts } from '#domain/collections/customer-contacts';
import { customerMail } from '#domain/collections/customer-mail';
import { IN_NURSERY, MEMBER, type AccessRules } from '../access-rules';
import { serverCollection } from '../collection';
import { CUSTOMER_EDITORS, CUSTOMER_RULES } from './customers';

/** The answer for writing the mail log through the records API. */
export const MAIL_LOG_BY_THE_SERVER = 'The mail log is written by the server as it sends customer mail; it cannot be written here.';

/**
 * A customer's contacts: the customer book's rules (docs/decisions/037, 077): every member reads
 * them, office staff and admins keep them. Removing one needs no deletion password: it is an
 * address, entered again in a moment.
 */
export const customerContactsCollection = serverCollection(customerContacts, { rules: CUSTOMER_RULES, needsDeletePassword: false });

/** The customer mail log: read by every member of the nursery, written only by the server (docs/decisions/077). */
const mailLogRules: AccessRules = {
  list: { gate: MEMBER, condition: IN_NURSERY },
  view: { gate: MEMBER, condition: IN_NURSERY },
  create: { gate: CUSTOMER_EDITORS, condition: null, deny: MAIL_LOG_BY_THE_SERVER },
  update: { gate: CUSTOMER_EDITORS, condition: IN_NURSERY, deny: MAIL_LOG_BY_THE_SERVER },
  delete: { gate: CUSTOMER_EDITORS, condition: IN_NURSERY, deny: MAIL_LOG_BY_THE_SERVER },
};

export const customerMailCollection = serverCollection(customerMail, { rules: mailLogRules, needsDeletePassword: false });
