// The trolley ledger's server data (docs/decisions/038): the nursery's balances (the board's owed
// badges and the Customers screen), a customer's movements, and the writes. Through loadPb: the
// board imports the balances, and must paint before the SDK loads (docs/decisions/006).
import { queryOptions } from '@tanstack/react-query';
import {
  LEDGER_API,
  type BalancesAnswer,
  type CustomerBalance,
  type TransferAnswer,
  type TransferDeletedAnswer,
} from '#domain/ledger/ledger-api';
import type { TrolleyMovementRecord } from '#domain/records';
import { loadPb } from '../lazy-pb';
import { queryClient } from '../query-client';

export const ledgerKeys = {
  all: ['ledger'] as const,
  balances: () => [...ledgerKeys.all, 'balances'] as const,
  movements: (customer: string) => [...ledgerKeys.all, 'movements', customer] as const,
  /** The two movements of one haulier's transfer, with their parties' names. */
  transfer: (transfer: string) => [...ledgerKeys.all, 'transfer', transfer] as const,
};

/** The nursery's balances: one request, whoever asks (every owed badge of a board shares it). */
export function balancesQuery() {
  return queryOptions({
    queryKey: ledgerKeys.balances(),
    queryFn: async () => (await loadPb()).send<BalancesAnswer>(LEDGER_API.balances, { method: 'GET' }),
    staleTime: 60_000,
  });
}

/** The balances by customer id. */
export function balancesByCustomer(answer: BalancesAnswer | undefined): ReadonlyMap<string, CustomerBalance> {
  return new Map((answer?.items ?? []).map((item) => [item.customer, item]));
}

/** A customer's movements, newest day first. */
export function movementsQuery(customer: string) {
  return queryOptions({
    queryKey: ledgerKeys.movements(customer),
    queryFn: async () => {
      const pb = await loadPb();
      return pb
        .collection('trolley_movements')
        .getFullList<TrolleyMovementRecord>({ filter: pb.filter('customer = {:customer}', { customer }), sort: '-date,-created' });
    },
  });
}

/** What a person fills in for a movement. */
export type MovementFields = Pick<TrolleyMovementRecord, 'kind' | 'reason' | 'date' | 'trolleys' | 'shelves' | 'extensions' | 'note'>;

async function andRefetch<T>(request: Promise<T>): Promise<T> {
  const answer = await request;
  await queryClient.invalidateQueries({ queryKey: ledgerKeys.all });
  return answer;
}

/** A write of a movement; `belowZero` confirms a count below zero, its reason in the note (docs/decisions/065). */
export type MovementWrite = MovementFields & { belowZero?: true };

export async function recordMovement(customer: string, fields: MovementWrite): Promise<TrolleyMovementRecord> {
  const pb = await loadPb();
  return andRefetch(pb.collection('trolley_movements').create<TrolleyMovementRecord>({ customer, ...fields }));
}

export async function updateMovement(id: string, fields: MovementWrite): Promise<TrolleyMovementRecord> {
  const pb = await loadPb();
  return andRefetch(pb.collection('trolley_movements').update<TrolleyMovementRecord>(id, fields));
}

export async function deleteMovement(id: string): Promise<void> {
  const pb = await loadPb();
  await andRefetch(pb.collection('trolley_movements').delete(id));
}

/**
 * A haulier hands trolleys on to a customer (docs/decisions/079): the form's fields and the docket's
 * photo as `attachments`, one request; both parties' balances change together.
 */
export async function recordTransfer(form: FormData): Promise<TransferAnswer> {
  const pb = await loadPb();
  return andRefetch(pb.send<TransferAnswer>(LEDGER_API.transfers, { method: 'POST', body: form }));
}

/** A half of a transfer with its party's name, as the delete's question needs it. */
export type TransferHalf = TrolleyMovementRecord & { expand?: { customer?: { name: string } } };

/** Both halves of a transfer (docs/decisions/079): the delete names the haulier and the customer. */
export function transferQuery(transfer: string) {
  return queryOptions({
    queryKey: ledgerKeys.transfer(transfer),
    queryFn: async () => {
      const pb = await loadPb();
      return pb
        .collection('trolley_movements')
        .getFullList<TransferHalf>({ filter: pb.filter('transfer = {:transfer}', { transfer }), expand: 'customer' });
    },
  });
}

/** Deletes both halves of a transfer in one request; the server answers which pair went. */
export async function deleteTransfer(transfer: string): Promise<TransferDeletedAnswer> {
  const pb = await loadPb();
  return andRefetch(pb.send<TransferDeletedAnswer>(LEDGER_API.transfer(transfer), { method: 'DELETE' }));
}
