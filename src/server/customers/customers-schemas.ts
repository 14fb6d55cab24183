import type { Static } from '@sinclair/typebox';
import { bodyOf, Given } from '../plugins/route-schemas';

/** The two customers of a merge, by id; the service refuses blank ones with a sentence on each (docs/decisions/037). */
export const MergeBody = bodyOf({ keep: Given, merge: Given }, 'The customer to keep and the duplicate to merge into it');
export type MergeBody = Static<typeof MergeBody>;
