// Customers (collection `customers`): a nursery's customer book (docs/decisions/037). An order may
// name one (`tasks.customer`) and keeps its own title and postcode, what boards and sheets show.

import { customerTypeLabel, dayLabel } from '../orders/format';
import { CUSTOMER_TYPES } from '../vocabulary/customer-type';
import { DAYS, type Day } from '../vocabulary/day';
import { bool, defineCollection, number, relation, select, text, type RecordOf } from './fields';

/** A usual delivery day, or none. */
export const DELIVERY_DAYS = ['', ...DAYS] as const;

/** The most trolleys a customer usually takes: a bound that catches a slip, not a business rule. */
export const MAX_USUAL_TROLLEYS = 999;

/** The last place a customer can be pinned to in its round: a bound that catches a slip (a round has far fewer drops). */
export const MAX_ROUND_PLACE = 200;

/**
 * What a party of the ledger is (docs/decisions/079): a customer, or a haulier who carries our
 * trolleys on to customers. Both hold trolleys the same way; only a haulier hands them on.
 */
export const PARTY_KINDS = ['customer', 'haulier'] as const;
export type PartyKind = (typeof PARTY_KINDS)[number];
export const PARTY_KIND_LABELS: Readonly<Record<PartyKind, string>> = { customer: 'Customer', haulier: 'Haulier' };

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A nursery's customers. Its members all read them; office staff and admins add, change and merge
 * them (docs/decisions/037). Contact details are optional: many customers are known by name and
 * postcode only.
 */
export const customers = defineCollection({
  name: 'customers',
  id: 'pbc_customers_0001',
  noun: 'customer',
  fields: {
    nursery: relation('nurseries', { settable: 'always', stamp: 'create', stampWith: 'nursery', default: '' }),
    name: text({ label: 'Name', settable: 'always', required: true, max: 200, default: '' }),
    postcode: text({ label: 'Postcode', settable: 'always', max: 100, default: '' }),
    phone: text({ label: 'Phone', settable: 'always', max: 50, default: '' }),
    email: text({ label: 'E-mail', settable: 'always', max: 254, default: '' }),
    deliveryAddress: text({ label: 'Delivery address', settable: 'always', max: 1000, lines: 'multi-line', default: '' }),
    customerType: select(CUSTOMER_TYPES, {
      label: 'Customer type',
      settable: 'always',
      default: 'wholesale',
      optionLabel: customerTypeLabel,
    }),
    usualDay: select(DELIVERY_DAYS, {
      label: 'Usual delivery day',
      settable: 'always',
      default: '',
      optionLabel: (day) => (day === '' ? 'None' : dayLabel(day as Day)),
    }),
    usualTrolleys: number({ label: 'Usual trolleys', settable: 'always', min: 0, max: MAX_USUAL_TROLLEYS, default: 0 }),
    notes: text({ label: 'Notes', settable: 'always', max: 5000, lines: 'multi-line', default: '' }),
    /** The customer's account number with the trolley pool operator (Container Centralen). */
    poolAccount: text({ label: 'Pool account number', settable: 'always', max: 100, default: '' }),
    active: bool({ label: 'Active', settable: 'always', default: true }),
    /** The delivery round the customer is on (docs/decisions/076); '' for none. A round of another nursery is refused. */
    round: relation('rounds', { label: 'Round', settable: 'always', default: '' }),
    /**
     * The customer's pinned place in its round (docs/decisions/076): 1 is the first drop; 0 is not
     * pinned, the place learned from the runs. Pins win over the learned order.
     */
    roundPlace: number({ label: 'Place in round', settable: 'always', min: 0, max: MAX_ROUND_PLACE, default: 0 }),
    /** A customer or a haulier (migration 025, docs/decisions/079); every existing one is a customer. */
    kind: select(PARTY_KINDS, { label: 'Kind', settable: 'always', default: 'customer', optionLabel: (kind) => PARTY_KIND_LABELS[kind] }),
  },
  indexes: [
    // The customer book and the order form's suggestions: one nursery's customers by name.
    { name: 'customers_name', on: ['nursery', 'name'] },
    // A list without a sort is in insertion order, the nursery's own.
    { name: 'customers_nursery_seq', on: ['nursery', 'seq'] },
  ],
  refine(value, errors) {
    const email = value.email;
    if (typeof email === 'string' && email.trim() !== '' && !EMAIL_SHAPE.test(email.trim()))
      errors.email = { code: 'validation_invalid_email', message: 'Enter an e-mail address like name@example.com, or leave it empty.' };
  },
});

/** A customer of a nursery (collection `customers`). */
export type CustomerRecord = RecordOf<typeof customers>;
