import type { Static } from '@sinclair/typebox';
import { bodyOf, Given } from '../plugins/route-schemas';

// The linking assistant's bodies (docs/decisions/066); the service refuses wrong values with a sentence on each.

/** One group of orders (their name and postcode as the plan shows them) and the customer chosen for it. */
export const LinkGroupBody = bodyOf(
  { title: Given, postcode: Given, customer: Given },
  'A group of orders and the customer to link them to',
);
export type LinkGroupBody = Static<typeof LinkGroupBody>;

/** The names (each `{ title, postcode }` as the plan shows it) to make customers from. */
export const MakeCustomersBody = bodyOf({ names: Given }, 'The names to make customers from');
export type MakeCustomersBody = Static<typeof MakeCustomersBody>;
