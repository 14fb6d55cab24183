// What dispatching a run books, as TanStack Query options and calls (docs/decisions/064): the
// booking preview of each stop (shared with "Book trolleys out"), what a run booked stop by stop,
// and linking a stop's order to a customer, chosen or made, so that the stop books too.
import { queryOptions } from '@tanstack/react-query';
import type { Balance } from '#domain/ledger/balance';
import type { BookingPreview } from '#domain/ledger/booking';
import { LEDGER_API } from '#domain/ledger/ledger-api';
import { COLLECTIONS, type CustomerRecord, type TrolleyMovementRecord } from '#domain/records';
import { createCustomer } from '../customers/customer-queries';
import { ledgerKeys } from '../ledger/ledger-queries';
import { pb } from '../pb';
import { queryClient } from '../query-client';

export const dispatchKeys = {
  /** The booking preview of a run: under the ledger's keys, so a booking anywhere refreshes it. */
  preview: (run: string) => [...ledgerKeys.all, 'booking', run] as const,
  /** What a run booked out, by stop. */
  booked: (run: string) => [...ledgerKeys.all, 'run-booked', run] as const,
};

/** Each stop of the run with its customer and what it would book, or why it cannot (office staff and admins). */
export function bookingPreviewQuery(run: string) {
  return queryOptions({
    queryKey: dispatchKeys.preview(run),
    queryFn: () => pb.send<BookingPreview>(LEDGER_API.booking(run), { method: 'GET' }),
    enabled: run !== '',
    staleTime: 0,
  });
}

/** What the run booked out, by the ledger's name of each stop (every member reads the ledger). */
export function runBookedQuery(run: string) {
  return queryOptions({
    queryKey: dispatchKeys.booked(run),
    queryFn: async (): Promise<ReadonlyMap<string, Balance>> => {
      const movements = await pb.collection(COLLECTIONS.trolleyMovements).getFullList<TrolleyMovementRecord>({
        filter: pb.filter('run = {:run} && kind = "out"', { run }),
        fields: 'stop,trolleys,shelves,extensions',
      });
      return new Map(movements.map((m) => [m.stop, { trolleys: m.trolleys, shelves: m.shelves, extensions: m.extensions }]));
    },
    staleTime: 30_000,
  });
}

/** Links the stop's order to `customer` (the order's own `customer` field) and refreshes the run's preview. */
export async function linkStopOrder(run: string, order: string, customer: string): Promise<void> {
  await pb.collection(COLLECTIONS.tasks).update(order, { customer });
  await queryClient.invalidateQueries({ queryKey: dispatchKeys.preview(run) });
}

/** What a customer made from a stop is made of: the stop's title and postcode, the order's type. */
export interface NewCustomerOfStop {
  name: string;
  postcode: string;
  customerType: string;
}

/** Adds the customer to the customer book; the stop's order is then linked to it. */
export function createCustomerOfStop(fields: NewCustomerOfStop): Promise<CustomerRecord> {
  const { name, postcode, customerType } = fields;
  return createCustomer({
    name: name.trim(),
    postcode: postcode.trim(),
    ...(customerType !== '' ? { customerType: customerType as CustomerRecord['customerType'] } : {}),
  });
}
