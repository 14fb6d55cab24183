// A customer's contacts (collection `customer_contacts`, docs/decisions/077): the addresses an
// office member entered for a customer, each with the kinds of mail it receives. Customer mail goes
// only to these, never to an address nobody entered for that kind.

import { CUSTOMER_MAIL_KINDS, CUSTOMER_MAIL_KIND_TABLE } from '../customers/customer-mail';
import { bool, defineCollection, relation, text, type RecordOf } from './fields';

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The switch of each kind of mail, named by the kind's field (`deliveryNotices`, …). */
const kindSwitches = {
  deliveryNotices: bool({ label: CUSTOMER_MAIL_KIND_TABLE.deliveryNotices.label, settable: 'always', default: true }),
  balanceReminders: bool({ label: CUSTOMER_MAIL_KIND_TABLE.balanceReminders.label, settable: 'always', default: true }),
  statements: bool({ label: CUSTOMER_MAIL_KIND_TABLE.statements.label, settable: 'always', default: true }),
} as const satisfies Record<(typeof CUSTOMER_MAIL_KINDS)[number], unknown>;

/**
 * A nursery's customers' contacts. Every member reads them (the driver's page will show a phone);
 * office staff and admins add, change and remove them, as the customer book (docs/decisions/077).
 */
export const customerContacts = defineCollection({
  name: 'customer_contacts',
  id: 'pbc_custcontact01',
  noun: 'contact',
  fields: {
    nursery: relation('nurseries', { settable: 'always', stamp: 'create', stampWith: 'nursery', default: '' }),
    customer: relation('customers', { label: 'Customer', settable: 'create', required: true, default: '' }),
    /** Who the address reaches ("Jo, tills"): optional. */
    name: text({ label: 'Name', settable: 'always', max: 200, default: '' }),
    email: text({ label: 'E-mail', settable: 'always', required: true, max: 254, default: '' }),
    /** For the driver's page: optional. */
    phone: text({ label: 'Phone', settable: 'always', max: 50, default: '' }),
    ...kindSwitches,
  },
  indexes: [
    // A customer's contacts, and the mail of one run's customers.
    { name: 'customer_contacts_customer', on: ['nursery', 'customer'] },
    { name: 'customer_contacts_nursery_seq', on: ['nursery', 'seq'] },
  ],
  refine(value, errors) {
    const email = value.email;
    if (typeof email === 'string' && email.trim() !== '' && !EMAIL_SHAPE.test(email.trim()))
      errors.email = { code: 'validation_invalid_email', message: 'Enter an e-mail address like name@example.com.' };
  },
});

/** A contact of a customer (collection `customer_contacts`). */
export type CustomerContactRecord = RecordOf<typeof customerContacts>;
