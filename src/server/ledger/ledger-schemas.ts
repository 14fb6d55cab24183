import { Type, type Static } from '@sinclair/typebox';
import type { BalancesAnswer } from '#domain/ledger/booking';
import { answerSchema, bodyOf, Given, paramsOf } from '../plugins/route-schemas';

export const RunParams = paramsOf('run');

/** "Book trolleys out": the counts of each stop, or none to book them as previewed (readBookingCounts reads them). */
export const BookingBody = bodyOf({ stops: Given }, 'The counts to book of each stop (docs/decisions/038)');
export type BookingBody = Static<typeof BookingBody>;

const Counts = { trolleys: Type.Number(), shelves: Type.Number(), extensions: Type.Number() };

/** The nursery's balances, a list as long as its customers who hold something: serialised by its schema. */
export const BalancesSchema = answerSchema<BalancesAnswer>()(
  Type.Object({
    items: Type.Array(
      Type.Object({
        customer: Type.String(),
        name: Type.String(),
        kind: Type.Union([Type.Literal('customer'), Type.Literal('haulier')]),
        ...Counts,
        since: Type.String(),
      }),
    ),
    totals: Type.Object(Counts),
  }),
);
