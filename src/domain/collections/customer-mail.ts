// The customer mail log (collection `customer_mail`, docs/decisions/077): one line per customer
// mail the server sent, could not send, or a contact stopped. Written only by the server; members
// read it on the customer's screen.

import {
  CUSTOMER_MAIL_KINDS,
  CUSTOMER_MAIL_KIND_TABLE,
  CUSTOMER_MAIL_STATUSES,
  CUSTOMER_MAIL_STATUS_LABELS,
} from '../customers/customer-mail';
import { defineCollection, relation, select, text, type RecordOf } from './fields';

export const customerMail = defineCollection({
  name: 'customer_mail',
  id: 'pbc_custmail00001',
  noun: 'mail',
  fields: {
    nursery: relation('nurseries', { settable: 'always', stamp: 'create', stampWith: 'nursery', default: '' }),
    customer: relation('customers', { label: 'Customer', settable: 'never', default: '' }),
    contact: relation('customer_contacts', { label: 'Contact', settable: 'never', default: '' }),
    kind: select(CUSTOMER_MAIL_KINDS, {
      label: 'Kind',
      settable: 'never',
      default: 'deliveryNotices',
      optionLabel: (kind) => CUSTOMER_MAIL_KIND_TABLE[kind].label,
    }),
    status: select(CUSTOMER_MAIL_STATUSES, {
      label: 'Status',
      settable: 'never',
      default: 'sent',
      optionLabel: (status) => CUSTOMER_MAIL_STATUS_LABELS[status],
    }),
    to: text({ label: 'To', settable: 'never', default: '' }),
    subject: text({ label: 'Subject', settable: 'never', default: '' }),
    /** Why a mail was not sent ("Too many e-mails to this address. …"); '' when sent. */
    note: text({ label: 'Note', settable: 'never', default: '' }),
  },
  indexes: [
    { name: 'customer_mail_customer', on: ['nursery', 'customer', 'created'] },
    { name: 'customer_mail_nursery_seq', on: ['nursery', 'seq'] },
  ],
});

/** One line of the customer mail log (collection `customer_mail`). */
export type CustomerMailRecord = RecordOf<typeof customerMail>;
