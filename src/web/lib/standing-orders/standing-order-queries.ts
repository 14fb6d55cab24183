// Standing orders, Fill week and Copy to another week as the web app asks for them
// (docs/decisions/039). Only lazily loaded screens and dialogs import it.
import { queryOptions } from '@tanstack/react-query';
import type { Day, StandingOrderRecord } from '#domain/records';
import { STANDING_API } from '#domain/standing-orders/requests';
import type { IsoWeek } from '#domain/weeks';
import { refetchAllOrders } from '../orders/order-cache';
import { pb } from '../pb';
import { queryClient } from '../query-client';

const standingOrders = () => pb.collection('standing_orders');

/** The fields of a standing order the form fills in. */
export type StandingOrderFields = Omit<
  StandingOrderRecord,
  'id' | 'collectionId' | 'collectionName' | 'created' | 'updated' | 'nursery' | 'created_by' | 'updated_by'
>;

export const standingKeys = {
  all: ['standing_orders'] as const,
  ofCustomer: (customer: string) => [...standingKeys.all, 'customer', customer] as const,
  fillPreview: (year: number, week: number) => [...standingKeys.all, 'fill', year, week] as const,
  copyPreview: (body: CopyBody) => ['orders-copy-preview', body] as const,
};

/** A customer's standing orders, oldest first. */
export function customerStandingOrdersQuery(customer: string) {
  return queryOptions({
    queryKey: standingKeys.ofCustomer(customer),
    queryFn: () =>
      standingOrders().getFullList<StandingOrderRecord>({ filter: pb.filter('customer = {:customer}', { customer }), sort: 'created' }),
  });
}

async function andRefetch<T>(request: Promise<T>): Promise<T> {
  const answer = await request;
  await queryClient.invalidateQueries({ queryKey: standingKeys.all });
  return answer;
}

export const createStandingOrder = (fields: StandingOrderFields) => andRefetch(standingOrders().create<StandingOrderRecord>(fields));
export const updateStandingOrder = (id: string, fields: Partial<StandingOrderFields>) =>
  andRefetch(standingOrders().update<StandingOrderRecord>(id, fields));
export const deleteStandingOrder = (id: string) => andRefetch(standingOrders().delete(id));

/** An order Fill week would make. */
export interface PlannedOrder {
  standingOrder: string;
  title: string;
  postcode: string;
  day: Day;
  trollies: string;
}

export interface FillPreview {
  week: string;
  toCreate: PlannedOrder[];
  existing: Array<{ standingOrder: string; order: string; title: string; day: Day }>;
}

export function fillPreviewQuery(year: number, week: number) {
  return queryOptions({
    queryKey: standingKeys.fillPreview(year, week),
    queryFn: () => pb.send<FillPreview>(STANDING_API.fillWeek, { query: { year, week } }),
    staleTime: 0,
  });
}

/** Makes the week's orders from the standing orders; the boards show them at once. */
export async function fillWeek(week: IsoWeek): Promise<{ created: number; skipped: number }> {
  const answer = await pb.send<{ created: number; skipped: number }>(STANDING_API.fillWeek, { method: 'POST', body: week });
  await Promise.all([refetchAllOrders(), queryClient.invalidateQueries({ queryKey: standingKeys.all })]);
  return answer;
}

/** What to copy (the chosen orders, or a day of a week) and where to. */
export type CopyBody =
  | { ids: string[]; to: { year: number; week: number; day?: Day } }
  | { from: { year: number; week: number; day?: Day }; to: { year: number; week: number; day?: Day } };

export interface CopyPreview {
  count: number;
  copies: Array<{ source: string; title: string; postcode: string; day: Day; year: number; weekNumber: number }>;
}

export function copyPreviewQuery(body: CopyBody) {
  return queryOptions({
    queryKey: standingKeys.copyPreview(body),
    queryFn: () => pb.send<CopyPreview>(STANDING_API.copyPreview, { method: 'POST', body }),
    staleTime: 0,
    retry: false,
  });
}

/** Copies the orders; the boards show the copies at once. */
export async function copyOrders(body: CopyBody): Promise<{ created: number }> {
  const answer = await pb.send<{ created: number }>(STANDING_API.copy, { method: 'POST', body });
  await refetchAllOrders();
  return answer;
}
