// The e2e specs' direct line to the API: an SDK client signed in as a test account, to set up
// orders the way another device would, and a short unique suffix for names.
import PocketBase, { type RecordModel } from 'pocketbase';
import type { Account } from './e2e-fixtures';
import { e2eBaseUrl } from './e2e-env';
import { nextIsoWeek } from './open-weeks';

/** An order as the specs create it through the API (the rest gets the server's defaults). */
export interface OrderInput {
  title: string;
  day: string;
  customerType: 'wholesale' | 'retail' | 'missed' | 'other';
  other: 'none' | 'collect' | 'holding';
  status?: string;
  postcode?: string;
  orderNumber?: string;
  orderInfo?: string;
  trollies?: string;
  extras?: string;
  year: number;
  weekNumber: number;
}

/** A fresh SDK client signed in as `account` (its own auth store; parallel requests allowed). */
export async function api(account: Account): Promise<PocketBase> {
  const pb = new PocketBase(e2eBaseUrl);
  pb.autoCancellation(false);
  await pb.collection('users').authWithPassword(account.username, account.password);
  return pb;
}

/** Five random letters and digits, so parallel tests never share a customer name. */
export const unique = (): string => Math.random().toString(36).slice(2, 7);

/**
 * Adds an order in any week through the API, as staff can. A new order may not go into a week
 * that has passed (the server refuses it, issue 7), so one meant for an earlier week than next
 * week is added next week and then moved with an edit, which may name any week: specs may name
 * fixed weeks and stay right whatever day they run.
 */
export async function addOrder(pb: PocketBase, order: OrderInput): Promise<RecordModel> {
  const open = nextIsoWeek();
  const isBeforeOpen = order.year < open.year || (order.year === open.year && order.weekNumber < open.week);
  if (!isBeforeOpen) return pb.collection('tasks').create(order);
  const added = await pb.collection('tasks').create({ ...order, year: open.year, weekNumber: open.week });
  return pb.collection('tasks').update(added.id, { year: order.year, weekNumber: order.weekNumber });
}
