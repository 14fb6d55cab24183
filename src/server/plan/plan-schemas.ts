import { Type, type Static } from '@sinclair/typebox';
import { bodyOf, Given, paramsOf, QueryText } from '../plugins/route-schemas';

// The plan routes' inputs (docs/decisions/076). Values stay loose here: the service reads them
// and answers a wrong one with its own sentence ("Week must be between 1 and 53 for 2026.").

/** The board day, `?year=2026&week=48&day=thursday`. */
export const DayPlanQuerySchema = Type.Object({ year: QueryText, week: QueryText, day: QueryText }, { additionalProperties: true });
export type DayPlanQuerySchema = Static<typeof DayPlanQuerySchema>;

/** The planned runs to create, `{runs: [{id, name, data, vehicleInfo}]}`. */
export const CreateRunsBodySchema = bodyOf({ runs: Given }, 'The planned runs to create');
export type CreateRunsBodySchema = Static<typeof CreateRunsBodySchema>;

export const RoundParams = paramsOf('round');
export const CustomerParams = paramsOf('customer');
