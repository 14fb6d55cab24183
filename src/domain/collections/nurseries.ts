// Nurseries (collection `nurseries`): the organisations one server hosts. Every record of every
// other collection belongs to one, and nothing crosses from one to another (docs/decisions/036).

import { NURSERY_NAME_MAX_LENGTH } from '../accounts/validate-signup';
import { readWeekHeadings } from '../settings/week-headings-field';
import { defineCollection, json, number, password, text, type RecordOf } from './fields';

/** The default of "Remind after N days" (docs/decisions/077). */
export const REMIND_AFTER_DAYS_DEFAULT = 14;
/** The longest wait before a reminder: a bound that catches a slip. */
export const REMIND_AFTER_DAYS_MAX = 365;

export { NURSERY_NAME_MAX_LENGTH };

/**
 * A nursery and its settings: its name, the route headings every member's board shows (a
 * person's own heading still overrides one for them) and its deletion password. Members see their
 * own nursery only; admins change it.
 */
export const nurseries = defineCollection({
  name: 'nurseries',
  id: 'pbc_nurseries_001',
  noun: "nursery's settings",
  fields: {
    name: text({ label: 'Nursery name', settable: 'always', required: true, max: NURSERY_NAME_MAX_LENGTH, default: '' }),
    /** The route heading of each weekday, as a person's own headings (`monday_heading` …). */
    headings: json(readWeekHeadings, { settable: 'always', default: {}, filter: false }),
    /**
     * The password typed to delete an order or a run, kept as a hash of its lower-case, trimmed
     * text ('' when the nursery has none of its own: then the operator's DELETE_PASSWORD holds).
     */
    deletePassword: password({ label: 'Deletion password', settable: 'update', hidden: true, column: 'deletePasswordHash' }),
    /**
     * The deletion password the server made when the nursery was made (when the operator set no
     * DELETE_PASSWORD), shown to its admins until they choose their own; '' otherwise.
     */
    generatedDeletePassword: text({
      settable: 'never',
      default: '',
      filter: false,
      refusal: { code: 'validation_forbidden', message: 'The generated deletion password is made by the server; set your own instead.' },
    }),
    /**
     * Customers who have held trolleys, shelves or extensions longer than this many days get a
     * balance reminder, one a week at most (docs/decisions/077).
     */
    remindAfterDays: number({
      label: 'Remind after (days)',
      settable: 'always',
      min: 1,
      max: REMIND_AFTER_DAYS_MAX,
      default: REMIND_AFTER_DAYS_DEFAULT,
    }),
  },
  indexes: [],
});

/** A nursery (organisation): every record of every other collection belongs to one. */
export type NurseryRecord = RecordOf<typeof nurseries>;
