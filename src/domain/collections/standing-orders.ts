// Standing orders (collection `standing_orders`): a customer's order that repeats, every N weeks on
// one day, from a week until a week or open-ended (docs/decisions/039). Fill week makes the orders
// of a chosen week from them; each order made remembers its standing order and week
// (`tasks.standingOrder`, `tasks.standingWeek`), which the database keeps unique.

import { boardTypeLabel, boardTypeWords, customerTypeLabel, dayLabel } from '../orders/format';
import { MAX_YEAR, MIN_YEAR } from '../orders/order-years';
import { BOARD_TYPES } from '../vocabulary/board-type';
import { CUSTOMER_TYPES } from '../vocabulary/customer-type';
import { DAYS } from '../vocabulary/day';
import type { FieldError } from '../validation';
import { weeksInIsoYear } from '../weeks';
import { bool, defineCollection, number, relation, select, text, type RefineContext, type RecordOf } from './fields';
import { createdBy, updatedBy } from './trail-fields';

/** The longest gap between two orders of a standing order: once a year. */
export const MAX_EVERY_WEEKS = 52;

/** An open-ended standing order has no until-week: both are 0. */
export const OPEN_ENDED = 0;

/** The value of `name` as sent or, on an update that did not send it, as stored. */
function current(name: string, value: Record<string, unknown>, { existing }: RefineContext): unknown {
  return name in value ? value[name] : existing?.[name];
}

/**
 * A standing order is always a customer's. The weeks must exist in their years, and until (when given) comes on or after from. An until of
 * year 0 and week 0 means "open": every week from the first on.
 */
function weeksMakeSense(value: Record<string, unknown>, errors: Record<string, FieldError>, context: RefineContext): void {
  const customer = current('customer', value, context);
  if (!errors.customer && (typeof customer !== 'string' || customer === ''))
    errors.customer = { code: 'validation_required', message: 'Choose the customer this standing order is for.' };
  const fromYear = current('fromYear', value, context);
  const fromWeek = current('fromWeek', value, context);
  const untilYear = current('untilYear', value, context);
  const untilWeek = current('untilWeek', value, context);
  if (typeof fromYear === 'number' && typeof fromWeek === 'number' && !errors.fromYear && !errors.fromWeek) {
    const max = weeksInIsoYear(fromYear);
    if (fromWeek > max)
      errors.fromWeek = { code: 'validation_max_number_constraint', message: `Week must be between 1 and ${max} for ${fromYear}.` };
  }
  if (typeof untilYear !== 'number' || typeof untilWeek !== 'number' || errors.untilYear || errors.untilWeek) return;
  const open = untilYear === OPEN_ENDED && untilWeek === OPEN_ENDED;
  if (open) return;
  if (untilYear === OPEN_ENDED || untilWeek === OPEN_ENDED) {
    errors.untilWeek = {
      code: 'validation_required',
      message: 'Give both the year and the week the standing order ends, or leave both empty for no end.',
    };
    return;
  }
  if (untilYear < MIN_YEAR || untilYear > MAX_YEAR) {
    errors.untilYear = { code: 'validation_min_number_constraint', message: `Year must be between ${MIN_YEAR} and ${MAX_YEAR}.` };
    return;
  }
  const max = weeksInIsoYear(untilYear);
  if (untilWeek > max) {
    errors.untilWeek = { code: 'validation_max_number_constraint', message: `Week must be between 1 and ${max} for ${untilYear}.` };
    return;
  }
  if (typeof fromYear === 'number' && typeof fromWeek === 'number' && untilYear * 100 + untilWeek < fromYear * 100 + fromWeek)
    errors.untilWeek = {
      code: 'validation_min_number_constraint',
      message: `The last week (week ${untilWeek} of ${untilYear}) comes before the first (week ${fromWeek} of ${fromYear}). Choose a later last week.`,
    };
}

/**
 * A nursery's standing orders. Every member reads them; office staff and admins add, change and
 * delete them (docs/decisions/039). The fields an order repeats are the order's own (title,
 * postcode, customer type, board type, trolleys, notes); its day, week and status are not.
 */
export const standingOrders = defineCollection({
  name: 'standing_orders',
  id: 'pbc_standing_0001',
  noun: 'standing order',
  fields: {
    nursery: relation('nurseries', { settable: 'always', stamp: 'create', stampWith: 'nursery', default: '' }),
    customer: relation('customers', { label: 'Customer', settable: 'always', required: true, default: '' }),
    // What the orders are called on the board: the customer's name unless the order says otherwise.
    title: text({ label: 'Customer name', settable: 'always', required: true, max: 200, default: '' }),
    postcode: text({ label: 'Postcode', settable: 'always', max: 100, default: '' }),
    day: select(DAYS, { label: 'Day', settable: 'always', default: 'monday', optionLabel: dayLabel }),
    customerType: select(CUSTOMER_TYPES, {
      label: 'Customer type',
      settable: 'always',
      default: 'wholesale',
      optionLabel: customerTypeLabel,
    }),
    other: select(BOARD_TYPES, {
      label: 'Board type',
      settable: 'always',
      default: 'none',
      optionLabel: boardTypeLabel,
      optionWords: boardTypeWords,
    }),
    trollies: text({ label: 'Trolleys', settable: 'always', max: 100, default: '' }),
    orderInfo: text({ label: 'Additional Info', settable: 'always', max: 5000, lines: 'multi-line', default: '' }),
    fromYear: number({ label: 'From year', settable: 'always', required: true, min: MIN_YEAR, max: MAX_YEAR }),
    fromWeek: number({ label: 'From week', settable: 'always', required: true, min: 1, max: 53 }),
    untilYear: number({ label: 'Until year', settable: 'always', min: 0, max: MAX_YEAR, default: OPEN_ENDED }),
    untilWeek: number({ label: 'Until week', settable: 'always', min: 0, max: 53, default: OPEN_ENDED }),
    everyWeeks: number({ label: 'Every how many weeks', settable: 'always', min: 1, max: MAX_EVERY_WEEKS, default: 1 }),
    active: bool({ label: 'Active', settable: 'always', default: true }),
    created_by: createdBy,
    updated_by: updatedBy,
  },
  indexes: [
    // A customer's standing orders (the Customers screen), and Fill week reads the nursery's all.
    { name: 'standing_orders_customer', on: ['nursery', 'customer'] },
    { name: 'standing_orders_nursery_seq', on: ['nursery', 'seq'] },
  ],
  refine: weeksMakeSense,
  // History of every change, and Deleted instead of gone (docs/decisions/034).
  trail: true,
});

/** A customer's repeating order (collection `standing_orders`, docs/decisions/039). */
export type StandingOrderRecord = RecordOf<typeof standingOrders>;
