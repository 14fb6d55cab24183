import type { EditableOf } from '../collections/fields';
import type { tasks } from '../collections/tasks';

/**
 * The fields of an order a client fills in (the order form's fields), read from the order's
 * declaration (collections/tasks.ts). `user`, `id`, `created` and `updated` are set by the server.
 */
export type OrderFields = EditableOf<typeof tasks>;

export { MAX_YEAR, MIN_YEAR } from './order-years';
