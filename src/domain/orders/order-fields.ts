import type { EditableOf } from '../collections/fields';
import type { tasks } from '../collections/tasks';

/**
 * The fields of an order a client fills in (the order form's fields), read from the order's
 * declaration (collections/tasks.ts). `user`, `id`, `created` and `updated` are set by the server.
 */
export type OrderFields = EditableOf<typeof tasks>;

// The years an order may be in. Here rather than in the declaration so that the board's week
// picker can read them without loading the whole declaration.
export const MIN_YEAR = 2000;
export const MAX_YEAR = 2100;
