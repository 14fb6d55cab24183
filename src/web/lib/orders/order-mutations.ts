// Writes to orders. Each one puts the server's answer into the cache at once and then refetches
// the order queries (the spec's "refresh notification after each create, update or delete").
import type { OrderFields } from '#domain/orders/order-fields';
import { COLLECTIONS, type OrderRecord } from '#domain/records';
import { pb } from '../pb';
import { applyChangeToCache, refetchAllOrders } from './order-cache';

const tasks = () => pb.collection(COLLECTIONS.tasks);

/** Creates an order; the server sets `user` to the signed-in user. Throws the SDK's ClientResponseError. */
export async function createOrder(fields: OrderFields): Promise<OrderRecord> {
  const record = await tasks().create<OrderRecord>(fields);
  applyChangeToCache({ action: 'create', record });
  void refetchAllOrders();
  return record;
}

/**
 * Saves changes to an order the user started editing at version `from.updated`. The server
 * refuses with 412 when someone changed it meanwhile (docs/decisions/025): see `isEditConflict`.
 * A batch of saves passes `refetch: false` and refetches once when all are done.
 */
export async function updateOrder(
  from: Pick<OrderRecord, 'id' | 'updated'>,
  changes: Partial<OrderFields>,
  { refetch = true }: { refetch?: boolean } = {},
): Promise<OrderRecord> {
  const record = await tasks().update<OrderRecord>(from.id, changes, { headers: { 'If-Match': `"${from.updated}"` } });
  applyChangeToCache({ action: 'update', record });
  if (refetch) void refetchAllOrders();
  return record;
}

/**
 * Deletes an order with the team's deletion password, checked by the server (docs/decisions/020):
 * a wrong or missing one is a 403 "Incorrect password." (see `isWrongPassword`).
 */
export async function deleteOrder(id: string, password: string): Promise<void> {
  await tasks().delete(id, { headers: { 'X-Confirm-Password': password } });
  applyChangeToCache({ action: 'delete', record: { id } });
  void refetchAllOrders();
}

function statusOf(err: unknown): number | undefined {
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** The order changed on the server since the user started editing (412, docs/decisions/025). */
export function isEditConflict(err: unknown): boolean {
  return statusOf(err) === 412;
}

/** The deletion password was wrong or missing (403, docs/decisions/020). */
export function isWrongPassword(err: unknown): boolean {
  return statusOf(err) === 403;
}
