import type { RunStop } from './run-fields';
import { formatMapperPostcode, lastFour } from '../orders/format';

/** One stop as the mapper list and the run sheet show it (docs/product.md#trolley-mapper). */
export interface StopDisplay {
  /** 1-based position in the run. */
  position: number;
  title: string;
  /** Last four characters of the order number ('' when there is none). */
  orderNumber: string;
  postcode: string;
  /** "{n}T", or '' when no trolley count (or 0) was typed. */
  trollies: string;
  extras: string;
}

/**
 * "3" -> "3T"; a count already typed with its T ("3T", "3 t") is not doubled; blank stays blank,
 * and so does none ("0", "0T"): an empty count is not shown as "0T" (docs/glossary.md#retired-words).
 */
export function formatTrollies(trollies: string): string {
  const text = trollies.trim();
  const count = /t$/i.test(text) ? text.slice(0, -1).trim() : text;
  if (count === '' || /^0+(\.0*)?$/.test(count)) return '';
  return `${count}T`;
}

export function stopDisplay(stop: RunStop, index: number): StopDisplay {
  return {
    position: index + 1,
    title: stop.title.trim(),
    orderNumber: lastFour(stop.orderNumber),
    postcode: formatMapperPostcode(stop.postcode),
    trollies: formatTrollies(stop.trollies),
    extras: stop.extras.trim(),
  };
}
