import type { RunStop } from '../trolleys/run-fields';
import { formatMapperPostcode } from '../orders/format';
import { dayMonthYear, fileNamePart } from '../trolleys/run-name';

/** What a label needs of an order or a run's stop; `id` is the order's record id. */
export type LabelSource = Pick<RunStop, 'id' | 'title' | 'postcode' | 'trollies' | 'orderNumber'>;

/** One printed trolley label (docs/decisions/041). */
export interface TrolleyLabel {
  orderId: string;
  customer: string;
  postcode: string;
  orderNumber: string;
  /** 1 for the first drop; null for a day's labels, which belong to no run yet. */
  drop: number | null;
  /** This trolley's place among the order's trolleys: "Trolley {n} of {total}". */
  n: number;
  total: number;
  /** dd-mm-yyyy, as the run sheet writes dates. */
  date: string;
  /** What the QR code holds: the order's own address in the app. */
  qr: string;
}

/**
 * How many labels an order takes: its trolley count rounded up (half a trolley still needs a
 * label), at least 1. Free text that is not a plain number ("2T" is read as 2, "half" as 1).
 */
export function labelCount(trollies: string): number {
  const text = trollies.trim().replace(/t$/i, '').trim();
  const count = text === '' ? 0 : Number(text);
  return Number.isFinite(count) && count > 0 ? Math.min(Math.ceil(count), MAX_LABELS_PER_ORDER) : 1;
}

/** A typo such as "1000" must not print a thousand labels. */
export const MAX_LABELS_PER_ORDER = 60;

export interface LabelOptions {
  /** yyyy-mm-dd: the run's date or the day's. */
  date: string;
  /** The order's address in the app, e.g. `${origin}/edit/${id}`. */
  orderUrl: (orderId: string) => string;
}

/**
 * The labels of a saved run: its stops are listed in drop order (the mapper's list and the run
 * sheet number the first drop 1; the vehicle is loaded in reverse), one label per trolley.
 */
export function runLabels(stops: readonly LabelSource[], options: LabelOptions): TrolleyLabel[] {
  return stops.flatMap((stop, index) => orderLabels(stop, index + 1, options));
}

/** The labels of a day's orders, in the order given (the pick sheet's), without drop numbers. */
export function dayLabels(orders: readonly LabelSource[], options: LabelOptions): TrolleyLabel[] {
  return orders.flatMap((order) => orderLabels(order, null, options));
}

function orderLabels(source: LabelSource, drop: number | null, options: LabelOptions): TrolleyLabel[] {
  const total = labelCount(source.trollies);
  return Array.from({ length: total }, (_, i) => ({
    orderId: source.id,
    customer: source.title.trim(),
    postcode: formatMapperPostcode(source.postcode),
    orderNumber: source.orderNumber.trim(),
    drop,
    n: i + 1,
    total,
    date: dayMonthYear(options.date),
    qr: options.orderUrl(source.id),
  }));
}

export const LABEL_LAYOUTS = ['a4-4', 'a4-8', 'single'] as const;
export type LabelLayout = (typeof LABEL_LAYOUTS)[number];

/** `labels_{run or day}_{dd-mm-yyyy}.pdf`, with no spaces. */
export function labelsFileName(what: string, date: string): string {
  return `labels_${fileNamePart(what) || 'run'}_${dayMonthYear(date)}.pdf`;
}
