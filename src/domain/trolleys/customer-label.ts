import type { RunStop } from './run-fields';

/** The label a grid cell gets when staff click a stop: "title - orderNumber", or just the title
 * when the order number is empty or zero (docs/product.md#trolley-mapper). */
export function customerLabel(stop: Pick<RunStop, 'title' | 'orderNumber'>): string {
  const orderNumber = stop.orderNumber.trim();
  const hasOrderNumber = orderNumber !== '' && Number(orderNumber) !== 0;
  return hasOrderNumber ? `${stop.title} - ${orderNumber}` : stop.title;
}
