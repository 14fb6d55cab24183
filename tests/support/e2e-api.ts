// The e2e specs' direct line to the API: an SDK client signed in as a test account, to set up
// orders the way another device would, and a short unique suffix for names.
import PocketBase from 'pocketbase';
import type { Account } from './e2e-fixtures';
import { e2eBaseUrl } from './e2e-env';

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
