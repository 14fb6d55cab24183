import { BOARD_TYPES, CUSTOMER_TYPES, DAYS, ORDER_STATUSES } from '../records';
import {
  BLANK,
  bodyError,
  has,
  isPlainObject,
  oneOf,
  readInteger,
  readText,
  type FieldError,
  type FieldErrors,
  type ValidationMode,
  type ValidationResult,
} from '../validation';
import { normalizeLegacyYear, weeksInIsoYear } from '../weeks';
import { MAX_YEAR, MIN_YEAR, ORDER_DEFAULTS, ORDER_TEXT_LIMITS, type OrderFields } from './order-fields';

/** The stored order an update applies to; its year decides how many weeks are valid. */
export type ExistingOrderWeek = Partial<Pick<OrderFields, 'year' | 'weekNumber'>>;

const ENUM_FIELDS = {
  day: DAYS,
  customerType: CUSTOMER_TYPES,
  other: BOARD_TYPES,
  status: ORDER_STATUSES,
} as const;

const TEXT_FIELDS = Object.keys(ORDER_TEXT_LIMITS) as (keyof typeof ORDER_TEXT_LIMITS)[];
/** Order notes may span lines; every other text prints on one line of a sheet. */
const MULTI_LINE_FIELDS: ReadonlySet<string> = new Set(['orderInfo']);
const ENUM_KEYS = Object.keys(ENUM_FIELDS) as (keyof typeof ENUM_FIELDS)[];

function weekRangeError(week: number, year: number | undefined): FieldError {
  const max = year === undefined ? 53 : weeksInIsoYear(year);
  return {
    code: week < 1 ? 'validation_min_number_constraint' : 'validation_max_number_constraint',
    message: year === undefined ? `Week must be between 1 and ${max}.` : `Week must be between 1 and ${max} for ${year}.`,
  };
}

/**
 * Checks an order body from a client (docs/decisions/005). The server calls it before every write;
 * the web app may call it to show the same messages before sending.
 *
 * - create: title, weekNumber and year are required; other fields get the spec's defaults.
 * - update: only the fields sent are checked and returned; a week is checked against the year
 *   sent, else against `existing.year`.
 * Other keys (`user`, which the server checks itself, and anything else) are not read here: the
 * server refuses by name a field a client may not set before it calls this (docs/decisions/018).
 * A legacy year 0 is read as 2024.
 */
export function validateOrderInput(input: unknown, mode: 'create', existing?: ExistingOrderWeek): ValidationResult<OrderFields>;
export function validateOrderInput(
  input: unknown,
  mode: ValidationMode,
  existing?: ExistingOrderWeek,
): ValidationResult<Partial<OrderFields>>;
export function validateOrderInput(
  input: unknown,
  mode: ValidationMode,
  existing?: ExistingOrderWeek,
): ValidationResult<Partial<OrderFields>> {
  if (!isPlainObject(input)) return { ok: false, errors: bodyError('order') };
  const creating = mode === 'create';
  const errors: FieldErrors = {};
  const value: Partial<OrderFields> = creating ? { ...ORDER_DEFAULTS } : {};

  for (const field of TEXT_FIELDS) {
    if (!has(input, field)) continue;
    const read = readText(input[field], ORDER_TEXT_LIMITS[field], MULTI_LINE_FIELDS.has(field) ? 'multi-line' : 'single-line');
    if (read.ok) value[field] = read.text;
    else errors[field] = read.error;
  }
  if (!errors.title && (creating || has(input, 'title')) && (value.title ?? '').trim() === '') errors.title = BLANK;

  for (const field of ENUM_KEYS) {
    if (!has(input, field)) continue;
    // PocketBase stores a null select as ''; only status accepts that.
    const checked = oneOf(input[field] ?? '', ENUM_FIELDS[field]);
    if (checked.ok) Object.assign(value, { [field]: checked.value });
    else errors[field] = checked.error;
  }

  if (has(input, 'year')) {
    const read = readInteger(input.year);
    if (read.ok === 'blank') errors.year = BLANK;
    else if (!read.ok) errors.year = read.error;
    else {
      const year = normalizeLegacyYear(read.number);
      if (year < MIN_YEAR || year > MAX_YEAR) {
        errors.year = {
          code: year < MIN_YEAR ? 'validation_min_number_constraint' : 'validation_max_number_constraint',
          message: `Year must be between ${MIN_YEAR} and ${MAX_YEAR}.`,
        };
      } else value.year = year;
    }
  } else if (creating) errors.year = BLANK;

  // The year the week must fit: the one sent, else the stored one. Unknown when the year sent
  // was itself wrong, and then the week is only checked against the longest year.
  const existingYear = existing?.year === undefined ? undefined : normalizeLegacyYear(existing.year);
  const yearForWeek = has(input, 'year') ? value.year : existingYear;

  if (has(input, 'weekNumber')) {
    const read = readInteger(input.weekNumber);
    if (read.ok === 'blank') errors.weekNumber = BLANK;
    else if (!read.ok) errors.weekNumber = read.error;
    else {
      const max = yearForWeek === undefined ? 53 : weeksInIsoYear(yearForWeek);
      if (read.number < 1 || read.number > max) errors.weekNumber = weekRangeError(read.number, yearForWeek);
      else value.weekNumber = read.number;
    }
  } else if (creating) {
    errors.weekNumber = BLANK;
  } else if (value.year !== undefined && existing?.weekNumber !== undefined && existing.weekNumber > weeksInIsoYear(value.year)) {
    // Moving a week-53 order into a 52-week year would leave it on no board.
    errors.weekNumber = weekRangeError(existing.weekNumber, value.year);
  }

  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value };
}
