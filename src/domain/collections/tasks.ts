// Orders (collection `tasks`): the one declaration of an order's fields. Names, kinds and
// defaults are the ones existing data and the original app use.

import { boardTypeLabel, boardTypeWords, customerTypeLabel, dayLabel, statusLabel } from '../orders/format';
import { MAX_YEAR, MIN_YEAR } from '../orders/order-years';
import { BOARD_TYPES } from '../vocabulary/board-type';
import { CUSTOMER_TYPES } from '../vocabulary/customer-type';
import { DAYS } from '../vocabulary/day';
import { ORDER_STATUSES } from '../vocabulary/order-status';
import { has, type FieldError } from '../validation';
import { normalizeLegacyYear, weeksInIsoYear } from '../weeks';
import { defaultsOf, defineCollection, number, relation, select, text, type RefineContext, type RecordOf } from './fields';
import { attachments } from './attachments';
import { createdBy, updatedBy } from './trail-fields';

function weekRangeError(week: number, year: number | undefined): FieldError {
  const max = year === undefined ? 53 : weeksInIsoYear(year);
  return {
    code: week < 1 ? 'validation_min_number_constraint' : 'validation_max_number_constraint',
    message: year === undefined ? `Week must be between 1 and ${max}.` : `Week must be between 1 and ${max} for ${year}.`,
  };
}

/**
 * An order's week must exist in its year: checked against the year sent, else the stored one
 * (unknown when the year sent was itself wrong: then against the longest year, 53 weeks). Moving a
 * week-53 order into a 52-week year would leave it on no board, so that is refused too.
 */
function weekInYear(value: Record<string, unknown>, errors: Record<string, FieldError>, { input, mode, existing }: RefineContext): void {
  const existingYear = typeof existing?.year === 'number' ? normalizeLegacyYear(existing.year) : undefined;
  const yearSent = has(input, 'year');
  const yearForWeek = yearSent ? (value.year as number | undefined) : existingYear;
  const week = value.weekNumber;
  if (typeof week === 'number') {
    const max = yearForWeek === undefined ? 53 : weeksInIsoYear(yearForWeek);
    if (week < 1 || week > max) {
      delete value.weekNumber;
      errors.weekNumber = weekRangeError(week, yearForWeek);
    }
  } else if (
    mode === 'update' &&
    !has(input, 'weekNumber') &&
    typeof value.year === 'number' &&
    typeof existing?.weekNumber === 'number' &&
    existing.weekNumber > weeksInIsoYear(value.year)
  ) {
    errors.weekNumber = weekRangeError(existing.weekNumber, value.year);
  }
}

const MADE_BY_FILL_WEEK = {
  code: 'validation_forbidden',
  message: 'Only Fill week links an order to a standing order; it cannot be set here.',
} as const;

/**
 * Orders. Every member of a nursery sees its orders; who may change them is their role
 * (docs/decisions/036). `user` is the person who created it, `nursery` its nursery, both set by
 * the server. Week and year have no default: the web app fills in the week on
 * screen, the server requires them.
 */
export const tasks = defineCollection({
  name: 'tasks',
  id: 'pbc_tasks_000001',
  noun: 'order',
  fields: {
    title: text({ label: 'Customer name', settable: 'always', required: true, max: 200, default: '', textIndex: true }),
    day: select(DAYS, { label: 'Day', settable: 'always', default: 'monday', optionLabel: dayLabel }),
    postcode: text({ label: 'Postcode', settable: 'always', max: 100, default: '', textIndex: true }),
    orderNumber: text({ label: 'Order number', settable: 'always', max: 100, default: '', textIndex: true }),
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
    // Its range depends on the year (weekInYear).
    weekNumber: number({ label: 'Week number', settable: 'always', required: true }),
    year: number({ label: 'Year', settable: 'always', required: true, min: MIN_YEAR, max: MAX_YEAR, normalize: normalizeLegacyYear }),
    // Order notes may span lines; every other text prints on one line of a sheet.
    orderInfo: text({ label: 'Additional Info', settable: 'always', max: 5000, lines: 'multi-line', default: '', textIndex: true }),
    status: select(ORDER_STATUSES, { label: 'Status', settable: 'always', default: '', optionLabel: statusLabel }),
    trollies: text({ label: 'Trolleys', settable: 'always', max: 100, default: '' }),
    extras: text({ label: 'Extras', settable: 'always', max: 100, default: '' }),
    // The customer it is for, from the nursery's customer book; '' for none (docs/decisions/037).
    customer: relation('customers', { label: 'Customer', settable: 'always', default: '' }),
    // The standing order and ISO week ('2026-W48') Fill week made it from; '' for every other order.
    // Set by the server only; the pair is unique, so a week is never filled twice (docs/decisions/039).
    standingOrder: text({ label: 'Standing order', settable: 'never', default: '', refusal: MADE_BY_FILL_WEEK }),
    standingWeek: text({ label: 'Standing order week', settable: 'never', default: '', refusal: MADE_BY_FILL_WEEK }),
    user: relation('users', { settable: 'always', stamp: 'create', default: '' }),
    created_by: createdBy,
    updated_by: updatedBy,
    // The nursery it belongs to, set by the server from the caller (docs/decisions/036).
    nursery: relation('nurseries', { settable: 'always', stamp: 'create', stampWith: 'nursery', default: '' }),
    // Photos and PDFs (docs/decisions/043).
    attachments,
  },
  // Every list is one nursery's, so the nursery leads each index: one nursery's week costs the
  // same however many other nurseries share the server (docs/decisions/036).
  indexes: [
    // The week board, a pick-sheet day: year and week, oldest first (no sort step).
    { name: 'tasks_week', on: ['nursery', 'year', 'weekNumber', 'created'] },
    // The collect board and the holding list.
    { name: 'tasks_other', on: ['nursery', 'other'] },
    // Every order list is oldest first.
    { name: 'tasks_created', on: ['nursery', 'created'] },
    // A list without a sort is in insertion order (`seq`, PocketBase's default), the nursery's own.
    { name: 'tasks_nursery_seq', on: ['nursery', 'seq'] },
    // A customer's orders (merging two customers, matching orders to customers).
    { name: 'tasks_customer', on: ['nursery', 'customer'] },
    // Whether a nursery's orders changed since a plan read its past runs (docs/decisions/076).
    { name: 'tasks_updated', on: ['nursery', 'updated'] },
    // An order made from a standing order for a week is made once: the database refuses a second.
    { name: 'tasks_standing_week', on: ['standingOrder', 'standingWeek'], unique: true, where: '"standingOrder" <> \'\'' },
  ],
  // Write-only: link the order to the customer of its name, made when there is none (docs/decisions/062).
  bodyOnly: { newCustomer: 'always' },
  refine: weekInYear,
  // History of every change, and Deleted instead of gone (docs/decisions/034).
  trail: true,
});

/** An order (collection `tasks`). */
export type OrderRecord = RecordOf<typeof tasks>;

/** What a new order starts with (docs/product.md#add-order). Week and year have none: the form fills in the week on screen. */
export const ORDER_DEFAULTS = defaultsOf(tasks);
