// A customer's contacts and mail log as the web app asks for them (docs/decisions/077). Only the
// lazily loaded contacts dialog imports it.
import { queryOptions } from '@tanstack/react-query';
import type { CustomerContactRecord, CustomerMailRecord } from '#domain/records';
import { pb } from '../pb';
import { contactKeys, customerMailKeys } from '../query-keys';
import { queryClient } from '../query-client';

const contacts = () => pb.collection('customer_contacts');

/** The fields of a contact the form fills in. */
export type ContactFields = Pick<CustomerContactRecord, 'name' | 'email' | 'phone' | 'deliveryNotices' | 'balanceReminders' | 'statements'>;

/** How many lines of the mail log the dialog shows: the newest. */
export const MAIL_LOG_SHOWN = 50;

/** A customer's contacts, oldest first. */
export function customerContactsQuery(customer: string) {
  return queryOptions({
    queryKey: contactKeys.ofCustomer(customer),
    queryFn: () =>
      contacts().getFullList<CustomerContactRecord>({ filter: pb.filter('customer = {:customer}', { customer }), sort: 'created' }),
  });
}

/** A customer's mail log, newest first. */
export function customerMailQuery(customer: string) {
  return queryOptions({
    queryKey: customerMailKeys.ofCustomer(customer),
    queryFn: async () =>
      (
        await pb.collection('customer_mail').getList<CustomerMailRecord>(1, MAIL_LOG_SHOWN, {
          filter: pb.filter('customer = {:customer}', { customer }),
          sort: '-created',
          skipTotal: true,
        })
      ).items,
  });
}

async function andRefetch<T>(request: Promise<T>): Promise<T> {
  const answer = await request;
  await queryClient.invalidateQueries({ queryKey: contactKeys.all });
  return answer;
}

export const createContact = (customer: string, fields: ContactFields) =>
  andRefetch(contacts().create<CustomerContactRecord>({ customer, ...fields }));
export const updateContact = (id: string, fields: Partial<ContactFields>) =>
  andRefetch(contacts().update<CustomerContactRecord>(id, fields));
export const deleteContact = (id: string) => andRefetch(contacts().delete(id));
