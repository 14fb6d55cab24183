import type { Static } from '@sinclair/typebox';
import { bodyOf, Given, paramsOf } from '../plugins/route-schemas';

export const RunParams = paramsOf('run');

/** "Book trolleys out": the counts of each stop, or none to book them as previewed (readBookingCounts reads them). */
export const BookingBody = bodyOf({ stops: Given }, 'The counts to book of each stop (docs/decisions/038)');
export type BookingBody = Static<typeof BookingBody>;
