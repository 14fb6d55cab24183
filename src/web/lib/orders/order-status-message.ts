// What staff read when one order's status was not saved: apart from the bulk messages
// (./status-messages.ts), so that the board's status buttons carry only these (docs/decisions/074).
import type { OrderRecord } from '#domain/records';

/** How a message names an order. */
export const nameOf = (order: Pick<OrderRecord, 'title'>) => order.title.trim() || 'an order without a name';

/** "Someone else changed Greenfields meanwhile, so its status was not saved." */
export function statusConflictMessage(order: Pick<OrderRecord, 'title'>): string {
  return `Someone else changed ${nameOf(order)} meanwhile, so its status was not saved.`;
}

/** "The status of Greenfields was not saved. Could not reach the server. …" */
export function statusFailedMessage(order: Pick<OrderRecord, 'title'>, reason: string): string {
  return `The status of ${nameOf(order)} was not saved. ${reason}`;
}
