// How a user's week headings (`settings_json` of collections/user-settings.ts) are read from a client.
import type { FieldRead } from '../collections/fields';
import { describeIn, isPlainObject, readText } from '../validation';
import { WEEKDAY_HEADING_KEYS, type WeekdayHeadingKey, type WeekHeadings } from './week-heading-keys';

export const HEADING_MAX_LENGTH = 100;

function isHeadingKey(key: string): key is WeekdayHeadingKey {
  return (WEEKDAY_HEADING_KEYS as readonly string[]).includes(key);
}

/**
 * Reads `settings_json`: the week headings, one short text per weekday (`monday_heading` …
 * `sunday_heading`). null is no headings.
 */
export function readWeekHeadings(value: unknown): FieldRead<WeekHeadings> {
  const raw = value ?? {};
  if (!isPlainObject(raw)) {
    return { ok: false, error: { code: 'validation_invalid_type', message: 'Week headings must be a list of headings by weekday.' } };
  }
  const headings: WeekHeadings = {};
  for (const [key, heading] of Object.entries(raw)) {
    if (!isHeadingKey(key)) {
      return {
        ok: false,
        error: {
          code: 'validation_unknown_key',
          message: `Unknown week heading "${key}". Use one of: ${WEEKDAY_HEADING_KEYS.join(', ')}.`,
        },
      };
    }
    const day = key.replace('_heading', '');
    const read = typeof heading === 'string' ? readText(heading, HEADING_MAX_LENGTH) : null;
    if (!read) return { ok: false, error: { code: 'validation_invalid_type', message: `The ${day} heading must be text.` } };
    if (!read.ok) return { ok: false, error: { code: read.error.code, message: describeIn(`The ${day} heading`, read.error) } };
    headings[key] = read.text;
  }
  return { ok: true, value: headings };
}
