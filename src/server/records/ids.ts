import { randomInt } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A PocketBase-style record id: 15 lowercase letters and digits. */
export function newRecordId(): string {
  let id = '';
  for (let i = 0; i < 15; i++) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}

export const RECORD_ID_PATTERN = /^[a-z0-9]{15}$/;

/** PocketBase's timestamp form, `2026-11-21 10:04:05.123Z`, which also sorts as text. */
export function formatTimestamp(date: Date): string {
  return date.toISOString().replace('T', ' ');
}

/**
 * The next `updated` value for a record: now, but always later than the previous value so
 * `If-Match` (docs/decisions/025) can tell two quick edits apart.
 */
export function nextTimestamp(now: Date, previous?: string): string {
  const next = formatTimestamp(now);
  if (previous === undefined || next > previous) return next;
  const previousMs = Date.parse(previous.replace(' ', 'T'));
  return formatTimestamp(new Date(previousMs + 1));
}
